"""Names as French lists order and search them: accents, case and ligatures aside."""

import unicodedata

LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"})


def fold(text: str) -> str:
    """« Œillet » → « oeillet », « Séguin » → « seguin »: what searching and sorting compare."""
    decomposed = unicodedata.normalize("NFKD", (text or "").translate(LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_key(named) -> tuple[str, ...]:
    """The French alphabetical order of a player (last name, first name) or a team (its name)."""
    if hasattr(named, "last_name"):
        return (fold(named.last_name), fold(named.first_name), named.last_name, named.first_name)
    return (fold(named.name), named.name)
