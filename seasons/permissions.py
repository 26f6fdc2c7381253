"""Who may change a season: the arbitres of its club (and superusers), nobody else.

Anyone else gets a 404, so that a stranger cannot even learn that the club's pages exist.
"""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club
from seasons.models import Season


def _clubs(request: HttpRequest):
    clubs = Club.objects.all()
    if not request.user.is_superuser:
        clubs = clubs.filter(arbitres=request.user)
    return clubs


def arbitre_club_or_404(request: HttpRequest, club_id: int) -> Club:
    return get_object_or_404(_clubs(request), pk=club_id)


def arbitre_season_or_404(request: HttpRequest, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.filter(club__in=_clubs(request)).select_related("club"), pk=season_id
    )
