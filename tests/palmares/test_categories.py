"""Which lists a player belongs to, by what the licence list says of them, and the prizes'
words as a French club writes them (docs/guide-arbitre/prix.md, « Les catégories »)."""

import datetime

import pytest

from clubs.models import Player
from palmares.categories import lists_of, prize_label

DAY = datetime.date(2026, 11, 15)


def player(**facts) -> Player:
    return Player(last_name="Martin", first_name="Claire", **facts)


def test_a_player_of_sex_f_is_in_the_ladies_list():
    assert lists_of(player(sex="F"), DAY) == {"dames"}


@pytest.mark.parametrize("categorie", ["Junior", "JEUNES", "cadette", "Minime 2", "Benjamin"])
def test_a_young_categorie_is_young(categorie):
    assert "jeunes" in lists_of(player(categorie=categorie), DAY)


def test_without_a_categorie_the_date_of_birth_decides_on_the_tournaments_day():
    seventeen = player(born_on=datetime.date(2008, 11, 16))  # 18 the day after
    eighteen = player(born_on=datetime.date(2008, 11, 15))

    assert "jeunes" in lists_of(seventeen, DAY)
    assert "jeunes" not in lists_of(eighteen, DAY)


def test_the_licence_lists_own_categorie_comes_before_the_date_of_birth():
    assert "jeunes" not in lists_of(player(categorie="Senior", born_on=DAY), DAY)


def test_a_series_is_read_spaces_and_case_aside():
    assert lists_of(player(serie="2 t"), DAY) == lists_of(player(serie="2T"), DAY) == {"serie:2t"}


def test_a_player_without_facts_is_in_the_scratch_ranking_only():
    assert lists_of(player(), DAY) == frozenset()


@pytest.mark.parametrize(
    ("category", "serie", "n", "words"),
    [
        ("general", "", 1, "1re place"),
        ("general", "", 2, "2e place"),
        ("dames", "", 1, "1re dame"),
        ("jeunes", "", 1, "1er jeune"),
        ("jeunes", "", 3, "3e jeune"),
        ("serie", " 2  T ", 1, "1er de la série 2 T"),
    ],
)
def test_the_prizes_words(category, serie, n, words):
    assert prize_label(category, serie, n) == words
