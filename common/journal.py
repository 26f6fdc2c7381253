"""What every journal shares, writing and reading: a value kept as JSON keeps it
(``plain``), only the fields that changed (``changed``), the line's own fields
(``line_fields``), each written inside the write's transaction; and each change said in
French (``entry_changes``), with the models and words of the journal that reads it.

Each app's journal adds its own: the club's (``clubs.services.journal``), a tournament's
(``tournaments.services.journal``), and reads its entries with its own subjects, field models
and labels (``clubs.selectors.journal``, ``tournaments.selectors.journal``).
"""

import contextlib
import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Any, Protocol

from django.core.exceptions import FieldDoesNotExist
from django.db import connection, models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from common.actors import Actor

# Writing.


def plain(value: Any) -> Any:
    """A value as JSON keeps it: a choice by its code, a date in ISO, a row by its words."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def fields_of(instance: models.Model, names: Iterable[str]) -> dict[str, Any]:
    """The named fields of ``instance``, as a journal keeps them (a foreign key in words)."""
    return {name: plain(getattr(instance, name)) for name in names}


def _nothing(value: Any) -> Any:
    """Nothing, however it is written: a new deal's « tous passent : non » is no news."""
    # By identity for False: a marque of 0 is a value.
    return None if value is False or value in ("", []) else value


def changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict, dict]:
    """Only the fields whose value changed, each kept as JSON keeps it (``plain``): a journal
    is read by a person."""
    before, after = plain(before), plain(after)
    keys = [
        key for key in {**before, **after} if _nothing(before.get(key)) != _nothing(after.get(key))
    ]
    return (
        {key: before[key] for key in keys if key in before},
        {key: after[key] for key in keys if key in after},
    )


def inside_the_write() -> None:
    """Refuse to write a journal entry outside the write's transaction: it could outlive a
    write rolled back."""
    if not connection.in_atomic_block:
        raise RuntimeError("a journal entry is written inside the write's transaction")


def line_fields(
    *,
    action: str,
    by: Actor,
    subject: models.Model | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The fields of a ``common.models.JournalLine`` for a change made by ``by``, refused
    outside the change's transaction: now, who acted, the action, the subject by kind and key
    and in words as it reads now, and only the fields that changed (``changed``). Each journal
    adds what it is about (its club, its tournament) and creates its row."""
    inside_the_write()
    before, after = changed(before or {}, after or {})
    return {
        "at": timezone.now(),
        "actor_kind": by.kind,
        "actor_user": by.user,
        "actor_script": by.script,
        "action": action,
        "subject_type": subject._meta.model_name if subject is not None else "",
        "subject_id": subject.pk if subject is not None else None,
        "subject": str(subject)[:200] if subject is not None else "",
        "before": before,
        "after": after,
    }


# Reading.


class Entry(Protocol):
    """An entry of any journal, as its changes are read."""

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
    subject_models: Mapping[str, type[models.Model]],
    field_models: Sequence[type[models.Model]],
    labels: Mapping[str, str] | None = None,
    special: Special | None = None,
) -> list[Change]:
    """Each field the entry kept, named in French, with its value before and after: a field's
    name and choices are read on the subject's own model (``subject_models``, by
    ``subject_type``) first, then on ``field_models``; ``labels`` name the keys that are no
    model's field."""
    labels = labels or {}
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
