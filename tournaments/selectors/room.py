"""The arbitre's room: every table of a position with its sheet's state, and the calls."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, Sum

from common.names import names_short
from scoring.sheet import SeatTotals, SheetTotals
from tournaments.championship import Hall, in_hall
from tournaments.choices import MARQUE_FIELDS, Place
from tournaments.models import Deal, HandledCall, Position, Seat, Table, Tournament
from tournaments.selectors.positions import is_seated
from tournaments.selectors.sheets import ALERT_CONTRACTS, call_kind, call_row, in_place_order

# What the room shows of a seat: its place and its player's name (``deal_words.short_name``).
SEAT_COLUMNS = (
    "place",
    "table_id",
    "registration__player__last_name",
    "registration__player__first_name",
    "registration__number",
)
# What the room shows of a deal that calls the arbitre (``sheets.call_row``, ``call_kind``).
CALL_COLUMNS = (
    "table_id",
    "number",
    "all_pass",
    "taker",
    "partner",
    "contract",
    "bouts",
    "points",
    "chelem",
    "chelem_announced",
)
# What the room shows of a call answered: who answered it, and when.
ANSWER_COLUMNS = (
    "deal_id",
    "kind",
    "handled_at",
    "handled_by__username",
    "handled_by__first_name",
    "handled_by__last_name",
)
# A seat of the table whose bilan is unconfirmed: a locked sheet with one was closed by the
# arbitre (``selectors.sheets.closed_by_arbitre``), not signed by its players.
UNCONFIRMED = Seat.objects.filter(table=OuterRef("pk"), confirmed_at__isnull=True)
# A deal played: its result is in, or everybody passed (``Deal.is_played``).
PLAYED = Q(deals__all_pass=True) | Q(deals__points__isnull=False)


def _sheet_sums() -> dict:
    """What the room shows of each sheet, added up by the database in the tables' query: the
    deals entered and played, and each seat's + and − columns (``scoring.sheet.SeatTotals``).
    The room never reads a deal's row for them, so its cost does not grow with the deals."""
    sums = {"deals_entered": Count("deals"), "deals_played": Count("deals", filter=PLAYED)}
    for place, field in MARQUE_FIELDS.items():
        column = f"deals__{field}"
        sums[f"plus_{place.value}"] = Sum(column, filter=Q(**{f"{column}__gt": 0}), default=0)
        sums[f"minus_{place.value}"] = Sum(column, filter=Q(**{f"{column}__lt": 0}), default=0)
    return sums


def _sheet_state(table: Table, seats: list[RoomSeat], expected: int) -> dict:
    """A table's progress and its sheet's totals, from the sums of ``_sheet_sums`` (no query)."""
    totals = tuple(
        SeatTotals(
            seat=seat.place,
            plus=getattr(table, f"plus_{seat.place}"),
            minus=-getattr(table, f"minus_{seat.place}"),
        )
        for seat in seats
    )
    played = table.deals_played
    return {
        "played_count": played,
        "expected_count": expected,
        "complete": played == expected and table.deals_entered == expected,
        # A deal entered at the bidding, its result to come.
        "waiting": table.deals_entered > played,
        # The database refuses a deal whose marques do not sum to zero (``deal_sums_to_zero``).
        "sheet_totals": SheetTotals(
            seats=totals,
            unbalanced_deals=(),
            bilans_sum=sum(seat_totals.bilan for seat_totals in totals),
        ),
    }


def _calling_deals(position: Position, within: Q) -> dict[int, list[Deal]]:
    """The deals of the position that call the arbitre, by table, in number order, each with
    the call already answered as ``handled`` (None if not): one query, two when there are
    calls."""
    deals = list(
        Deal.objects.filter(table__position=position)
        .filter(within)
        .filter(Q(contract__in=ALERT_CONTRACTS) | Q(chelem_announced=True))
        .only(*CALL_COLUMNS)
        .order_by("number")
    )
    answered = {}
    if deals:
        answers = (
            HandledCall.objects.filter(deal__in=deals)
            .select_related("handled_by")
            .only(*ANSWER_COLUMNS)
        )
        for call in answers:
            answered[call.deal_id, call.kind] = call
    by_table: dict[int, list[Deal]] = {}
    for deal in deals:
        deal.handled = answered.get((deal.pk, call_kind(deal)))
        by_table.setdefault(deal.table_id, []).append(deal)
    return by_table


@dataclass(frozen=True)
class RoomSeat:
    """What the room shows of a seat: its place, its player's names, and their participant
    number, shown when another player of the position has the same short name
    (``homonym``)."""

    place: str
    last_name: str
    first_name: str
    number: int = 0
    homonym: bool = False

    @property
    def short_name(self) -> str:
        """The player as the sheet names them (« Martin C. »)."""
        return names_short(self.last_name, self.first_name)


def _seats(position: Position, within: Q) -> dict[int, list[RoomSeat]]:
    """The position's seats with their players' names, by table, in the order of the places
    (one query). Read as rows, not models: building the seat, the registration and the
    player of every seat took a third of the room's reading at 250 tables."""
    rows = Seat.objects.filter(position=position).filter(within).values_list(*SEAT_COLUMNS)
    rows = rows.order_by()
    rows = list(rows)
    shorts: dict[str, int] = {}
    for _place, _table, last_name, first_name, _number in rows:
        key = names_short(last_name, first_name).casefold()
        shorts[key] = shorts.get(key, 0) + 1
    by_table: dict[int, list[RoomSeat]] = {}
    for place, table_id, last_name, first_name, number in rows:
        homonym = shorts[names_short(last_name, first_name).casefold()] > 1
        seat = RoomSeat(place, last_name, first_name, number, homonym)
        by_table.setdefault(table_id, []).append(seat)
    return {table_id: in_place_order(seats) for table_id, seats in by_table.items()}


def position_room_state(
    *, tournament: Tournament, position: Position, hall: Hall | None = None
) -> dict:
    """Every table of the position with its sheet's state, and the calls, answered or not;
    those of ``hall`` only when given (its room)."""
    tables = (
        position.tables.filter(in_hall(hall))
        .order_by("number")
        .annotate(**_sheet_sums(), unconfirmed=Exists(UNCONFIRMED))
    )
    seats = _seats(position, in_hall(hall, "table__"))
    calling = _calling_deals(position, in_hall(hall, "table__"))
    position.tournament = tournament
    labels = {place.value: str(place.label) for place in Place}
    rooms = []
    calls = []
    for table in tables:
        table_seats = seats.get(table.pk, [])
        table.position = position
        state = _sheet_state(table, table_seats, tournament.deals_per_position)
        # Each seat with its place's name, read once: ``get_place_display`` would translate
        # every place's name again for each seat.
        places = [(labels[seat.place], seat) for seat in table_seats]
        rooms.append({"table": table, "seats": table_seats, "places": places, **state})
        names = {seat.place: seat.short_name for seat in table_seats} if table.pk in calling else {}
        for deal in calling.get(table.pk, []):
            deal.table = table
            calls.append({"table": table, "row": call_row(deal, names), "handled": deal.handled})
    # The calls still to answer first, then the answered ones, each in table order. Once the
    # position is closed nothing is left to answer: a call never answered says so, and the
    # room no longer counts it as waiting.
    closed = position.closed_at is not None
    for call in calls:
        call["closed"] = closed
    calls.sort(key=lambda call: call["handled"] is not None)
    unsigned = [room["table"].number for room in rooms if room["table"].locked_at is None]
    # The tables that played no deal: closed so, their players' position reads « non jouée ».
    unplayed = [room for room in rooms if not room["played_count"]]
    # What comes after closing: only asked once the position is closed.
    next_seated = position.closed_at is not None and is_seated(
        tournament=tournament, number=position.number + 1
    )
    return {
        "tournament": tournament,
        "position": position,
        "hall": hall,
        "rooms": rooms,
        "calls": calls,
        "open_calls": 0 if closed else sum(1 for call in calls if call["handled"] is None),
        "unsigned": unsigned,
        "unplayed": [room["table"].number for room in unplayed],
        "unplayed_players": sum(len(room["seats"]) for room in unplayed),
        "signed_count": len(rooms) - len(unsigned),
        "is_last": position.number >= tournament.positions_count,
        "next_number": position.number + 1,
        "next_seated": next_seated,
    }
