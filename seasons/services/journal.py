"""The seasons' journal: one entry for every write to a season, in the write's own
transaction, shown on the club's journal page beside the club's own entries.

Every service that changes a season (its creation, its rules and evenings, a recount without
an evening) ends with ``record``: who acted, the action (``SeasonJournalEntry.Action``), the
season, and the fields it changed. What every journal keeps, and how, is ``common.journal``'s.
"""

from collections.abc import Mapping
from typing import Any

from common.actors import Actor
from common.journal import line_fields
from seasons.models import Season, SeasonJournalEntry

Action = SeasonJournalEntry.Action


def record(
    *,
    season: Season,
    action: Action,
    by: Actor,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> SeasonJournalEntry:
    """Write one entry of the seasons' journal for a change to ``season`` made by ``by``,
    inside the change's transaction; only the fields that differ are kept."""
    return SeasonJournalEntry.objects.create(
        club_id=season.club_id,
        **line_fields(action=action, by=by, subject=season, before=before, after=after),
    )
