"""The online registration's journal: one entry for every write, in the write's own
transaction. What every journal keeps, and how, is ``common.journal``'s."""

from collections.abc import Mapping
from typing import Any

from django.db import models

from common.actors import Actor
from common.journal import line_fields
from entries.models import EntryAction, EntryJournalEntry
from tournaments.models import Tournament

Action = EntryAction


def record(
    *,
    tournament: Tournament,
    action: EntryAction,
    by: Actor,
    subject: models.Model | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> EntryJournalEntry:
    """One line of the tournament's online registration journal, inside the write."""
    return EntryJournalEntry.objects.create(
        tournament=tournament,
        **line_fields(action=action, by=by, subject=subject, before=before, after=after),
    )
