"""Reads of a club's seasons, as the club's pages list them."""

from clubs.models import Club
from seasons.models import Season


def club_seasons(club: Club) -> list[Season]:
    return list(club.seasons.all())
