"""The model choices for an enum of the pure rules (``scoring``): its members and stored
values, in its order, with the French words the pages show (``labelled``).

The rules own the values, so that a new contract or a new ranking method is added there once;
it gets its label where the table that stores it is. A member left without a label stops the
app at start, rather than showing a bare value on a page.
"""

from collections.abc import Mapping
from enum import StrEnum

from django.core.exceptions import ImproperlyConfigured
from django.db import models


def labelled(
    enum: type[StrEnum], labels: Mapping[StrEnum, str], *, module: str
) -> type[models.TextChoices]:
    """``enum``'s members as ``models.TextChoices``, each with its label in ``labels``; the
    class is said to live in ``module`` (the caller's ``__name__``), where it is named."""
    if set(labels) != set(enum):
        raise ImproperlyConfigured(
            f"{enum.__name__}: one French label for each member of {enum.__module__}."
            f"{enum.__name__}."
        )
    members = [(member.name, (member.value, labels[member])) for member in enum]
    return models.TextChoices(enum.__name__, members, module=module)
