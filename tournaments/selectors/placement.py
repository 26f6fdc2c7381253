"""Reads of the placement page: a position's plan, its quality and what changing it does."""

from django.utils.translation import gettext as _

from common.names import name_key
from seating import SeatingReport
from tournaments.models import Position, Tournament


def swappable_seats(*, position: Position):
    """The position's seats, by player name: the choices of the swap form."""
    return position.seats.select_related("registration__player", "table").order_by(
        "registration__player__last_name", "registration__player__first_name"
    )


def registration_players(*, tournament: Tournament) -> dict:
    """Each registration's player, by the registration's key: the names of a seating report."""
    return {r.pk: r.player for r in tournament.registrations.select_related("player")}


def seated_ahead(number: int, last_seated: int) -> str:
    """What generating position ``number`` again does to the positions seated after it."""
    if last_seated <= number:
        return ""
    if last_seated == number + 1:
        return _("La position %(next)s, déjà placée, sera placée de nouveau en même temps.") % {
            "next": last_seated
        }
    return _(
        "Les positions %(positions)s, déjà placées, seront placées de nouveau en même temps."
    ) % {"positions": positions_span(number + 1, last_seated)}


def positions_span(first: int, last: int) -> str:
    """« 2 et 3 », « 2 à 4 »: positions from ``first`` to ``last``."""
    joined = _("%(first)s et %(last)s") if last == first + 1 else _("%(first)s à %(last)s")
    return joined % {"first": first, "last": last}


def odd_table_turns(report: SeatingReport, names: dict) -> list[tuple[int, list]]:
    """Who sat at a table of 3 or 5 how often, most often first, names in French order."""
    by_count: dict[int, list] = {}
    for registration_id, count in report.odd_tables.items():
        by_count.setdefault(count, []).append(names[registration_id])
    if set(by_count) <= {0}:
        return []
    return [
        (count, sorted(by_count[count], key=name_key)) for count in sorted(by_count, reverse=True)
    ]
