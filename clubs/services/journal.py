"""The club's journal: one entry for every write to a club, in the write's own transaction.

Every service that changes a club (the club itself, its arbitres, its members) or one of its
seasons ends with ``record``: who acted (an ``Actor``), the action (``ClubJournalEntry.Action``,
with its French label), on what (the subject, in words), and the fields it changed, before and
after. The entry is written in the same transaction as the change, so a write refused or
rolled back leaves no entry, and a write kept always has one. What every journal keeps, and
how, is ``common.journal``'s.
"""

from collections.abc import Mapping
from typing import Any

from django.db import models

from clubs.models import Club, ClubJournalEntry
from common.actors import Actor
from common.journal import line_fields

Action = ClubJournalEntry.Action


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
    return ClubJournalEntry.objects.create(
        club=club,
        **line_fields(action=action, by=by, subject=subject, before=before, after=after),
    )
