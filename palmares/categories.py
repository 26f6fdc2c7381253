"""Which prize lists a player belongs to (docs/guide-arbitre/prix.md, « Les catégories »).

What the federation's licence list says of the player (``clubs.Player``) decides, as it was
on the tournament's day:

- **dames**: the player's sex is « F »;
- **jeunes**: the player's catégorie is a young one (it begins with « jeune », « junior »,
  « cadet », « minime », « benjamin » or « poussin », accents and case aside); with no
  catégorie at all, the player was under ``YOUNG_UNDER`` on the tournament's day, by their
  date of birth. A catégorie that says anything else (« Senior », « Vermeil ») is not young,
  whatever the date of birth says: the list's own word comes first;
- **série X**: the player's série is X, as the list writes it (spaces, accents and case aside).

A player without these facts belongs to the scratch ranking only.
"""

import datetime

from clubs.models import Player
from common.names import fold
from palmares.models import Category

YOUNG_UNDER = 18
YOUNG_WORDS = ("jeune", "junior", "cadet", "minime", "benjamin", "poussin")


def serie_key(serie: str) -> str:
    """A série as the lists compare it: « 2 T », « 2t » and « 2T » are one série."""
    return "".join(fold(serie).split())


def list_key(category: str, serie: str = "") -> str:
    """The key of a prize list, as ``prizes.Prize.category`` and ``prizes.Placed`` hold it;
    the scratch ranking's is None."""
    if category == Category.SCRATCH:
        return ""
    if category == Category.SERIE:
        return f"serie:{serie_key(serie)}"
    return category


def age_on(born_on: datetime.date, day: datetime.date) -> int:
    return day.year - born_on.year - ((day.month, day.day) < (born_on.month, born_on.day))


def is_young(player: Player, on: datetime.date) -> bool:
    categorie = fold(player.categorie).strip()
    if categorie:
        return categorie.startswith(YOUNG_WORDS)
    return player.born_on is not None and age_on(player.born_on, on) < YOUNG_UNDER


def lists_of(player: Player, on: datetime.date) -> frozenset[str]:
    """The keys of every category list ``player`` belongs to on the day ``on``."""
    lists = set()
    if player.sex == "F":
        lists.add(Category.LADIES.value)
    if is_young(player, on):
        lists.add(Category.YOUNG.value)
    if serie_key(player.serie):
        lists.add(list_key(Category.SERIE, player.serie))
    return frozenset(lists)


def list_words(player: Player, on: datetime.date) -> str:
    """The player's lists in words, as the prize list shows them: « dame, jeune, série 2 »."""
    lists = lists_of(player, on)
    words = [word for key, word in (("dames", "dame"), ("jeunes", "jeune")) if key in lists]
    if serie_key(player.serie):
        words.append(f"série {' '.join(player.serie.split())}")
    return ", ".join(words)


def ordinal(n: int, *, feminine: bool) -> str:
    """« 1er », « 1re », « 2e », as a French club writes them."""
    if n == 1:
        return "1re" if feminine else "1er"
    return f"{n}e"


def prize_label(category: str, serie: str, n: int) -> str:
    """The words of the n-th prize of a list: « 2e place », « 1re dame », « 1er jeune »,
    « 1er de la série 2 »."""
    if category == Category.LADIES:
        return f"{ordinal(n, feminine=True)} dame"
    if category == Category.YOUNG:
        return f"{ordinal(n, feminine=False)} jeune"
    if category == Category.SERIE:
        return f"{ordinal(n, feminine=False)} de la série {' '.join(serie.split())}"
    return f"{ordinal(n, feminine=True)} place"
