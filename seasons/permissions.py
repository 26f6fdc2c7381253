"""Who may change a season: the arbitres of its club (and superusers), nobody else.

Anyone else gets a 404, so that a stranger cannot even learn that the season's pages exist.
The club's own rule (``clubs.permissions.arbitre_clubs``) decides.
"""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.permissions import arbitre_clubs, is_club_arbitre
from seasons.models import Season


def arbitre_season_or_404(request: HttpRequest, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.filter(club__in=arbitre_clubs(request.user)).select_related("club"),
        pk=season_id,
    )


def runs_season(user, season: Season) -> bool:
    """Whether ``user`` is an arbitre of the season's club (the page then offers to change it)."""
    return is_club_arbitre(user, season.club_id)
