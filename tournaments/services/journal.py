"""The tournament's journal: one entry for every write, in the write's own transaction.

Every service that changes a tournament ends with ``record``: who acted (an ``Actor``), the
action (``JournalEntry.Action``, with its French label), on what (the position and table when
there is one, and the subject), and the fields it changed, before and after. The entry is
written in the same transaction as the change, so a write refused or rolled back leaves no
entry, and a write kept always has one.
"""

import datetime
from collections.abc import Iterable, Mapping
from decimal import Decimal
from enum import Enum
from typing import Any

from django.db import connection, models
from django.utils import timezone

from clubs.actors import Actor
from clubs.models import Club
from tournaments.models import JournalEntry, Position, Table, Tournament

Action = JournalEntry.Action


def plain(value: Any) -> Any:
    """A value as JSON keeps it: a choice by its code, a date in ISO, a row by its words."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def fields_of(instance: models.Model, names: Iterable[str]) -> dict[str, Any]:
    """The named fields of ``instance``, as the journal keeps them (a foreign key in words)."""
    return {name: plain(getattr(instance, name)) for name in names}


def _nothing(value: Any) -> Any:
    """Nothing, however it is written: a new deal's « tous passent : non » is no news."""
    # By identity for False: a marque of 0 is a value.
    return None if value is False or value in ("", []) else value


def _changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict, dict]:
    """Only the fields whose value changed: the journal is read by a person."""
    keys = [
        key for key in {**before, **after} if _nothing(before.get(key)) != _nothing(after.get(key))
    ]
    return (
        {key: before[key] for key in keys if key in before},
        {key: after[key] for key in keys if key in after},
    )


def record(
    *,
    tournament: Tournament | None = None,
    club: Club | None = None,
    action: Action,
    by: Actor,
    position: Position | None = None,
    table: Table | None = None,
    subject: models.Model | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> JournalEntry:
    """Write one journal entry for a change made by ``by``, inside the change's transaction.

    ``before`` and ``after`` hold the fields as they were and are: only those that differ are
    kept. The subject is kept by kind and key, and in words, as it reads now. The entry is
    the tournament's, or the club's for a write outside any tournament (the club, its
    arbitres, its members, its seasons): one of the two exactly.
    """
    if (tournament is None) == (club is None):
        raise TypeError("journal.record takes a tournament or a club, one of the two")
    # A journal entry outside the write's transaction could outlive a write rolled back.
    if not connection.in_atomic_block:
        raise RuntimeError("journal.record runs inside the write's transaction")
    if table is not None and position is None:
        position = table.position
    before, after = _changed(plain(before or {}), plain(after or {}))
    return JournalEntry.objects.create(
        tournament=tournament,
        club=club,
        at=timezone.now(),
        actor_kind=by.kind,
        actor_user=by.user,
        actor_script=by.script,
        action=action,
        position_number=position.number if position is not None else None,
        table_number=table.number if table is not None else None,
        subject_type=subject._meta.model_name if subject is not None else "",
        subject_id=subject.pk if subject is not None else None,
        subject=str(subject)[:200] if subject is not None else "",
        before=before,
        after=after,
    )


def record_change(
    action: Action,
    by: Actor,
    *,
    subject: models.Model,
    table: Table | None = None,
    position: Position | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> JournalEntry:
    """``record`` for a change to ``subject``, on ``table`` or ``position`` if it has one: the
    tournament is theirs, else the subject's own. What every service's entry shares."""
    where = table.position if table is not None else position
    return record(
        tournament=where.tournament if where is not None else subject.tournament,
        action=action,
        by=by,
        position=position,
        table=table,
        subject=subject,
        before=before,
        after=after,
    )


def reason_fields(reason: str) -> dict:
    """The reason given for a change (a correction, a reopening), kept only when there is one."""
    return {"reason": reason} if reason else {}
