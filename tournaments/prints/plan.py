"""A position's seating plan for the wall: table by table, and every player by name."""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import ngettext

from tournaments.choices import PLACES_BY_TABLE_SIZE
from tournaments.models import Position, Seat, Table, Tournament
from tournaments.names import name_key
from tournaments.selectors.sheets import in_place_order


@dataclass(frozen=True)
class PlanTable:
    table: Table
    seats: list[Seat]


@dataclass(frozen=True)
class PlanEntry:
    """A line of the plan by name: the letter it is filed under, and the player's seat."""

    letter: str
    seat: Seat


@dataclass(frozen=True)
class PrintedPlan:
    """A position's seating for the wall: table by table, and every player by name."""

    tournament: Tournament
    position: Position
    tables: list[PlanTable]
    by_player: list[PlanEntry]

    @property
    def row_padding(self) -> range:
        """The empty cells that complete the last row of three tables."""
        return range(-len(self.tables) % 3)


def printed_plan(position: Position) -> PrintedPlan:
    """The seating plan of a seated position; players in French alphabetical order."""
    seats = Prefetch(
        "seats", queryset=Seat.objects.select_related("registration__player", "registration__team")
    )
    tables = []
    for table in position.tables.prefetch_related(seats).order_by("number"):
        table_seats = in_place_order(table.seats.all())
        tables.append(PlanTable(table=table, seats=table_seats))
    by_name = sorted(
        (seat for plan_table in tables for seat in plan_table.seats),
        key=lambda seat: name_key(seat.registration.player),
    )
    by_player = [
        PlanEntry(letter=name_key(seat.registration.player)[0][:1].upper(), seat=seat)
        for seat in by_name
    ]
    return PrintedPlan(
        tournament=position.tournament, position=position, tables=tables, by_player=by_player
    )


# --- Player cards ------------------------------------------------------------------------


def table_sizes_label(plan: PrintedPlan) -> str:
    """« 6 tables de 4, 1 table de 3 »: what the arbitre checks before pinning the plan."""
    counts = {}
    for plan_table in plan.tables:
        counts[len(plan_table.seats)] = counts.get(len(plan_table.seats), 0) + 1
    parts = [
        ngettext("%(count)s table de %(size)s", "%(count)s tables de %(size)s", count)
        % {"count": count, "size": size}
        for size, count in sorted(counts.items(), key=lambda item: -item[0])
        if size in PLACES_BY_TABLE_SIZE
    ]
    return ", ".join(parts)
