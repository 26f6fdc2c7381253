"""Reading a tournament's journal: its entries, newest first, and each change in words, said
as every journal says them (``common.journal``) with the tournament's own models and
words (a marque signed, points with a comma, a call by its contracts)."""

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Player
from common import journal as journal_words
from common.journal import Change
from scoring.values import signed
from tournaments.choices import MARQUE_FIELDS, Contract
from tournaments.deal_words import points_text
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
    "document": gettext_lazy("document"),
    "error": gettext_lazy("erreur"),
    "push_service": gettext_lazy("service de notification"),
    # The seating wishes (services.seating_wishes): a pair kept apart, a fixed table.
    "first": gettext_lazy("joueur"),
    "second": gettext_lazy("tenu à l'écart de"),
    "fixed_table": gettext_lazy("table fixe"),
    # The verifiable draw's keys (services.draws: ``drawn``, the commitment, the room seed).
    "draw": gettext_lazy("tirage n°"),
    "commitment": gettext_lazy("engagement"),
    "room_seed": gettext_lazy("graine de la salle"),
    "generator": gettext_lazy("version du générateur"),
    "input_fingerprint": gettext_lazy("empreinte des données"),
    "seed": gettext_lazy("graine"),
    "plan_fingerprint": gettext_lazy("empreinte du placement"),
    "secret": gettext_lazy("secret"),
}


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


def _call_words(value: str) -> str:
    kinds = dict(Contract.choices) | {"chelem": _("chelem annoncé")}
    return ", ".join(str(kinds.get(kind, kind)) for kind in value.split("+"))


def _special_words(value: Any, key: str) -> str | None:
    """The values the tournament's journal writes its own way: a call by its contracts, a
    marque signed as the sheet writes it (« −43 »), points with a comma."""
    if key == "call":
        return _call_words(value)
    if key in MARQUE_FIELDS.values():
        return signed(value)
    if isinstance(value, Decimal | float):
        return points_text(Decimal(str(value)))
    return None


def value_words(value: Any, field: models.Field | None = None, *, key: str = "") -> str:
    """A kept value as the arbitre reads it: « oui », a choice's label, a marque signed as the
    sheet writes it (« −43 »), points with a comma, « — » for nothing."""
    return journal_words.value_words(value, field, key=key, special=_special_words)


def entry_changes(entry: JournalEntry) -> list[Change]:
    """Each field the entry kept, named in French, with its value before and after."""
    return journal_words.entry_changes(
        entry,
        subject_models=SUBJECT_MODELS,
        field_models=FIELD_MODELS,
        labels=LABELS,
        special=_special_words,
    )


def with_changes(entries: Iterable[JournalEntry]) -> list[JournalEntry]:
    """The entries, each with its ``changes`` in words (no query: they are in the row)."""
    entries = list(entries)
    for entry in entries:
        entry.changes = entry_changes(entry)
    return entries
