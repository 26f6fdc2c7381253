"""Who may change a tournament: its arbitre (and superusers), nobody else.

Views check login with ``@login_required`` first; this helper then answers 404 to anyone who
does not own the tournament, so that a stranger cannot even learn that it exists.
"""

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament


def arbitre_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs; every tournament for a superuser."""
    tournaments = Tournament.objects.all()
    if not user.is_superuser:
        tournaments = tournaments.filter(arbitre_id=user.pk)
    return tournaments


def runs_tournament(user, tournament: Tournament) -> bool:
    """Whether ``user`` runs ``tournament``, as ``arbitre_tournaments`` filters them."""
    return user.is_authenticated and (tournament.arbitre_id == user.pk or user.is_superuser)


def arbitre_tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament ``tournament_id`` if the logged-in user runs it, else ``Http404``."""
    return get_object_or_404(arbitre_tournaments(request.user), pk=tournament_id)
