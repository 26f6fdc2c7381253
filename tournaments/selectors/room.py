"""The arbitre's room: every table of a position with its sheet's state, and the calls."""

from django.db.models import Prefetch

from tournaments.models import Deal, HandledCall, Position, Seat, Tournament
from tournaments.selectors.sheets import call_kind, in_place_order, sheet_data


def position_room_state(*, tournament: Tournament, position: Position) -> dict:
    """Every table of the position with its sheet's state, and the calls, answered or not."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("registration__player"))
    handled = Prefetch("handled_calls", queryset=HandledCall.objects.select_related("handled_by"))
    deals = Prefetch("deals", queryset=Deal.objects.prefetch_related(handled))
    rooms = []
    calls = []
    for table in position.tables.prefetch_related(seats, deals):
        table_seats = in_place_order(table.seats.all())
        table.position = position
        position.tournament = tournament
        # Each sheet as the sheet itself shows it: one place for that reading.
        data = sheet_data(table, table_seats, list(table.deals.all()))
        rooms.append({"table": table, "seats": table_seats, **data})
        for row in data["alerts"]:
            kind = call_kind(row.deal)
            handled = next((c for c in row.deal.handled_calls.all() if c.kind == kind), None)
            calls.append({"table": table, "row": row, "handled": handled})
    # The calls still to answer first, then the answered ones, each in table order.
    calls.sort(key=lambda call: call["handled"] is not None)
    unsigned = [room["table"].number for room in rooms if room["table"].locked_at is None]
    # The tables that played no deal: closed so, their players' position reads « non jouée ».
    unplayed = [room for room in rooms if not room["played_count"]]
    # What comes after closing: only asked once the position is closed.
    next_seated = position.closed_at is not None and (
        tournament.positions.filter(number=position.number + 1, tables__isnull=False).exists()
    )
    return {
        "tournament": tournament,
        "position": position,
        "rooms": rooms,
        "calls": calls,
        "open_calls": sum(1 for call in calls if call["handled"] is None),
        "unsigned": unsigned,
        "unplayed": [room["table"].number for room in unplayed],
        "unplayed_players": sum(len(room["seats"]) for room in unplayed),
        "signed_count": len(rooms) - len(unsigned),
        "is_last": position.number >= tournament.positions_count,
        "next_number": position.number + 1,
        "next_seated": next_seated,
    }
