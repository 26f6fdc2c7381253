"""The club's journal page: the club's own entries and its seasons', as one list, newest
first, each change in words (``common.journal``) with its own journal's models and words."""

import heapq
import itertools
from collections.abc import Sequence

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from clubs.models import Club
from clubs.selectors.journal import club_journal_entries
from clubs.selectors.journal import with_changes as club_with_changes
from common.journal import entry_changes
from common.models import JournalLine
from seasons.models import Season, SeasonJournalEntry

SUBJECT_MODELS = {"season": Season}
FIELD_MODELS = (Season,)
# The keys the seasons' services keep that are not a model's field: a season's evenings (all
# of them in its dates, or those chosen), the evening a recount went without, and why.
LABELS = {
    "evenings": gettext_lazy("soirées"),
    "evening": gettext_lazy("soirée"),
    "reason": gettext_lazy("motif"),
    "document": gettext_lazy("document"),
    "error": gettext_lazy("erreur"),
}


def season_journal_entries(*, club: Club) -> QuerySet[SeasonJournalEntry]:
    """The entries of the club's seasons, newest first."""
    return (
        SeasonJournalEntry.objects.filter(club=club)
        .select_related("actor_user")
        .order_by("-at", "-pk")
    )


class NewestFirst(Sequence):
    """Several journals' entries as one list, newest first, for a ``Paginator``: a page reads
    from each journal only the entries down to its own last one (a club's journal holds
    hundreds of lines, not millions)."""

    def __init__(self, *journals: QuerySet[JournalLine]):
        self.journals = journals

    def __len__(self) -> int:
        return sum(journal.count() for journal in self.journals)

    def count(self) -> int:
        return len(self)

    def __getitem__(self, index):
        if not isinstance(index, slice):
            return self[index : index + 1][0]
        start, stop = index.start or 0, index.stop if index.stop is not None else len(self)
        merged = heapq.merge(
            *(journal[:stop] for journal in self.journals),
            key=lambda entry: (entry.at, entry.pk),
            reverse=True,
        )
        return list(itertools.islice(merged, start, stop))


def club_journal(*, club: Club) -> NewestFirst:
    """Every entry of the club's journal page: the club's and its seasons', newest first."""
    return NewestFirst(club_journal_entries(club=club), season_journal_entries(club=club))


def with_changes(entries: Sequence[JournalLine]) -> list[JournalLine]:
    """The page's entries, each with its ``changes`` in words (no query: they are in the row)."""
    entries = list(entries)
    club_with_changes(entry for entry in entries if not isinstance(entry, SeasonJournalEntry))
    for entry in entries:
        if isinstance(entry, SeasonJournalEntry):
            entry.changes = entry_changes(
                entry, subject_models=SUBJECT_MODELS, field_models=FIELD_MODELS, labels=LABELS
            )
    return entries
