"""Reading a club's journal: its entries, newest first, and each change in words, said as
every journal says them (``common.journal``) with the club's own models and words."""

from collections.abc import Iterable

from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from clubs.models import Club, ClubJournalEntry, Member, Player
from common.journal import Change, entry_changes

# Where a changed field's French name and choices are read: the subject's own model first,
# then the others.
SUBJECT_MODELS: dict[str, type[models.Model]] = {"club": Club, "member": Member}
FIELD_MODELS = (Player, Club, Member)
# The keys the club's services keep that are not a model's field: its arbitres, and of two
# records merged, the one merged away and the evenings that followed the one kept.
LABELS = {
    "arbitres": gettext_lazy("arbitres"),
    "merged": gettext_lazy("fiche fusionnée"),
    "evenings": gettext_lazy("soirées"),
    # The licence list imported (``services.licences``): its counts.
    "new": gettext_lazy("nouvelles licences"),
    "changed": gettext_lazy("joueurs modifiés"),
    "gone": gettext_lazy("licences absentes de la liste"),
    "refused": gettext_lazy("lignes refusées"),
}


def club_journal_entries(*, club: Club) -> QuerySet[ClubJournalEntry]:
    """The club's own entries (the club, its arbitres, its members), newest first; its
    tournaments and its seasons keep theirs."""
    return (
        ClubJournalEntry.objects.filter(club=club)
        .select_related("actor_user")
        .order_by("-at", "-pk")
    )


def club_entry_changes(entry: ClubJournalEntry) -> list[Change]:
    """Each field the club's entry kept, named in French, with its value before and after."""
    return entry_changes(
        entry, subject_models=SUBJECT_MODELS, field_models=FIELD_MODELS, labels=LABELS
    )


def with_changes(entries: Iterable[ClubJournalEntry]) -> list[ClubJournalEntry]:
    """The club's entries, each with its ``changes`` in words (no query: they are in the row)."""
    entries = list(entries)
    for entry in entries:
        entry.changes = club_entry_changes(entry)
    return entries
