"""Reading a club's journal: its entries, newest first, and each change in words; and how
every journal says a change (``entry_changes``, ``value_words``), which the tournament's
journal uses with its own models and words."""

import contextlib
import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.db.models import QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, ClubJournalEntry, Member, Player

# Where a changed field's French name and choices are read: the subject's own model first,
# then the others. The apps above add the subjects they journal here (``journal_subject``).
SUBJECT_MODELS: dict[str, type[models.Model]] = {"club": Club, "member": Member}
FIELD_MODELS = (Player, Club)
# The keys the club's services keep that are not a model's field: its arbitres, a season's
# evenings (all of them in its dates, or those chosen), the evening a recount went without.
LABELS = {
    "arbitres": gettext_lazy("arbitres"),
    "evenings": gettext_lazy("soirées"),
    "evening": gettext_lazy("soirée"),
    "reason": gettext_lazy("motif"),
    "merged": gettext_lazy("fiche fusionnée"),
}


def journal_subject(name: str, model: type[models.Model]) -> None:
    """Name the model of the club journal's subjects called ``name`` (an app above the
    clubs, from its ``AppConfig.ready``: the seasons), so that their fields read in French."""
    SUBJECT_MODELS[name] = model


class Entry(Protocol):
    """An entry of either journal, as its changes are read."""

    subject_type: str
    before: dict
    after: dict


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str
    created: bool  # nothing before: a value set, not changed
    removed: bool  # nothing after: a value gone


def club_journal_entries(*, club: Club) -> QuerySet[ClubJournalEntry]:
    """The club's own entries (the club, its arbitres, its members, its seasons), newest
    first; its tournaments keep theirs."""
    return (
        ClubJournalEntry.objects.filter(club=club)
        .select_related("actor_user")
        .order_by("-at", "-pk")
    )


def model_field(candidates: Iterable[type[models.Model] | None], key: str) -> models.Field | None:
    """The first of ``candidates`` to have a column named ``key``, that column."""
    for model in candidates:
        if model is None:
            continue
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if field.concrete:  # not a reverse relation (« tables » of a position)
            return field
    return None


Special = Callable[[Any, str], str | None]


def value_words(
    value: Any, field: models.Field | None = None, *, key: str = "", special: Special | None = None
) -> str:
    """A kept value as the arbitre reads it: « oui », a choice's label, « — » for nothing;
    ``special`` says first the values a journal writes its own way (None for the others)."""
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if special is not None and (words := special(value, key)) is not None:
        return words
    if isinstance(value, list):
        return ", ".join(value_words(item, special=special) for item in value)
    if field is not None and field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.DateField) and not isinstance(field, models.DateTimeField):
        # Kept as ISO text in the JSON of the entry; read as a French date: 01/09/2026.
        with contextlib.suppress(TypeError, ValueError):
            return date_format(datetime.date.fromisoformat(value), "SHORT_DATE_FORMAT")
    return str(value)


def entry_changes(
    entry: Entry,
    *,
    subject_models: Mapping[str, type[models.Model]] = SUBJECT_MODELS,
    field_models: Sequence[type[models.Model]] = FIELD_MODELS,
    labels: Mapping[str, str] = LABELS,
    special: Special | None = None,
) -> list[Change]:
    """Each field the entry kept, named in French, with its value before and after."""
    changes = []
    candidates = (subject_models.get(entry.subject_type), *field_models)
    for key in {**entry.before, **entry.after}:
        field = model_field(candidates, key)
        label = labels.get(key) or (field.verbose_name if field is not None else key)
        changes.append(
            Change(
                label=str(label),
                before=value_words(entry.before.get(key), field, key=key, special=special),
                after=value_words(entry.after.get(key), field, key=key, special=special),
                created=key not in entry.before,
                removed=key not in entry.after,
            )
        )
    return changes


def with_changes(entries: Iterable[ClubJournalEntry]) -> list[ClubJournalEntry]:
    """The club's entries, each with its ``changes`` in words (no query: they are in the row)."""
    entries = list(entries)
    for entry in entries:
        entry.changes = entry_changes(entry)
    return entries
