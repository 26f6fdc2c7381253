"""Reads of a feuille de marque: its seats in the order of the places, each deal's row (what
was bid and made, the primes and their terms, the marques, why the arbitre is called), the
totals and checks; the reasons of a marque being typed; the sheet's history.

Computed from the rows the view loaded (no query) unless a function says otherwise, so that
the sheet, the arbitre's room and the live marques say the same thing in the same words.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from operator import attrgetter

from django.db.models import Q
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.names import by_name
from scoring.sheet import sheet_totals
from tournaments.championship import Hall, hall_holding, hall_of, tournament_halls
from tournaments.choices import (
    DEAL_RESULT_FIELDS,
    Contract,
    seat_order,
)
from tournaments.deal_scoring import DealResult, preview_result, stored_seats
from tournaments.deal_words import (
    marque_explanation,
    prime_words,
    result_words,
    seat_names,
)
from tournaments.models import Deal, HandledCall, Position, Seat, SheetEvent, Table
from tournaments.selectors.journal import value_words

CONTRACT_VALUES = set(Contract.values)
ALERT_CONTRACTS = {Contract.GARDE_SANS, Contract.GARDE_CONTRE}


def in_place_order(seats: Iterable[Seat]) -> list[Seat]:
    """The seats as the sheet lists them: North, East, South, West (and the fifth)."""
    return sorted(seats, key=lambda seat: seat_order(seat.place))


def table_seats(table: Table) -> list[Seat]:
    """The table's seats with their players, in the order of the places (one query)."""
    # Sorted here: the Meta.ordering (table, then its position...) would join three tables.
    return in_place_order(table.seats.select_related("registration__player").order_by())


def seats_with_table(table_id: int) -> list[Seat]:
    """``table_seats`` of table ``table_id`` with the table, its position and tournament joined
    to them, in one query (a table is seated as it is created): the deal's save. Empty for a
    table that does not exist."""
    return in_place_order(
        Seat.objects.select_related("table__position__tournament", "registration__player")
        .filter(table_id=table_id)
        .order_by()
    )


def seat_count(table: Table) -> int:
    return table.seats.count()


def table_deals(table: Table) -> list[Deal]:
    """The sheet's deals, in their order."""
    return list(table.deals.all())


# --- The sheet ---------------------------------------------------------------------------


@dataclass
class DealRow:
    deal: Deal
    summary: str  # the contract, the taker and the result
    call_detail: str  # the summary after its alert in the room, without the contract it names
    primes: list[str]
    cells: list
    is_last: bool
    alert: str


def _deal_play(deal: Deal, names: dict[str, str]) -> str:
    """Who took (and with whom) and the result, or that it is still to come."""
    if deal.all_pass:
        return _("Tous passent")
    text = names.get(deal.taker, deal.taker)
    if deal.partner:
        text += " + " + names.get(deal.partner, deal.partner)
    return f"{text} · {result_words(deal)}"


def _contract_name(deal: Deal) -> str:
    """The contract's name; ``get_contract_display`` would translate every contract's name to
    find it, which the room pays for each of its calls."""
    if deal.contract in CONTRACT_VALUES:
        return str(Contract(deal.contract).label)
    return deal.get_contract_display()


def _deal_summary(deal: Deal, play: str) -> str:
    return play if deal.all_pass else f"{_contract_name(deal)} — {play}"


def _deal_primes(table: Table, deal: Deal, names: dict[str, str]) -> list[str]:
    """What the marque holds besides the contract, so that the players can check it before
    they sign: the mort, the petit au bout (which camp), each poignée (which size, whose) and
    the chelem, each with its term of the marque, in the words of the live marques and of the
    printed sheet."""
    if deal.all_pass or deal.points is None:
        return []
    seats = stored_seats(table, deal, list(names))
    mort = (
        [_("mort : %(who)s") % {"who": names.get(deal.sitting_out, "")}] if deal.sitting_out else []
    )
    return mort + prime_words(deal, names, seats and seats.marque, seats)


def _alert(deal: Deal) -> str:
    """Why the arbitre must be called for this deal (FFT): garde sans, garde contre, or an
    announced chelem; empty for any other deal."""
    reasons = []
    if deal.contract in ALERT_CONTRACTS:
        reasons.append(_contract_name(deal))
    if deal.chelem_announced:
        reasons.append(_("chelem annoncé"))
    return ", ".join(reasons).capitalize()


def call_kind(deal: Deal) -> str:
    """What the deal calls the arbitre for, as a short code (empty: no call).

    A deal corrected into another call (a garde becoming a garde sans, a chelem announced
    afterwards) has another kind: it is a new call, to be answered again.
    """
    kinds = []
    if deal.contract in ALERT_CONTRACTS:
        kinds.append(str(deal.contract))
    if deal.chelem_announced:
        kinds.append("chelem")
    return "+".join(kinds)


@dataclass(frozen=True)
class UnansweredCall:
    """A table's call the arbitre has not answered yet (« pris en compte »)."""

    table: int
    deal: int
    alert: str  # what it called for: « Garde sans », « Chelem annoncé »

    def __str__(self) -> str:
        return _("table %(table)s, donne %(deal)s (%(alert)s)") % {
            "table": self.table,
            "deal": self.deal,
            "alert": self.alert.lower(),
        }


def unanswered_calls(position: Position) -> list[UnansweredCall]:
    """The calls of ``position``'s tables still unanswered, by table then deal (two queries).
    A call answered before its deal changed into another call is unanswered again."""
    deals = list(
        Deal.objects.filter(table__position=position)
        .filter(Q(contract__in=ALERT_CONTRACTS) | Q(chelem_announced=True))
        .select_related("table")
        .order_by("table__number", "number")
    )
    answered = (
        set(HandledCall.objects.filter(deal__in=deals).values_list("deal_id", "kind"))
        if deals
        else set()
    )
    return [
        UnansweredCall(table=deal.table.number, deal=deal.number, alert=_alert(deal))
        for deal in deals
        if (deal.pk, call_kind(deal)) not in answered
    ]


def _call_detail(deal: Deal, play: str, summary: str) -> str:
    return play if deal.contract in ALERT_CONTRACTS else summary


@dataclass
class CallRow:
    """A deal that calls the arbitre, as the room lists it."""

    deal: Deal
    call_detail: str  # the deal's summary, without the contract its alert names
    alert: str


def call_row(deal: Deal, names: dict[str, str]) -> CallRow:
    """A deal that calls the arbitre, in the words of its sheet's row (no query)."""
    play = _deal_play(deal, names)
    return CallRow(
        deal=deal,
        call_detail=_call_detail(deal, play, _deal_summary(deal, play)),
        alert=_alert(deal),
    )


def sheet_data(table: Table, seats: list[Seat], deals: list[Deal]) -> dict:
    """Rows, totals and checks of one sheet, from its seats and deals (no query)."""
    places = [seat.place for seat in seats]
    names = seat_names(seats)
    last_number = max((deal.number for deal in deals), default=None)
    rows = []
    for deal in deals:
        play = _deal_play(deal, names)
        summary = _deal_summary(deal, play)
        rows.append(
            DealRow(
                deal=deal,
                summary=summary,
                call_detail=_call_detail(deal, play, summary),
                primes=_deal_primes(table, deal, names),
                cells=[deal.marque(place) for place in places],
                is_last=deal.number == last_number,
                alert=_alert(deal),
            )
        )
    totals = sheet_totals(places, {deal.number: deal.marques() for deal in deals})
    expected = table.position.tournament.deals_per_position
    played = sum(1 for deal in deals if deal.is_played)
    seat_totals = [totals.by_seat[place] for place in places]
    return {
        "columns": [(seat, names[seat.place]) for seat in seats],
        "rows": rows,
        "totals": seat_totals,
        "signers": list(zip(seats, seat_totals, strict=True)),
        "sheet_totals": totals,
        "played_count": played,
        "expected_count": expected,
        "complete": played == expected and len(deals) == expected,
        "waiting": next((deal for deal in deals if not deal.is_played), None),
        "alerts": [row for row in rows if row.alert],
    }


def next_seats(table: Table, seats: list[Seat]) -> list[tuple[Seat, Hall | None]]:
    """Once the sheet is signed, where each of its players sits at the next position, if
    that seating is published, with the hall of their next table in a tournament with halls
    (the table's phone tells them before they stand up; two queries)."""
    following = by_name(
        Seat.objects.filter(
            position__tournament_id=table.position.tournament_id,
            position__number=table.position.number + 1,
            position__seating_published_at__isnull=False,
            registration_id__in=[seat.registration_id for seat in seats],
        ).select_related("table", "position", "registration__player"),
        player=attrgetter("registration.player"),
    )
    halls = tournament_halls(table.position.tournament) if following else []
    return [(seat, hall_of(halls, seat.table.number)) for seat in following]


def table_hall(table: Table) -> Hall | None:
    """The hall that holds ``table``, if its tournament has halls."""
    return hall_holding(tournament_id=table.position.tournament_id, table_number=table.number)


def closed_by_arbitre(table: Table, seats: Iterable[Seat]) -> bool:
    """Whether the arbitre closed ``table``'s sheet rather than its players signing it: it is
    locked while a bilan is unconfirmed (the players' last confirmation is what signs)."""
    return table.locked_at is not None and any(seat.confirmed_at is None for seat in seats)


def locked_message(table: Table, seats: list[Seat]) -> str:
    """What a locked sheet says of itself: signed by its players (``signed_message``), or
    closed by the arbitre, when and why (one query, for the reason)."""
    if not closed_by_arbitre(table, seats):
        return signed_message(table, len(seats))
    closing = table.events.filter(kind=SheetEvent.Kind.CLOSED).order_by("-at", "-pk").first()
    time = localtime(table.locked_at).strftime("%H:%M")
    if closing is None or not closing.reason:
        return _("Feuille close par l'arbitre à %(time)s.") % {"time": time}
    return _("Feuille close par l'arbitre à %(time)s. Motif : %(reason)s") % {
        "time": time,
        "reason": closing.reason,
    }


def signed_message(table: Table, count: int) -> str:
    """« Feuille signée à 23:41 par les 4 joueurs. », in the tournament's time (TIME_ZONE)."""
    return ngettext(
        "Feuille signée à %(time)s par le joueur.",
        "Feuille signée à %(time)s par les %(count)s joueurs.",
        count,
    ) % {"time": localtime(table.locked_at).strftime("%H:%M"), "count": count}


# --- The live marques --------------------------------------------------------------------


def live_marques(
    table: Table, seats: list[Seat], result: DealResult, *, defense_points: Decimal | None = None
) -> dict:
    """What the live marques show of a deal being typed: each seat's marque and its reasons,
    or only that the bidding is noted when the deal is not played yet. Raises what saving it
    would raise (``InvalidDeal``, ``Refused``); no query."""
    if not result.is_played:
        return {"bid_only": True}
    preview = preview_result(table=table, places=[seat.place for seat in seats], result=result)
    return {
        "preview": preview,
        "preview_rows": [(seat, preview.marques.get(seat.place)) for seat in seats],
        "explanation": marque_explanation(
            preview.marque,
            result,
            names=seat_names(seats),
            defense_points=defense_points,
            seat_marques=preview.seats,
        ),
    }


# --- History -----------------------------------------------------------------------------

# Every field of a deal's result, as the history shows its changes (the journal reads the same).
HISTORY_FIELDS = DEAL_RESULT_FIELDS


@dataclass
class HistoryEntry:
    when: object
    title: str
    who: str
    changes: list
    kind: str  # a CSS class: the deal's history type (+, ~, -) or the sheet event's kind
    reason: str = ""
    note: str = ""


def _shown(record, field: str) -> str:
    # In the journal's words, so a deal's history and the journal read the same values alike.
    return value_words(getattr(record, field), Deal._meta.get_field(field), key=field)


def _history_entries(records) -> list[HistoryEntry]:
    """Each change with what it changed (before → after), oldest first; computed in memory."""
    actions = {"+": _("Saisie"), "~": _("Modification"), "-": _("Suppression")}
    previous = {}
    entries = []
    for record in records:
        before = previous.get(record.id)
        changes = []
        for field in HISTORY_FIELDS:
            after_value = _shown(record, field)
            before_value = _shown(before, field) if before is not None else "—"
            if record.history_type == "-":
                continue
            if before is None and field == "all_pass" and not record.all_pass:
                continue
            if after_value != before_value:
                label = str(Deal._meta.get_field(field).verbose_name)
                changes.append((label, before_value, after_value))
        who = record.history_change_reason or (
            record.history_user.get_username() if record.history_user else "—"
        )
        title = _("Donne %(number)s — %(action)s") % {
            "number": record.number,
            "action": actions[record.history_type],
        }
        entries.append(
            HistoryEntry(record.history_date, title, who, changes, kind=record.history_type)
        )
        previous[record.id] = record
    return entries


def _event_entry(event: SheetEvent, names: dict[str, str]) -> HistoryEntry:
    """A confirmation, signature, closing by the arbitre, reopening or correction after
    signature, in words."""
    players = ", ".join(names.get(place, place) for place in event.places)
    title = event.get_kind_display()
    note = ""
    if event.kind == SheetEvent.Kind.CONFIRMED:
        title = _("Bilan confirmé : %(who)s") % {"who": players}
    elif event.kind == SheetEvent.Kind.CORRECTED:
        title = _("Donne %(number)s — correction de l'arbitre après signature") % {
            "number": event.deal_number
        }
        note = (
            _("Confirmations retirées (leur marque a changé) : %(who)s") % {"who": players}
            if players
            else _("Aucune marque n'a changé : les confirmations restent.")
        )
    elif event.kind == SheetEvent.Kind.CLOSED and players:
        note = _("Bilans non confirmés à la clôture : %(who)s") % {"who": players}
    return HistoryEntry(
        event.at, title, event.actor, [], kind=event.kind, reason=event.reason, note=note
    )


def history_entries(table: Table, seats: list[Seat]) -> list[HistoryEntry]:
    """Every save, correction and deletion of the sheet's deals, and every confirmation,
    signature, reopening and correction after signature, newest first (two queries)."""
    records = (
        Deal.history.filter(table_id=table.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    names = seat_names(seats)
    timeline = _history_entries(records) + [
        _event_entry(event, names) for event in table.events.all()
    ]
    # Newest first; what happened at the same instant keeps its order, reversed (a signature
    # comes after the last confirmation, a correction's event after the deal it changed).
    return [
        entry
        for _index, entry in sorted(
            enumerate(timeline), key=lambda item: (item[1].when, item[0]), reverse=True
        )
    ]
