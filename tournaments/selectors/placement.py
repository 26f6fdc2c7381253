"""Reads of the placement page: a position's plan, its quality and what changing it does."""

from django.utils.translation import gettext as _

from seating import SeatingReport
from tournaments.models import Position, Tournament
from tournaments.names import name_key
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
    position_participants,
)
from tournaments.selectors.seating import (
    count_tables,
    position_report,
    seating_changes,
    seating_plan,
)


def swappable_seats(*, position: Position):
    """The position's seats, by player name: the choices of the swap form."""
    return position.seats.select_related("registration__player", "table").order_by(
        "registration__player__last_name", "registration__player__first_name"
    )


def placement_page(*, tournament: Tournament, number: int, selected_seat: str = "") -> dict:
    """Position ``number``'s placement: who is to be seated and in how many tables, then, once
    seated, its plan, its quality report, how it differs from who is present now, and what
    generating it again would do. ``selected_seat``: the seat tapped first, to swap."""
    position = tournament.positions.filter(number=number).first()
    seated = position is not None and position.tables.exists()
    participants = position_participants(tournament=tournament, number=number)
    context = {
        "tournament": tournament,
        "number": number,
        "numbers": range(1, tournament.positions_count + 1),
        "position": position,
        "participants": participants,
        "tables_count": count_tables(
            player_count=len(participants), allow_five=tournament.allow_five
        ),
        "last_seated": last_seated_position_number(tournament=tournament),
    }
    if seated:
        plan = seating_plan(position=position)
        report = position_report(position=position)
        names = {r.pk: r.player for r in tournament.registrations.select_related("player")}
        selected = next((seat for seat in plan.seats if str(seat.pk) == selected_seat), None)
        played = position.tables.filter(deals__isnull=False).exists()
        last_played = last_played_position_number(tournament=tournament)
        context.update(
            selected=selected,
            repeated_pairs=[
                (names[meeting.players[0]], names[meeting.players[1]], meeting.times)
                for meeting in report.repeated_pairs
            ],
            team_clashes=[
                (names[meeting.players[0]], names[meeting.players[1]])
                for meeting in report.team_clashes
            ],
            odd_tables=odd_table_turns(report, names),
            plan=plan,
            report=report,
            played=played,
            changes=seating_changes(position=position),
            can_regenerate=not played and last_played < number,
            seated_ahead=seated_ahead(number, context["last_seated"]),
        )
    return context


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
