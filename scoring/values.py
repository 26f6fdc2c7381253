"""The names and numbers of the marque: the enums, the FFT's tables and the club's primes.

docs/scoring.md §One deal and §Règles du club. ``scoring.rules`` re-exports every name here, so
that ``from scoring.rules import Contract, TARGETS`` keeps working.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from enum import StrEnum
from typing import Any

MINUS = "\u2212"
MULTIPLY = "\u00d7"


class InvalidDeal(ValueError):
    """A deal that cannot happen (docs/scoring.md §What bad input gets).

    ``field`` names the input at fault, as the keyword it was given by (``"points"``,
    ``"poignees"``, ``"taker"``…), so that a form can show the message beside it; ``str(exc)``
    is the message, in French, for the people who keep the sheet.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __reduce__(self):
        return (type(self), (self.field, self.message))


class Contract(StrEnum):
    """The bids that make a contract (docs/scoring.md §Words; FFT fascicule, « Les enchères »)."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class Camp(StrEnum):
    """The two sides of a deal: the taker (and partner) against the defence."""

    ATTACK = "attack"
    DEFENSE = "defense"


class PoigneeSize(StrEnum):
    """Simple, double or triple poignée (docs/scoring.md §One deal, 5)."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class MisereKind(StrEnum):
    """The club's misères (docs/scoring.md §Règles du club, misères).

    « Pas d'honneur »: no king, queen, knight, jack or bout in the hand. « Pas d'atout »: no
    trump (the Excuse is not a trump).
    """

    PAS_D_HONNEUR = "pas_d_honneur"
    PAS_D_ATOUT = "pas_d_atout"


class Chelem(StrEnum):
    """What happened to the chelem, if anything did (docs/scoring.md §One deal, 6)."""

    ANNOUNCED_MADE = "announced_made"
    UNANNOUNCED_MADE = "unannounced_made"
    ANNOUNCED_FAILED = "announced_failed"
    DEFENSE = "defense"


# docs/scoring.md §One deal, 1; FFT fascicule, « Points à réaliser ».
TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}

# docs/scoring.md §One deal, 3; FFT fascicule, « Le calcul des scores ».
MULTIPLIERS = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}

# docs/scoring.md §One deal, 5; FFT fascicule, « La poignée ».
POIGNEE_VALUES = {PoigneeSize.SIMPLE: 20, PoigneeSize.DOUBLE: 30, PoigneeSize.TRIPLE: 40}

# The fewest trumps (the Excuse standing in for one) that make each poignée, by table size.
# docs/scoring.md §One deal, 5; FFT fascicule, « La poignée », « Le jeu à 3 joueurs »,
# « à 5 joueurs ».
POIGNEE_TRUMPS = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
}

# 21 trumps and the Excuse: all that any set of poignées can show between them.
TRUMPS_IN_THE_GAME = 22

# docs/scoring.md §Règles du club: each misère is worth 10, never multiplied.
MISERE_VALUES = {MisereKind.PAS_D_HONNEUR: 10, MisereKind.PAS_D_ATOUT: 10}

# docs/scoring.md §One deal, 6; FFT fascicule, « Le chelem ». Seen from the attack; never
# multiplied.
CHELEM_VALUES = {
    Chelem.ANNOUNCED_MADE: 400,
    Chelem.UNANNOUNCED_MADE: 200,
    Chelem.ANNOUNCED_FAILED: -200,
    Chelem.DEFENSE: -200,
}

TOTAL_POINTS = 91

# FFT fascicule, « Le jeu de la carte »: an attack that takes every trick holds all 91 points,
# or 87 when the defence kept the Excuse, which then counts for 4 points.
CHELEM_ATTACK_POINTS = {3: TOTAL_POINTS, 2: TOTAL_POINTS - 4}

CONTRACT_BASE = 25
PETIT_AU_BOUT_BASE = 10

CAMP_NAMES = {Camp.ATTACK: "l'attaque", Camp.DEFENSE: "la défense"}

# The primes as a sheet names them (docs/scoring.md §Règles du club).
PRIME_NAMES = {
    PoigneeSize.SIMPLE: "poignée simple",
    PoigneeSize.DOUBLE: "poignée double",
    PoigneeSize.TRIPLE: "poignée triple",
    MisereKind.PAS_D_HONNEUR: "pas d'honneur",
    MisereKind.PAS_D_ATOUT: "pas d'atout",
}


def _whole(value) -> str:
    return str(int(value))


def signed(value, *, words: Callable[[Any], str] = _whole) -> str:
    """+30, −10 and 0, as the sheets write a marque, a bilan or a total; empty for no value.

    The one way every page, print and journal signs a number: ``words`` writes it without its
    sign (a whole number by default; a season's score rounded to one decimal), and a value
    that reads as 0 takes no sign."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        value = int(value)
    text = words(abs(value))
    if text == "0":
        return "0"
    return f"+{text}" if value > 0 else f"{MINUS}{text}"


def french_number(value: object) -> str:
    """A number as the sheet writes it: 40,5 rather than 40.5, 92 rather than 92.0."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f") if value == value.to_integral_value() else str(value)
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value))
    else:
        text = str(value)
    return text.replace(".", ",")


def parse_enum(enum: type[StrEnum], value: object, field_name: str, unknown: str):
    """The member of ``enum`` that ``value`` names, or InvalidDeal naming the field.

    ``unknown`` is the start of the French message (« Contrat inconnu »), so that each
    message agrees as French does; a missing value is « à indiquer ».
    """
    allowed = ", ".join(f"« {member.value} »" for member in enum)
    if value is None:
        raise InvalidDeal(field_name, f"{unknown.split()[0]} à indiquer : {allowed}.")
    try:
        return enum(value)
    except ValueError:
        raise InvalidDeal(
            field_name, f"{unknown} : « {value} ». Valeurs possibles : {allowed}."
        ) from None


def bouts_text(bouts: int) -> str:
    return "sans bout" if bouts == 0 else f"avec {bouts} bout" + ("s" if bouts > 1 else "")
