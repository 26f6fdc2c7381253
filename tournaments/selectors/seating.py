"""Reads about seating: tables a number of players gives, a position's plan, its quality report
and how it differs from who is present now."""

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from django.utils.translation import gettext as _

from common.names import (
    by_name,
    name_key,
)
from seating import (
    SeatingError,
    SeatingReport,
    seating_report,
    table_sizes,
)
from tournaments.choices import PLACES_BY_TABLE_SIZE
from tournaments.models import Position, Registration, Seat, Table, Tournament
from tournaments.selectors.registrations import position_participants


@dataclass(frozen=True)
class TableCount:
    """What a number of present players gives: the tables of 4, 3 and 5 of one position."""

    players: int
    fours: int
    threes: int
    fives: int
    error: str = ""


def count_tables(*, player_count: int, allow_five: bool) -> TableCount:
    """How ``player_count`` players sit, by the generator's own rule (``table_sizes``)."""
    try:
        sizes = table_sizes(player_count=player_count, allow_five=allow_five)
    except SeatingError as error:
        return TableCount(player_count, 0, 0, 0, error=str(error))
    return TableCount(player_count, sizes.count(4), sizes.count(3), sizes.count(5))


def seating_of(position: Position) -> list[list[int]]:
    """A seated position as the generator sees it: registration ids by table, in seat order."""
    tables: dict[int, list[tuple[int, int]]] = {}
    order = {place: index for index, place in enumerate(PLACES_BY_TABLE_SIZE[5])}
    for seat in Seat.objects.filter(position=position).select_related("table"):
        tables.setdefault(seat.table.number, []).append((order[seat.place], seat.registration_id))
    return [[reg for _, reg in sorted(seats)] for _, seats in sorted(tables.items())]


def seating_history(tournament: Tournament, before: int) -> list[list[list[int]]]:
    positions = tournament.positions.filter(number__lt=before).order_by("number")
    return [seating_of(position) for position in positions]


def teams_of(registrations: Sequence[Registration]) -> dict[int, int]:
    return {r.pk: r.team_id for r in registrations if r.team_id is not None}


def position_report(*, position: Position) -> SeatingReport:
    """The quality of a position's seating, with every earlier position counted in.

    Odd tables are counted for the players seated at this position only: those who left
    before it no longer need their turn at a table of 3 or 5.
    """
    tournament = position.tournament
    registrations = list(tournament.registrations.all())
    seating = seating_of(position)
    return seating_report(
        [seating],
        teams=teams_of(registrations),
        history=seating_history(tournament, position.number),
        players=[player for table in seating for player in table],
    )


@dataclass(frozen=True)
class SeatingChanges:
    """How a seated position differs from who plays it now (arrivals and withdrawals since).

    ``gone`` holds the players seated who withdrew or were pointed absent, ``missing`` the
    players who play the position without a seat; both in alphabetical order.
    """

    gone: list[Registration]
    missing: list[Registration]

    @property
    def stale(self) -> bool:
        return bool(self.gone or self.missing)

    @property
    def message(self) -> str:
        """Why the seating can no longer be published, naming everyone, in French."""
        parts = [_("Ce placement ne correspond plus aux joueurs présents.")]
        if self.gone:
            parts.append(
                _("Retrait ou absence, mais une place au plan : %(names)s.")
                % {"names": _names(self.gone)}
            )
        if self.missing:
            parts.append(
                _("Présence pointée, mais pas de place : %(names)s.")
                % {"names": _names(self.missing)}
            )
        parts.append(_("Générez de nouveau le placement avant de le publier."))
        return " ".join(parts)


def _names(registrations: Sequence[Registration]) -> str:
    return ", ".join(str(registration.player) for registration in registrations)


def seating_changes(*, position: Position) -> SeatingChanges:
    """Who is seated at ``position`` but no longer plays it, and who plays it without a seat."""
    participants = position_participants(tournament=position.tournament, number=position.number)
    playing = {registration.pk for registration in participants}
    seated = list(
        Registration.objects.filter(seats__position=position).select_related("player", "team")
    )
    seated_ids = {registration.pk for registration in seated}
    return SeatingChanges(
        gone=sorted(
            (registration for registration in seated if registration.pk not in playing),
            key=lambda registration: name_key(registration.player),
        ),
        missing=sorted(
            (registration for registration in participants if registration.pk not in seated_ids),
            key=lambda registration: name_key(registration.player),
        ),
    )


@dataclass(frozen=True)
class SeatingPlan:
    """A seated position as people read it: table by table, and every seat by player name."""

    position: Position
    tables: list[tuple[Table, list[Seat]]]

    @property
    def seats(self) -> list[Seat]:
        return [seat for _table, seats in self.tables for seat in seats]

    @property
    def by_name(self) -> list[Seat]:
        return by_name(self.seats, player=attrgetter("registration.player"))


def seating_plan(*, position: Position) -> SeatingPlan:
    """The position's tables and seats in one query, the seats joined to their tables: read
    in two, a re-seating between them gave seats of tables never read. A table is seated as
    it is created, never without its seats."""
    order = {place: index for index, place in enumerate(PLACES_BY_TABLE_SIZE[5])}
    tables: dict[int, Table] = {}
    seats: dict[int, list[Seat]] = {}
    for seat in position.seats.select_related(
        "table", "registration__player", "registration__team"
    ):
        seat.table = tables.setdefault(seat.table_id, seat.table)
        seats.setdefault(seat.table_id, []).append(seat)
    return SeatingPlan(
        position=position,
        tables=[
            (table, sorted(seats[table.pk], key=lambda seat: order[seat.place]))
            for table in sorted(tables.values(), key=lambda table: table.number)
        ],
    )


def published_seatings(*, tournament: Tournament) -> list[SeatingPlan]:
    """Each published seating of the tournament, the latest first: the one the players look
    for on the day."""
    published = tournament.positions.filter(seating_published_at__isnull=False)
    return [seating_plan(position=position) for position in published.order_by("-number")]
