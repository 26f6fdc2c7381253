"""Reading a tournament's journal: its entries, newest first, and each change in words (a
club's journal too, whose entries are read in ``clubs.selectors.journal``)."""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Member, Player
from tournaments.choices import MARQUE_FIELDS, Contract
from tournaments.deal_words import points_text, signed
from tournaments.models import Deal, JournalEntry, Penalty, Position, Registration, Team, Tournament

# Where a changed field's French name and choices are read: the subject's own model first
# (« points » of a deal are the attack's, of a penalty those taken off), then the others.
SUBJECT_MODELS = {
    "tournament": Tournament,
    "registration": Registration,
    "team": Team,
    "position": Position,
    "deal": Deal,
    "penalty": Penalty,
    "club": Club,
    "member": Member,
}
FIELD_MODELS = (Registration, Player, Tournament, Deal, Penalty, Position, Team)

# The keys the services keep that are not a model's field.
LABELS = {
    "members": gettext_lazy("membres"),
    "count": gettext_lazy("joueurs inscrits"),
    "teams": gettext_lazy("équipes créées"),
    "tables": gettext_lazy("tables"),
    "players": gettext_lazy("joueurs placés"),
    "seating_published": gettext_lazy("placement publié"),
    "closed": gettext_lazy("close"),
    "reopen_reason": gettext_lazy("motif de la réouverture"),
    "reason": gettext_lazy("motif"),
    "call": gettext_lazy("appel"),
    "confirmed": gettext_lazy("bilan confirmé"),
    "signed": gettext_lazy("feuille signée"),
    "withdrawn": gettext_lazy("bilans à confirmer de nouveau"),
    "cancelled": gettext_lazy("annulée"),
    "arbitres": gettext_lazy("arbitres"),
}


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str
    created: bool  # nothing before: a value set, not changed
    removed: bool  # nothing after: a value gone


def journal_entries(
    *, tournament: Tournament, position: int | None = None, table: int | None = None
) -> QuerySet[JournalEntry]:
    """The tournament's entries, newest first, of one position and one table if given."""
    entries = JournalEntry.objects.filter(tournament=tournament).select_related("actor_user")
    if position is not None:
        entries = entries.filter(position_number=position)
    if table is not None:
        entries = entries.filter(table_number=table)
    return entries.order_by("-at", "-pk")


def journal_table_numbers(*, tournament: Tournament) -> list[int]:
    """Every table number the journal names, for the filter's choices."""
    numbers = (
        JournalEntry.objects.filter(tournament=tournament, table_number__isnull=False)
        .values_list("table_number", flat=True)
        # Without the model's ordering (by time), which DISTINCT would count in.
        .order_by()
        .distinct()
    )
    return sorted(numbers)


def _field(entry: JournalEntry, key: str) -> models.Field | None:
    subject_model = SUBJECT_MODELS.get(entry.subject_type)
    for model in (subject_model, *FIELD_MODELS):
        if model is None:
            continue
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if field.concrete:  # not a reverse relation (« tables » of a position)
            return field
    return None


def _call_words(value: str) -> str:
    kinds = dict(Contract.choices) | {"chelem": _("chelem annoncé")}
    return ", ".join(str(kinds.get(kind, kind)) for kind in value.split("+"))


def value_words(value: Any, field: models.Field | None = None, *, key: str = "") -> str:
    """A kept value as the arbitre reads it: « oui », a choice's label, a marque signed as the
    sheet writes it (« −43 »), points with a comma, « — » for nothing."""
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if key == "call":
        return _call_words(value)
    if isinstance(value, list):
        return ", ".join(value_words(item) for item in value)
    if field is not None and field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if key in MARQUE_FIELDS.values():
        return signed(value)
    if isinstance(value, Decimal | float):
        return points_text(Decimal(str(value)))
    return str(value)


def entry_changes(entry: JournalEntry) -> list[Change]:
    """Each field the entry kept, named in French, with its value before and after."""
    changes = []
    for key in {**entry.before, **entry.after}:
        field = _field(entry, key)
        label = LABELS.get(key) or (field.verbose_name if field is not None else key)
        changes.append(
            Change(
                label=str(label),
                before=value_words(entry.before.get(key), field, key=key),
                after=value_words(entry.after.get(key), field, key=key),
                created=key not in entry.before,
                removed=key not in entry.after,
            )
        )
    return changes


def with_changes(entries: Iterable[JournalEntry]) -> list[JournalEntry]:
    """The entries, each with its ``changes`` in words (no query: they are in the row)."""
    entries = list(entries)
    for entry in entries:
        entry.changes = entry_changes(entry)
    return entries
