"""The tournament's words on the live bus (docs, « En direct »): which writes change what the
public pages show, and what each announcement says.

Every write ends with its journal entry (``services/journal.py``, ``record``), which hands the
entry here: the ones that change a page become an event, published once the transaction
commits (a write rolled back announces nothing). An event says what it is about: the
tournament, the position and table when there is one, and the registrations concerned (their
keys), so that a page fetches again only the fragment it concerns. The tables' calls go to
the arbitres' stream only (``private``), and so does the check-in (``checkin``: what the
pointeurs' page shows, nothing a public page does). Each role's stream keeps what its pages
show (``views/live.py``): an arbitre de salle's, by the event's table, that of their hall.
"""

from __future__ import annotations

import time
from functools import partial

from django.core.cache import cache
from django.db import transaction

from common.bus import bus
from notifications.push.announcing import notify_on_commit
from tournaments.choices import JournalAction as Action
from tournaments.models import JournalEntry, Penalty, Registration, Seat, Tournament
from tournaments.selectors.sheets import call_kind

TABLE_ACTIONS = {
    Action.DEAL_RECORDED,
    Action.DEAL_CORRECTED,
    Action.DEAL_DELETED,
    Action.BILAN_CONFIRMED,
    Action.SHEET_SIGNED,
    Action.SHEET_CLOSED,
    Action.SHEET_REOPENED,
}
POSITION_ACTIONS = {Action.SEATING_PUBLISHED, Action.POSITION_CLOSED, Action.POSITION_REOPENED}
PENALTY_ACTIONS = {Action.PENALTY_ADDED, Action.PENALTY_CANCELLED}
TOURNAMENT_ACTIONS = {Action.TOURNAMENT_PUBLISHED, Action.TOURNAMENT_HIDDEN}
# A commitment shown, a room seed entered: the projector and the draws' page show them as they
# come (docs/tirage.md); they concern no player in particular.
DRAW_ACTIONS = {Action.DRAW_COMMITTED, Action.DRAW_ROOM_SEED}
PRIVATE_ACTIONS = {Action.CALL_HANDLED}
# What the check-in page shows: who is registered, present, late or withdrawn.
CHECKIN_ACTIONS = {
    Action.REGISTRATION_REGISTERED,
    Action.REGISTRATION_UPDATED,
    Action.REGISTRATION_UNREGISTERED,
    Action.REGISTRATION_IMPORTED,
    Action.REGISTRATION_CHECKED_IN,
    Action.REGISTRATION_LATE,
    Action.REGISTRATION_CHECKED_OUT,
    Action.REGISTRATION_WITHDRAWN,
    Action.REGISTRATION_RETURNED,
}
ANNOUNCED = (
    TABLE_ACTIONS
    | POSITION_ACTIONS
    | PENALTY_ACTIONS
    | TOURNAMENT_ACTIONS
    | DRAW_ACTIONS
    | PRIVATE_ACTIONS
    | CHECKIN_ACTIONS
)
# What changes a player's total, and so the ranking.
TOTALS = {
    Action.DEAL_RECORDED,
    Action.DEAL_CORRECTED,
    Action.DEAL_DELETED,
    Action.POSITION_CLOSED,
    Action.POSITION_REOPENED,
    *PENALTY_ACTIONS,
}
FINISHED = "tournament.finished"
CALL_RAISED = "call.raised"


def topic(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def published_key(tournament_id: int) -> str:
    """Where the streams keep, a few seconds, whether the tournament is published
    (``views/live.py``); a tournament published or hidden forgets it at once."""
    return f"live:published:{tournament_id}"


def announce(entry: JournalEntry, *, subject=None, table=None) -> None:
    """Publish, once the write commits, the event ``entry`` makes (if it makes one)."""
    action = entry.action
    if action not in ANNOUNCED:
        return
    event = {
        "kind": str(action),
        "tournament": entry.tournament_id,
        "position": entry.position_number,
        "table": entry.table_number,
        "registrations": _concerned(entry, subject, table),
        "totals": action in TOTALS,
        "private": action in PRIVATE_ACTIONS or action in CHECKIN_ACTIONS,
    }
    if action in CHECKIN_ACTIONS:
        event["checkin"] = True
    events = [event]
    kind = call_kind(subject) if action in {Action.DEAL_RECORDED, Action.DEAL_CORRECTED} else ""
    if kind:
        events.append({**event, "kind": CALL_RAISED, "call": kind, "private": True})
    transaction.on_commit(partial(_publish, entry.pk, events))


def _concerned(entry: JournalEntry, subject, table) -> list[int]:
    """The keys of the registrations the entry is about (a deal's save has read its table's
    seats already: ``services/deals.py``)."""
    action = entry.action
    if action in DRAW_ACTIONS:
        return []
    if action in TABLE_ACTIONS or action in PRIVATE_ACTIONS:
        seated = getattr(table, "seated_registrations", None)
        if seated is not None:
            return sorted(seated)
        seats = Seat.objects.filter(table=table) if table is not None else Seat.objects.none()
    elif action in POSITION_ACTIONS:
        seats = Seat.objects.filter(
            position__tournament_id=entry.tournament_id, position__number=entry.position_number
        )
    elif action in PENALTY_ACTIONS and isinstance(subject, Penalty):
        return [subject.registration_id]
    elif isinstance(subject, Registration) and subject.pk is not None:
        return [subject.pk]
    else:
        registrations = Registration.objects.filter(tournament_id=entry.tournament_id)
        return sorted(registrations.values_list("pk", flat=True))
    return sorted(seats.values_list("registration_id", flat=True))


def _publish(entry_id: int, events: list[dict]) -> None:
    """After the commit: the events on the bus, then the notifications they call for."""
    first = events[0]
    if first["kind"] == Action.POSITION_CLOSED:
        status = Tournament.objects.filter(pk=first["tournament"]).values_list("status", flat=True)
        if status.first() == Tournament.Status.FINISHED:
            events = [*events, {**first, "kind": FINISHED, "position": None, "table": None}]
    if first["kind"] in TOURNAMENT_ACTIONS:
        cache.delete(published_key(first["tournament"]))
    for event in events:
        event["at"] = time.time()
        bus().publish(topic(event["tournament"]), event)
    notify_on_commit(entry_id, events)
