"""The one refusal every service raises: a French message, the field it is about, a code.

Views turn it into a message beside the field (``clubs.forms.add_refusal``); ``code``
says which reason, so that a view can answer with its own status (a sheet's ``stale`` or
``locked``). It lives in the lowest app whose services refuse, so that every app above raises
the same one.
"""

from django.core.exceptions import ValidationError
from django.db import models


class Refused(ValueError):
    def __init__(self, message: str, *, field: str | None = None, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


def clean_or_refuse(instance: models.Model) -> None:
    """Check a new or changed row by its model's fields and rules (``full_clean``), before
    saving it; the first fault is refused on its field, in the model's French words."""
    try:
        instance.full_clean()
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise Refused(messages[0], code="invalid", field=field) from error
