"""The club's journal, and what every journal's writes share.

Every service that changes a club (the club itself, its arbitres, its members) or one of its
seasons ends with ``record``: who acted (an ``Actor``), the action (``ClubJournalEntry.Action``,
with its French label), on what (the subject, in words), and the fields it changed, before and
after. The entry is written in the same transaction as the change, so a write refused or
rolled back leaves no entry, and a write kept always has one.

The tournament's journal (``tournaments.services.journal``) keeps its values and its changes
by the same rules: ``plain``, ``fields_of``, ``changed`` and ``inside_the_write`` are theirs.
"""

import datetime
from collections.abc import Iterable, Mapping
from decimal import Decimal
from enum import Enum
from typing import Any

from django.db import connection, models
from django.utils import timezone

from clubs.actors import Actor
from clubs.models import Club, ClubJournalEntry

Action = ClubJournalEntry.Action


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
    """The named fields of ``instance``, as a journal keeps them (a foreign key in words)."""
    return {name: plain(getattr(instance, name)) for name in names}


def _nothing(value: Any) -> Any:
    """Nothing, however it is written: a new deal's « tous passent : non » is no news."""
    # By identity for False: a marque of 0 is a value.
    return None if value is False or value in ("", []) else value


def changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict, dict]:
    """Only the fields whose value changed, each kept as JSON keeps it (``plain``): a journal
    is read by a person."""
    before, after = plain(before), plain(after)
    keys = [
        key for key in {**before, **after} if _nothing(before.get(key)) != _nothing(after.get(key))
    ]
    return (
        {key: before[key] for key in keys if key in before},
        {key: after[key] for key in keys if key in after},
    )


def inside_the_write() -> None:
    """Refuse to write a journal entry outside the write's transaction: it could outlive a
    write rolled back."""
    if not connection.in_atomic_block:
        raise RuntimeError("a journal entry is written inside the write's transaction")


def record(
    *,
    club: Club,
    action: Action,
    by: Actor,
    subject: models.Model | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> ClubJournalEntry:
    """Write one entry of the club's journal for a change made by ``by``, inside the change's
    transaction.

    ``before`` and ``after`` hold the fields as they were and are: only those that differ are
    kept. The subject is kept by kind and key, and in words, as it reads now.
    """
    inside_the_write()
    before, after = changed(before or {}, after or {})
    return ClubJournalEntry.objects.create(
        club=club,
        at=timezone.now(),
        actor_kind=by.kind,
        actor_user=by.user,
        actor_script=by.script,
        action=action,
        subject_type=subject._meta.model_name if subject is not None else "",
        subject_id=subject.pk if subject is not None else None,
        subject=str(subject)[:200] if subject is not None else "",
        before=before,
        after=after,
    )
