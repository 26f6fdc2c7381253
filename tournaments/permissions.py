"""Who may act on a tournament: its club's arbitres (and superusers), nobody else.

One rule: an account may act on a tournament when it is an arbitre of the tournament's club
(``clubs.permissions.arbitre_clubs``, which every check here composes). Views check login
with ``@login_required`` first; these helpers then answer 404 to anyone else, so that a
stranger cannot even learn that the tournament exists. Anyone may read a published
tournament (``visible_tournaments``).
"""

from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.permissions import arbitre_clubs, is_club_arbitre
from tournaments.models import Tournament


def arbitre_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` may run: those of their clubs; every one for a superuser."""
    return Tournament.objects.filter(club__in=arbitre_clubs(user))


def runs_tournament(user, tournament: Tournament) -> bool:
    """Whether ``user`` may act on ``tournament``, as ``arbitre_tournaments`` filters them."""
    return is_club_arbitre(user, tournament.club_id)


def visible_tournaments(request: HttpRequest) -> QuerySet[Tournament]:
    """Published tournaments, and those of the arbitre's clubs whether published or not."""
    return tournaments_visible_to(request.user)


def tournaments_visible_to(user) -> QuerySet[Tournament]:
    """``visible_tournaments`` for ``user`` (an async view has the user, not the request's)."""
    if user.is_authenticated:
        theirs = arbitre_tournaments(user).values("pk")
        return Tournament.objects.filter(Q(published=True) | Q(pk__in=theirs))
    return Tournament.objects.filter(published=True)


def arbitre_tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament ``tournament_id`` if the logged-in user may run it, else ``Http404``."""
    return get_object_or_404(arbitre_tournaments(request.user), pk=tournament_id)
