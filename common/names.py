"""Names as French lists order and search them: accents, case and ligatures aside.

Searching: ``Player.search_name`` holds the player's names folded by ``fold`` (« Œillet
Gwénaëlle » → « oeillet gwenaelle »), written whenever the player is saved, and a search
compares it with the folded words typed. The fold is Python's, so SQLite and PostgreSQL find
exactly the same players; a database function (PostgreSQL's ``unaccent``, a function
registered on each SQLite connection) would need an extension on one and would fold
differently on the other.

Sorting: every list of names is sorted here, in Python, by ``name_key``, not by the
database, whose collation differs from one server to the next (« C », « fr_FR »…). The lists
are those of one tournament, a few hundred names at most.
"""

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.db.models import Q

LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"})

# Player.search_name's length: folding may lengthen a name (« œ » → « oe », and NFKD turns some
# single characters into a dozen), so an odd name is cut rather than refused.
SEARCH_NAME_MAX_LENGTH = 255

T = TypeVar("T")


def fold(text: str) -> str:
    """« Œillet » → « oeillet », « Séguin » → « seguin »: what searching and sorting compare."""
    decomposed = unicodedata.normalize("NFKD", (text or "").translate(LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def same_name(typed: str, known: str) -> bool:
    """Whether two spellings write one name: accents, case and ligatures aside, and the
    spaces, hyphens and apostrophes a list may keep or drop (« Lefevre » is « LEFÈVRE »,
    « Dartagnan » is « D'Artagnan »)."""
    return _letters(typed) == _letters(known)


def _letters(text: str) -> str:
    return "".join(c for c in fold(text) if c.isalnum())


def name_key(named) -> tuple[str, ...]:
    """The French alphabetical order of a player (last name, first name) or a team (its name)."""
    if hasattr(named, "last_name"):
        return (fold(named.last_name), fold(named.first_name), named.last_name, named.first_name)
    return (fold(named.name), named.name)


def search_name(*, last_name: str, first_name: str) -> str:
    """What a search compares a player with: « Lefèvre », « Zoé » → « lefevre zoe »."""
    return fold(f"{last_name} {first_name}")[:SEARCH_NAME_MAX_LENGTH]


def name_matches(word: str, *, player: str = "") -> Q:
    """Players (or rows reaching them through ``player``, e.g. « player__ ») whose names hold
    ``word``, accents, case and ligatures aside: « lefevre », « LEFÈVRE » find Lefèvre.

    A word may fold to several (« a¨b » → « a b ») or to none (a lone accent): each must be
    found; a word that folds to nothing finds nobody. Control and format characters (NUL,
    which PostgreSQL refuses in a query, zero-width spaces) are no part of a name: dropped.
    """
    printable = "".join(c for c in fold(word) if not unicodedata.category(c).startswith("C"))
    pieces = printable.split()
    if not pieces:
        return Q(pk__in=[])
    match = Q()
    for piece in pieces:
        match &= Q(**{f"{player}search_name__contains": piece})
    return match


def by_name(items: Iterable[T], *, player: Callable[[T], object] = lambda item: item) -> list[T]:
    """``items`` in French alphabetical order of the player (or team) each one names."""
    return sorted(items, key=lambda item: name_key(player(item)))
