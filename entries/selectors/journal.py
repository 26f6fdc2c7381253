"""The online registration's journal, newest first, each change in words."""

import contextlib
import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from common.journal import entry_changes
from entries.models import Entry, EntryJournalEntry, Opening
from tournaments.models import Tournament

LABELS = {"email": _("adresse e-mail")}
MOMENTS = {"opens_at", "closes_at", "confirmed_at", "reminded_at"}


def _moment(value, key: str) -> str | None:
    """A moment kept as ISO text, read as the arbitre reads it: « 30/11/2026 20:00 »."""
    if key not in MOMENTS or not isinstance(value, str):
        return None
    with contextlib.suppress(ValueError):
        moment = timezone.localtime(datetime.datetime.fromisoformat(value))
        return date_format(moment, "SHORT_DATETIME_FORMAT")
    return None


def journal_lines(tournament: Tournament, *, limit: int = 50) -> list[EntryJournalEntry]:
    lines = list(
        EntryJournalEntry.objects.filter(tournament=tournament).select_related("actor_user")[:limit]
    )
    for line in lines:
        line.changes = entry_changes(
            line,
            subject_models={"entry": Entry, "opening": Opening},
            field_models=[Entry, Opening],
            labels=LABELS,
            special=_moment,
        )
    return lines
