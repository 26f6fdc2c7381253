"""The one refusal every service raises: a French message, the field it is about, a code;
and how a form shows it beside what was typed (``add_refusal``).

``code`` says which reason, so that a view can answer with its own status (a sheet's
``stale`` or ``locked``). It lives below every app, so that every app raises the same one.
"""

from typing import Protocol

from django import forms
from django.core.exceptions import ValidationError
from django.db import models


class Refused(ValueError):
    def __init__(self, message: str, *, field: str | None = None, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


class Refusal(Protocol):
    """A refusal in French about one field or none: a service's ``Refused``, and the rules'
    ``scoring.rules.InvalidDeal``."""

    message: str
    field: str | None


def clean_or_refuse(instance: models.Model) -> None:
    """Check a new or changed row by its model's fields and rules (``full_clean``), before
    saving it; the first fault is refused on its field, in the model's French words."""
    try:
        instance.full_clean()
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise Refused(messages[0], code="invalid", field=field) from error


def add_refusal(form: forms.Form, refusal: Refusal) -> None:
    """Show a refusal beside what was typed: on the field it names when the form has that
    field, above the form otherwise."""
    field = refusal.field if refusal.field in form.fields else None
    form.add_error(field, refusal.message)
