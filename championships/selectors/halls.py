"""Reads about a tournament's halls: which hall holds a table, and the filter of a hall's
tables that the room, the projector and the prints share."""

from collections.abc import Sequence

from django.db.models import Count, Q

from championships.models import Hall, TournamentRole
from tournaments.models import Tournament


def tournament_halls(tournament: Tournament) -> list[Hall]:
    return list(tournament.halls.order_by("first_table"))


def in_hall(hall: Hall | None, prefix: str = "") -> Q:
    """The tables of ``hall`` (every table when None), as a filter on ``<prefix>number``."""
    if hall is None:
        return Q()
    return Q(**{f"{prefix}number__gte": hall.first_table, f"{prefix}number__lte": hall.last_table})


def hall_of(halls: Sequence[Hall], table_number: int) -> Hall | None:
    """The hall whose range holds table ``table_number``, if any."""
    return next((hall for hall in halls if hall.holds(table_number)), None)


def tournament_team(tournament: Tournament) -> list[TournamentRole]:
    """The roles given in ``tournament``, with their accounts and halls."""
    return list(tournament.roles.select_related("user", "hall").order_by("role", "user__username"))


def roles_of(user) -> list[dict]:
    """The roles ``user`` holds, each with the position its room would show: the first seated
    and not closed, else the last seated (None before the first seating); a pointeur's with
    the check-in's count, how many registered and how many present."""
    held = []
    for role in TournamentRole.objects.filter(user_id=user.pk).select_related("tournament", "hall"):
        seated = (
            role.tournament.positions.filter(tables__isnull=False).distinct().order_by("number")
        )
        current = seated.filter(closed_at__isnull=True).first() or seated.last()
        line = {"role": role, "position": current.number if current else None}
        if role.role == TournamentRole.Kind.POINTEUR:
            line |= role.tournament.registrations.aggregate(
                registered=Count("pk"),
                present=Count("pk", filter=Q(checked_in=True, withdrawn_from__isnull=True)),
            )
        held.append(line)
    return held
