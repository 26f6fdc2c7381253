"""The live streams (fixed URLs, docs « En direct »): a published tournament's events for
everyone, and with the tables' calls for its club's arbitres.

Async views: a stream open for hours holds a coroutine, not a worker or a thread (under
uvicorn). The checks read the database once, then give the connection back before the
stream starts.
"""

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from common.bus import bus
from common.streams import event_stream
from tournaments.live import published_key, topic
from tournaments.permissions import arbitre_tournaments, tournaments_visible_to
from tournaments.selectors.tournaments import published_tournaments, tournament_among

PUBLISHED_SECONDS = 10
UNAVAILABLE = "Le direct est interrompu ; la page se met à jour toute seule en attendant."


def _public(event: dict) -> bool:
    return not event.get("private")


def _everything(_event: dict) -> bool:
    return True


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
        # The stream may stay open for hours: its database connection goes back now (but
        # inside a transaction, which only a test holds around a request).
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
    """/arbitre/tournois/<id>/direct/: the same events and the tables' calls, for the club's
    arbitres only (a 404 for anyone else, as their pages)."""
    user = await request.auser()
    if not user.is_authenticated:
        raise Http404
    return await _stream(request, tournament_id, arbitre_tournaments(user), _everything)
