"""The live streams (fixed URLs, docs « En direct »): a published tournament's events for
everyone; on the arbitres' URL, with the tables' calls and the check-in for its club's
arbitres, and what their pages show for the accounts given a role (an arbitre de salle:
their hall's tables, and what concerns the whole position; a pointeur: the check-in).

Async views: a stream open for hours holds a coroutine, not a worker or a thread (under
uvicorn). The checks read the database once, then give the connection back before the
stream starts.
"""

from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from championships.models import TournamentRole
from common.bus import bus
from common.streams import event_stream
from notifications.live import published_key, topic
from tournaments.permissions import arbitre_tournaments, role_held, tournaments_visible_to
from tournaments.selectors.tournaments import published_tournaments, tournament_among

PUBLISHED_SECONDS = 10
UNAVAILABLE = "Le direct est interrompu ; la page se met à jour toute seule en attendant."


def _public(event: dict) -> bool:
    return not event.get("private")


def _everything(_event: dict) -> bool:
    return True


def _checkin(event: dict) -> bool:
    return bool(event.get("checkin"))


@dataclass(frozen=True)
class _Hall:
    """An arbitre de salle's filter: their hall's tables' events (calls included), and those
    of no table (a position closed, a seating published, a penalty); not the check-in. Equal
    for every stream of a hall, so that they share each batch's frames (``common.streams``)."""

    first_table: int
    last_table: int

    def __call__(self, event: dict) -> bool:
        if event.get("checkin"):
            return False
        table = event.get("table")
        return table is None or self.first_table <= table <= self.last_table


def _arbitre_filter(user, tournament_id: int):
    """What the arbitres' stream lets through for ``user``: everything for the club's
    arbitres, their pages' events for a role; None for anyone else."""
    try:
        if tournament_among(arbitre_tournaments(user), tournament_id):
            return _everything
        role = role_held(user, tournament_id)
    finally:
        _close_connections()
    if role is None:
        return None
    if role.role == TournamentRole.Kind.POINTEUR:
        return _checkin
    if role.hall is None:
        return None
    return _Hall(role.hall.first_table, role.hall.last_table)


def _published(tournament_id: int) -> bool:
    """Whether the tournament is published, as the cache says it was in the last seconds: a
    room of 2,000 phones coming back at once asks the database once, not 2,000 times. (A
    tournament hidden meanwhile ends its streams' pages by its own event.)"""
    key = published_key(tournament_id)
    published = cache.get(key)
    if published is None:
        published = _found(published_tournaments(), tournament_id)
        cache.set(key, published, PUBLISHED_SECONDS)
    return published


def _found(tournaments, tournament_id: int) -> bool:
    try:
        return tournament_among(tournaments, tournament_id)
    finally:
        _close_connections()


def _close_connections() -> None:
    # The stream may stay open for hours: its database connection goes back now (but inside
    # a transaction, which only a test holds around a request).
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


async def _stream(request: HttpRequest, tournament_id: int, tournaments, keep) -> HttpResponse:
    if tournaments is None:
        found = await sync_to_async(_published)(tournament_id)
    else:
        found = await sync_to_async(_found)(tournaments, tournament_id)
    if not found:
        raise Http404
    return await _open(request, tournament_id, keep)


async def _open(request: HttpRequest, tournament_id: int, keep) -> HttpResponse:
    if not await sync_to_async(bus().up, thread_sensitive=False)():
        return HttpResponse(UNAVAILABLE, status=503, content_type="text/plain; charset=utf-8")
    return event_stream(request, topic(tournament_id), keep)


@require_GET
async def public_stream(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """/tournois/<id>/direct/: what every public page of the tournament follows; a 404 while
    it is not published (but to its club's arbitres), like its pages."""
    user = await request.auser()
    # Anyone: a published tournament; its club's arbitres: theirs too, published or not.
    tournaments = tournaments_visible_to(user) if user.is_authenticated else None
    return await _stream(request, tournament_id, tournaments, _public)


@require_GET
async def arbitre_stream(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """/arbitre/tournois/<id>/direct/: the same events with the tables' calls and the
    check-in for the club's arbitres; for an account given a role in the tournament, what its
    pages show, with the same ids; a 404 for anyone else, as their pages."""
    user = await request.auser()
    if not user.is_authenticated:
        raise Http404
    keep = await sync_to_async(_arbitre_filter)(user, tournament_id)
    if keep is None:
        raise Http404
    return await _open(request, tournament_id, keep)
