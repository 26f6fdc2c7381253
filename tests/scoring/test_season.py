"""The season over the club's evenings: scoring.season, its three methods, best K, minimum M."""

import doctest
import pickle
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.season
from scoring.season import (
    Evening,
    EveningResult,
    Method,
    average_places,
    best_evenings,
    place_points,
    rank_season,
    rounded,
)

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None)


def evening(key, **totals):
    return Evening(key=key, totals=totals)


def line_of(season, key):
    return next(line for line in season.ranked + season.unranked if line.key == key)


# Place points.


def test_the_first_of_an_evening_gets_1000_and_the_last_0():
    places = average_places({"a": 90, "b": 10, "c": -100})

    assert [place_points(places[key], 3) for key in "abc"] == [1000, 500, 0]


def test_place_points_follow_the_formula_with_n_the_players_ranked_that_evening():
    assert place_points(Fraction(3), 12) == Fraction(9, 11) * 1000


def test_ex_aequo_share_the_average_of_the_places_they_hold():
    places = average_places({"a": 50, "b": 10, "c": 10, "d": 10, "e": -70})

    assert places == {"a": 1, "b": 3, "c": 3, "d": 3, "e": 5}


def test_two_tied_for_first_share_places_one_and_two():
    places = average_places({"a": 20, "b": 20, "c": -40})

    assert places["a"] == Fraction(3, 2)
    assert place_points(places["a"], 3) == 750


def test_a_lone_player_gets_500_the_average_every_evening_hands_out():
    assert place_points(Fraction(1), 1) == 500


def test_a_place_outside_the_evening_is_an_error():
    with pytest.raises(ValueError):
        place_points(Fraction(5), 4)


# The three methods.


def test_cumul_adds_up_the_evening_totals():
    season = rank_season(
        [evening(1, ana=120, bea=-120), evening(2, ana=-30, bea=30)], method=Method.CUMUL
    )

    assert [(line.key, line.score) for line in season.ranked] == [("ana", 90), ("bea", -90)]


def test_place_points_add_up_the_places_not_the_totals():
    season = rank_season(
        [evening(1, ana=900, bea=-900), evening(2, ana=-10, bea=10), evening(3, ana=-5, bea=5)],
        method=Method.PLACE_POINTS,
    )

    assert [(line.key, line.score) for line in season.ranked] == [("bea", 2000), ("ana", 1000)]


def test_moyenne_is_the_average_of_the_evenings_counted_exactly():
    season = rank_season(
        [evening(1, ana=100, bea=0), evening(2, ana=0, bea=0), evening(3, ana=0, bea=0)],
        method=Method.AVERAGE,
    )

    assert line_of(season, "ana").score == Fraction(100, 3)


def test_moyenne_does_not_reward_attendance():
    season = rank_season(
        [evening(1, ana=50, bea=40), evening(2, bea=40, cyr=-80)], method=Method.AVERAGE
    )

    assert [(line.key, line.score) for line in season.ranked][:2] == [("ana", 50), ("bea", 40)]


def test_the_method_is_read_from_its_stored_value():
    season = rank_season([evening(1, ana=10, bea=0)], method="points_de_place")

    assert season.method is Method.PLACE_POINTS
    assert line_of(season, "ana").score == 1000


# Best K evenings, at least M.


def test_only_the_best_k_evenings_count_and_the_others_are_dropped():
    evenings = [evening(n, ana=total, bea=0) for n, total in enumerate([10, -50, 30, 20], 1)]

    ana = line_of(rank_season(evenings, method=Method.CUMUL, best=2), "ana")

    assert ana.score == 50
    assert [(r.evening, r.counted) for r in ana.evenings] == [
        (1, False),
        (2, False),
        (3, True),
        (4, True),
    ]


def test_of_two_equal_evenings_the_earlier_is_kept():
    assert best_evenings([Fraction(5), Fraction(7), Fraction(5)], 2) == {0, 1}


def test_a_player_with_fewer_evenings_than_k_counts_them_all():
    ana = line_of(rank_season([evening(1, ana=10, bea=0)], method=Method.CUMUL, best=4), "ana")

    assert (ana.score, len(ana.counted)) == (10, 1)


def test_moyenne_of_the_best_k_divides_by_the_evenings_counted():
    evenings = [evening(n, ana=total, bea=0) for n, total in enumerate([10, 40, 70], 1)]

    ana = line_of(rank_season(evenings, method=Method.AVERAGE, best=2), "ana")

    assert ana.score == 55


def test_players_below_the_minimum_are_listed_apart_without_rank():
    evenings = [evening(1, ana=10, bea=0, cyr=900), evening(2, ana=10, bea=0)]

    season = rank_season(evenings, method=Method.CUMUL, minimum=2)

    assert [line.key for line in season.ranked] == ["ana", "bea"]
    assert [(line.key, line.rank, line.ranked) for line in season.unranked] == [
        ("cyr", None, False)
    ]


def test_best_below_one_or_minimum_below_one_is_an_error():
    with pytest.raises(ValueError):
        rank_season([evening(1, ana=1)], method=Method.CUMUL, best=0)
    with pytest.raises(ValueError):
        rank_season([evening(1, ana=1)], method=Method.CUMUL, minimum=0)


# Ties.


def test_equal_scores_are_decided_by_more_evenings_played():
    evenings = [evening(1, ana=50, bea=50, cyr=-100), evening(2, bea=0, cyr=0)]

    season = rank_season(evenings, method=Method.CUMUL)

    assert [(line.rank, line.key) for line in season.ranked][:2] == [(1, "bea"), (2, "ana")]


def test_then_by_the_best_single_evening():
    evenings = [evening(1, ana=80, bea=40, cyr=-120), evening(2, ana=-40, bea=0, cyr=40)]

    season = rank_season(evenings, method=Method.CUMUL)

    assert [(line.rank, line.key) for line in season.ranked][:2] == [(1, "ana"), (2, "bea")]


def test_equal_after_every_tie_break_share_a_rank_listed_by_order():
    evenings = [evening(1, zoe=30, abel=30, cyr=-60)]

    season = rank_season(evenings, method=Method.CUMUL, order={"zoe": ("zoe",), "abel": ("abel",)})

    assert [(line.rank, line.tied, line.key) for line in season.ranked] == [
        (1, True, "abel"),
        (1, True, "zoe"),
        (3, False, "cyr"),
    ]


def test_the_best_single_evening_is_always_among_those_counted():
    evenings = [evening(n, ana=total, bea=0) for n, total in enumerate([90, 10], 1)]

    ana = line_of(rank_season(evenings, method=Method.CUMUL, best=1), "ana")

    assert (ana.best, ana.score) == (90, 90)


# Display.


def test_scores_are_shown_rounded_half_up_to_one_decimal():
    assert rounded(Fraction(1000, 3)) == Decimal("333.3")
    assert rounded(Fraction(5, 4)) == Decimal("1.3")
    assert rounded(Fraction(-5, 4)) == Decimal("-1.3")
    assert rounded(Fraction(1999, 2)) == Decimal("999.5")
    assert rounded(42) == Decimal("42")


def test_the_module_examples_hold():
    result = doctest.testmod(scoring.season)

    assert (result.attempted > 0, result.failed) == (True, 0)


# Properties.

totals = st.integers(-5000, 5000)
names = st.sampled_from(["ana", "bea", "cyr", "dan", "eve", "fil", "gus"])
evening_totals = st.dictionaries(names, totals, min_size=1, max_size=7)


@PROPERTY_SETTINGS
@given(st.lists(totals, min_size=1, max_size=8), st.integers(1, 8))
def test_the_k_evenings_counted_are_worth_no_less_than_any_other_k(values, best):
    kept = best_evenings([Fraction(v) for v in values], best)
    worth = sum(values[index] for index in kept)

    size = min(best, len(values))
    assert len(kept) == size
    assert all(worth >= sum(other) for other in combinations(values, size))


@PROPERTY_SETTINGS
@given(st.lists(evening_totals, min_size=1, max_size=6), st.integers(1, 6))
def test_a_season_line_counts_its_best_k_evenings(evenings, best):
    season = rank_season(
        [Evening(key=n, totals=t) for n, t in enumerate(evenings)],
        method=Method.PLACE_POINTS,
        best=best,
    )

    for line in season.ranked:
        values = [result.value for result in line.evenings]
        size = min(best, len(values))
        assert line.score == sum(result.value for result in line.counted)
        assert all(line.score >= sum(other) for other in combinations(values, size))


@PROPERTY_SETTINGS
@given(evening_totals)
def test_place_points_stay_within_0_and_1000(totals):
    places = average_places(totals)

    assert all(0 <= place_points(place, len(totals)) <= 1000 for place in places.values())


@PROPERTY_SETTINGS
@given(evening_totals)
def test_ex_aequo_get_the_same_place_points(totals):
    places = average_places(totals)
    points = {key: place_points(places[key], len(totals)) for key in totals}

    for first, second in combinations(totals, 2):
        if totals[first] == totals[second]:
            assert points[first] == points[second]
        else:
            assert (points[first] > points[second]) == (totals[first] > totals[second])


@PROPERTY_SETTINGS
@given(evening_totals)
def test_an_evening_hands_out_500_points_a_player_on_average(totals):
    places = average_places(totals)

    total = sum(place_points(place, len(totals)) for place in places.values())

    assert total == 500 * len(totals)


@PROPERTY_SETTINGS
@given(st.lists(evening_totals, min_size=1, max_size=6), st.sampled_from(list(Method)))
def test_ranks_follow_score_then_evenings_then_best(evenings, method):
    season = rank_season([Evening(key=n, totals=t) for n, t in enumerate(evenings)], method=method)

    keys = [(line.score, line.played, line.best) for line in season.ranked]
    assert keys == sorted(keys, reverse=True)
    for before, after in zip(season.ranked, season.ranked[1:], strict=False):
        same = (before.score, before.played, before.best) == (after.score, after.played, after.best)
        assert (after.rank == before.rank) == same


def test_a_result_read_back_from_the_cache_is_the_same_result():
    result = EveningResult(
        evening=7, index=2, total=-29, twice_place=5, players=12, scaled=900, scale=22,
        counted=False,
    )  # fmt: skip

    assert pickle.loads(pickle.dumps(result)) == result


def test_places_an_evening_published_rank_it_rather_than_its_totals():
    # A championship: the finalist « b » is 2nd on −85, above « c » eliminated on −29;
    # « c » and « d » share places 3 and 4.
    staged = Evening(
        key="championnat",
        totals={"a": 131, "b": -85, "c": -29, "d": -29},
        places={"a": 1, "b": 2, "c": 3, "d": 3},
    )

    season = rank_season([staged], method="points_de_place")

    scores = {line.key: line.score for line in season.ranked}
    assert scores == {
        "a": 1000,
        "b": Fraction(2000, 3),
        "c": Fraction(500, 3),
        "d": Fraction(500, 3),
    }
    assert {line.key: line.evenings[0].place for line in season.ranked}["c"] == Fraction(7, 2)
