"""The tournament's journal: one entry for every write, in the write's own transaction.

Every service that changes a tournament ends with ``record``: who acted (an ``Actor``), the
action (``JournalEntry.Action``, with its French label), on what (the position and table when
there is one, and the subject), and the fields it changed, before and after. The entry is
written in the same transaction as the change, so a write refused or rolled back leaves no
entry, and a write kept always has one.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models

from common.actors import Actor
from common.journal import fields_of, line_fields
from tournaments.models import JournalEntry, Position, Table, Tournament
from tournaments.signals import entry_recorded

Action = JournalEntry.Action


def record(
    *,
    tournament: Tournament,
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
    kept (``common.journal.changed``, the rules every journal keeps). The subject is
    kept by kind and key, and in words, as it reads now. A club's own writes (the club, its
    arbitres, its members, its seasons) go to the club's journal (``clubs.services.journal``).
    """
    if table is not None and position is None:
        position = table.position
    entry = JournalEntry.objects.create(
        tournament=tournament,
        position_number=position.number if position is not None else None,
        table_number=table.number if table is not None else None,
        actor_role=by.role,
        **line_fields(action=action, by=by, subject=subject, before=before, after=after),
    )
    # The live pages and « Me prévenir » hear it (notifications/, above this app).
    entry_recorded.send(sender=JournalEntry, entry=entry, subject=subject, table=table)
    return entry


def record_fields(
    *,
    action: Action,
    by: Actor,
    subject: models.Model,
    fields: Iterable[str],
    before: Mapping[str, Any] | None = None,
) -> JournalEntry:
    """``record`` of a change to ``subject``'s ``fields`` (a tournament's settings, a stage's),
    against their values ``before`` it (read by the caller before changing them; none for a
    creation): their values now are read here. The tournament is the subject, or its own."""
    return record(
        tournament=subject if isinstance(subject, Tournament) else subject.tournament,
        action=action,
        by=by,
        subject=subject,
        before=before,
        after=fields_of(subject, fields),
    )


def record_change(
    *,
    action: Action,
    by: Actor,
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
