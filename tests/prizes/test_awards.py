"""Who receives which prize (prizes/awards.py): the order of attribution, « un seul prix »,
ex aequo shared or broken, and a sum that always adds up to the pot."""

import doctest

from hypothesis import given
from hypothesis import strategies as st

import prizes.awards
from prizes import Placed, Prize, Ties, attribute, attribution_order

DAMES = frozenset({"dames"})
JEUNES = frozenset({"jeunes"})

TABLE = [
    Prize("1re place", 10000),
    Prize("2e place", 6000),
    Prize("3e place", 3000),
    Prize("1re dame", 4000, "dames"),
]


def paid(attribution) -> list[tuple[int, str, int]]:
    return [(award.player, award.label, award.cents) for award in attribution.awards]


def test_the_module_s_worked_example_holds():
    assert doctest.testmod(prizes.awards).failed == 0


def test_prizes_are_given_the_largest_first_scratch_before_category_at_equal_amounts():
    table = [Prize("1re dame", 3000, "dames"), Prize("3e place", 3000), Prize("1re", 9000)]

    assert [prize.label for prize in attribution_order(table)] == ["1re", "3e place", "1re dame"]


def test_a_lady_on_the_podium_keeps_her_place_and_the_next_lady_takes_the_ladies_prize():
    ranking = [Placed(1, 1), Placed(2, 2, DAMES), Placed(3, 3), Placed(4, 4, DAMES)]

    assert paid(attribute(TABLE, ranking)) == [
        (1, "1re place", 10000),
        (2, "2e place", 6000),
        (3, "3e place", 3000),
        (4, "1re dame", 4000),
    ]


def test_a_lady_whose_category_pays_more_than_her_place_leaves_her_place_to_the_next():
    ranking = [Placed(1, 1), Placed(2, 2), Placed(3, 3, DAMES), Placed(4, 4)]

    assert paid(attribute(TABLE, ranking)) == [
        (1, "1re place", 10000),
        (2, "2e place", 6000),
        (3, "1re dame", 4000),
        (4, "3e place", 3000),
    ]


def test_without_one_prize_each_a_lady_receives_her_place_and_her_category():
    ranking = [Placed(1, 1), Placed(2, 2, DAMES), Placed(3, 3), Placed(4, 4, DAMES)]

    assert paid(attribute(TABLE, ranking, one_prize_each=False)) == [
        (1, "1re place", 10000),
        (2, "2e place", 6000),
        (2, "1re dame", 4000),
        (3, "3e place", 3000),
    ]


def test_ex_aequo_share_the_prizes_of_the_places_they_occupy():
    ranking = [Placed(1, 1), Placed(2, 2), Placed(3, 2), Placed(4, 4)]

    awards = attribute(TABLE[:3], ranking).awards

    assert [(award.player, award.cents, award.shared_with) for award in awards] == [
        (1, 10000, ()),
        (2, 4500, (3,)),
        (3, 4500, (2,)),
    ]
    assert awards[1].label == "2e place et 3e place"


def test_ex_aequo_at_the_last_paid_place_share_it_with_those_who_receive_nothing():
    ranking = [Placed(1, 1), Placed(2, 2), Placed(3, 3), Placed(4, 3), Placed(5, 3)]

    awards = attribute(TABLE[:3], ranking).awards

    # 30 € among three: 10 € each, and the cents of 1000.00 / 3 given in ranking order.
    assert [(award.player, award.cents) for award in awards] == [
        (1, 10000),
        (2, 6000),
        (3, 1000),
        (4, 1000),
        (5, 1000),
    ]


def test_the_cents_a_share_leaves_go_to_the_first_ex_aequo_in_the_ranking_s_order():
    table = [Prize("1re place", 10001)]
    ranking = [Placed(7, 1), Placed(3, 1), Placed(5, 1)]

    assert [(a.player, a.cents) for a in attribute(table, ranking).awards] == [
        (7, 3334),
        (3, 3334),
        (5, 3333),
    ]


def test_with_a_tie_break_each_ex_aequo_receives_the_prize_of_their_place():
    ranking = [Placed(1, 1), Placed(2, 2), Placed(3, 2), Placed(4, 4)]

    assert paid(attribute(TABLE[:3], ranking, ties=Ties.TIEBREAK)) == [
        (1, "1re place", 10000),
        (2, "2e place", 6000),
        (3, "3e place", 3000),
    ]


def test_a_category_nobody_can_claim_is_said_unawarded():
    ranking = [Placed(1, 1), Placed(2, 2), Placed(3, 3)]

    attribution = attribute(TABLE, ranking)

    assert [prize.label for prize in attribution.unawarded] == ["1re dame"]
    assert attribution.paid_cents + attribution.unawarded_cents == 23000


def test_each_category_takes_its_own_players():
    table = [Prize("1re dame", 2000, "dames"), Prize("1er jeune", 2000, "jeunes")]
    ranking = [Placed(1, 1, JEUNES), Placed(2, 2, DAMES), Placed(3, 3, DAMES | JEUNES)]

    assert paid(attribute(table, ranking)) == [(1, "1er jeune", 2000), (2, "1re dame", 2000)]


# The sum paid equals the pot, always --------------------------------------------------------


@st.composite
def rankings_with_ties(draw):
    """A ranking of 1 to 40 players, ex aequo drawn at random, each in some categories."""
    size = draw(st.integers(1, 40))
    rank, ranking = 1, []
    for index in range(size):
        tied = index > 0 and draw(st.booleans())
        if not tied:
            rank = index + 1
        categories = draw(st.frozensets(st.sampled_from(["dames", "jeunes"])))
        ranking.append(Placed(index + 1, rank, categories))
    return ranking


@st.composite
def prize_tables(draw):
    amounts = draw(st.lists(st.integers(0, 500_000), min_size=1, max_size=12))
    table = [Prize(f"{place}e place", cents) for place, cents in enumerate(amounts, start=1)]
    for category in ("dames", "jeunes"):
        for place, cents in enumerate(draw(st.lists(st.integers(0, 100_000), max_size=3)), 1):
            table.append(Prize(f"{place}e {category}", cents, category))
    return table


@given(prize_tables(), rankings_with_ties(), st.booleans(), st.sampled_from(list(Ties)))
def test_what_is_paid_and_what_nobody_could_claim_add_up_to_the_pot(
    table, ranking, one_prize_each, ties
):
    attribution = attribute(table, ranking, one_prize_each=one_prize_each, ties=ties)

    assert attribution.paid_cents + attribution.unawarded_cents == sum(p.cents for p in table)


@given(prize_tables(), rankings_with_ties(), st.sampled_from(list(Ties)))
def test_with_enough_players_in_every_list_the_whole_pot_is_paid(table, ranking, ties):
    # Everyone in every category, and at least as many players as prizes.
    everyone = frozenset({"dames", "jeunes"})
    ranking = [Placed(p.player, p.rank, everyone) for p in ranking]
    ranking += [Placed(100 + n, 100 + n, everyone) for n in range(len(table))]

    attribution = attribute(table, ranking, ties=ties)

    assert attribution.unawarded == []
    assert attribution.paid_cents == sum(prize.cents for prize in table)


@given(prize_tables(), rankings_with_ties())
def test_with_one_prize_each_nobody_receives_two(table, ranking):
    attribution = attribute(table, ranking, ties=Ties.TIEBREAK)

    players = [award.player for award in attribution.awards]
    assert len(players) == len(set(players))
