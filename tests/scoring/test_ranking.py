"""The ranking from plain sums: scoring.ranking, the FFT's « classement », ex aequo shared."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import (
    PlayerScore,
    TeamScore,
    rank_by_total,
    rank_of,
    rank_players,
    rank_teams,
    team_scores,
)


def score(key, *bilans, penalties=0, order=()):
    return PlayerScore(
        key=key, bilans=dict(enumerate(bilans, start=1)), penalties=penalties, order=order
    )


def test_the_total_is_the_sum_of_the_bilans_less_the_penalties():
    assert score("a", 120, -40, 300, penalties=50).total == 330


def test_a_position_not_played_counts_nothing_and_is_not_a_zero_bilan():
    late = PlayerScore(key="late", bilans={2: 80, 3: -20})

    assert late.total == 60
    assert 1 not in late.bilans


def test_the_highest_total_ranks_first():
    standings = rank_players([score("low", -30), score("high", 90), score("mid", 10)])

    assert [(s.rank, s.item.key) for s in standings] == [(1, "high"), (2, "mid"), (3, "low")]


def test_equal_totals_share_a_rank_and_the_next_rank_skips():
    standings = rank_players(
        [score("a", 100), score("b", 50), score("c", 50), score("d", 20), score("e", 50)]
    )

    assert [s.rank for s in standings] == [1, 2, 2, 2, 5]
    assert [s.tied for s in standings] == [False, True, True, True, False]


def test_equal_totals_are_listed_by_their_order_key_without_changing_the_rank():
    standings = rank_players([score("z", 10, order=("zola",)), score("a", 10, order=("abel",))])

    assert [(s.rank, s.item.key) for s in standings] == [(1, "a"), (1, "z")]


def test_ties_are_decided_on_the_total_after_penalties():
    standings = rank_players([score("a", 100), score("b", 110, penalties=10), score("c", 100)])

    assert [(s.rank, s.tied) for s in standings] == [(1, True), (1, True), (1, True)]
    assert rank_players([score("a", 100), score("b", 100, penalties=1)])[1].rank == 2


def test_penalties_are_given_as_a_positive_number():
    with pytest.raises(ValueError):
        PlayerScore(key="a", bilans={1: 10}, penalties=-5)


def test_a_team_adds_up_its_members_totals():
    players = {1: score(1, 100), 2: score(2, -30, penalties=20), 3: score(3, 5)}

    (duo,) = team_scores({"les As": [1, 2]}, players)

    assert duo.total == 50


def test_a_team_member_who_never_played_adds_nothing():
    (duo,) = team_scores({"les As": [1, 9]}, {1: score(1, 70)})

    assert duo.total == 70


def test_teams_are_ranked_like_players_with_ex_aequo():
    standings = rank_teams(
        [TeamScore("x", (1, 2), 40), TeamScore("y", (3, 4), 90), TeamScore("z", (5, 6), 40)]
    )

    assert [(s.rank, s.tied, s.item.key) for s in standings] == [
        (1, False, "y"),
        (2, True, "x"),
        (2, True, "z"),
    ]


def test_an_empty_ranking_is_empty():
    assert rank_players([]) == []


def test_a_player_who_played_no_position_comes_after_those_who_lost_with_no_rank():
    loser = score("loser", -120)
    absent = PlayerScore(key="absent", bilans={})

    standings = rank_players([absent, loser, score("winner", 120)])

    assert [(s.item.key, s.rank, s.total) for s in standings] == [
        ("winner", 1, 120),
        ("loser", 2, -120),
        ("absent", None, 0),
    ]


def test_players_who_have_not_played_share_no_rank_and_are_listed_by_their_order_key():
    standings = rank_players(
        [
            PlayerScore(key="zola", bilans={}, order=("zola",)),
            PlayerScore(key="abel", bilans={}, order=("abel",)),
        ]
    )

    assert [(s.item.key, s.rank, s.tied) for s in standings] == [
        ("abel", None, False),
        ("zola", None, False),
    ]


@given(st.lists(st.integers(min_value=-500, max_value=500), min_size=1, max_size=30), st.data())
def test_one_players_rank_is_the_one_the_whole_ranking_gives(totals, data):
    mine = data.draw(st.sampled_from(totals))
    standing = next(s for s in rank_by_total(totals, total=lambda total: total) if s.item == mine)

    assert rank_of(mine, totals) == (standing.rank, standing.tied)


def test_equal_totals_share_the_rank_of_the_first_of_them():
    assert rank_of(10, [30, 10, 10, -50]) == (2, True)
    assert rank_of(-50, [30, 10, 10, -50]) == (4, False)
