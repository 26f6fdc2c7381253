"""Who may act on a tournament: its club's arbitres (and superusers), nobody else.

One rule: an account may act on a tournament when it is an arbitre of the tournament's club.
Views check login with ``@login_required`` first; these helpers then answer 404 to anyone
else, so that a stranger cannot even learn that the tournament exists. The club's own rule
is ``clubs.permissions``.
"""

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament


def arbitre_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` may run: those of their clubs; every one for a superuser."""
    tournaments = Tournament.objects.all()
    if not user.is_superuser:
        tournaments = tournaments.filter(club__arbitres__pk=user.pk)
    return tournaments


def runs_tournament(user, tournament: Tournament) -> bool:
    """Whether ``user`` may act on ``tournament``, as ``arbitre_tournaments`` filters them."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or tournament.club.arbitres.filter(pk=user.pk).exists()


def arbitre_tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament ``tournament_id`` if the logged-in user may run it, else ``Http404``."""
    return get_object_or_404(arbitre_tournaments(request.user), pk=tournament_id)
