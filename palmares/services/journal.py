"""The prizes' journal: one entry for every write to a tournament's prize table or list, in the
write's own transaction, shown on the prize table's page. What every journal keeps, and how,
is ``common.journal``'s."""

from collections.abc import Mapping
from typing import Any

from common.actors import Actor
from common.journal import line_fields
from palmares.models import PrizeAction, PrizeJournalEntry, PrizeTable

Action = PrizeAction


def record(
    *,
    table: PrizeTable,
    action: Action,
    by: Actor,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> PrizeJournalEntry:
    """Write one entry of the prizes' journal for a change to ``table`` made by ``by``, inside
    the change's transaction; only the fields that differ are kept."""
    return PrizeJournalEntry.objects.create(
        tournament_id=table.tournament_id,
        **line_fields(action=action, by=by, subject=table, before=before, after=after),
    )
