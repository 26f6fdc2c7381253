"""Reads of a club itself: its arbitres, its members, and whether an arbitre has a club to
choose."""

from django.db.models import QuerySet

from clubs.models import Club, Member, Player


def club_arbitres(club: Club) -> list:
    """The club's arbitres (accounts), by their user name, case aside."""
    return sorted(club.arbitres.all(), key=lambda user: user.get_username().casefold())


def member_count(club: Club) -> int:
    return club.members.count()


def club_member(*, club: Club, player: Player) -> Member | None:
    """The membership of ``player`` in ``club``, or None for a player of its evenings only."""
    return club.members.filter(player=player).first()


def choice_of_clubs(clubs: QuerySet[Club]) -> QuerySet[Club] | None:
    """``clubs`` when there is a choice to make among them (more than one), else None: a new
    tournament asks for its club only of an arbitre of several."""
    return clubs if clubs.count() > 1 else None
