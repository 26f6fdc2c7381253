"""The attack's points its bouts allow (docs/scoring.md §Les points et les bouts)."""

from decimal import Decimal

import pytest

from scoring.rules import Deal, InvalidDeal, points_bounds

CONTRACTS = ["prise", "garde", "garde_sans", "garde_contre"]

# (players, bouts): the least and the most points accepted as the table writes them.
EDGES = {
    (4, 0): (0, 77),
    (4, 1): (4, 81),
    (4, 2): (10, 87),
    (4, 3): (14, 91),
    (3, 0): (0, 78),
    (3, 1): (4, 82),
    (3, 2): (9, 87),
    (3, 3): (13, 91),
    (5, 0): (0, 78),
    (5, 1): (4, 82),
    (5, 2): (9, 87),
    (5, 3): (13, 91),
}


def deal(players, bouts, points, contract="garde"):
    return Deal(players=players, contract=contract, bouts=bouts, points=points)


def refused(players, bouts, points, contract="garde"):
    with pytest.raises(InvalidDeal) as refusal:
        deal(players, bouts, points, contract)
    return refusal.value.field, str(refusal.value)


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize(("players", "bouts"), list(EDGES))
def test_least_and_most_points_the_bouts_allow_are_accepted(players, bouts, contract):
    least, most = EDGES[(players, bouts)]

    assert deal(players, bouts, least, contract).points == least
    assert deal(players, bouts, most, contract).points == most


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize(("players", "bouts"), [key for key in EDGES if key[1] > 0])
def test_one_point_below_the_least_is_refused(players, bouts, contract):
    least, _ = EDGES[(players, bouts)]

    assert refused(players, bouts, least - 1, contract)[0] == "points"


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize(("players", "bouts"), [key for key in EDGES if key[1] < 3])
def test_one_point_above_the_most_is_refused(players, bouts, contract):
    _, most = EDGES[(players, bouts)]

    assert refused(players, bouts, most + 1, contract)[0] == "points"


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(
    ("bouts", "refused_half", "accepted_half"),
    [(2, "8.5", "9.5"), (3, "12.5", "13.5")],
)
def test_half_points_below_the_bouts_at_3_and_5_players_are_refused(
    players, bouts, refused_half, accepted_half
):
    assert deal(players, bouts, Decimal(accepted_half)).points == Decimal(accepted_half)
    assert refused(players, bouts, Decimal(refused_half))[0] == "points"


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(
    ("bouts", "accepted_half", "refused_half"),
    [(0, "77.5", "78.5"), (1, "81.5", "82.5"), (2, "86.5", "87.5")],
)
def test_half_points_above_the_defence_bouts_at_3_and_5_players_are_refused(
    players, bouts, accepted_half, refused_half
):
    assert deal(players, bouts, Decimal(accepted_half)).points == Decimal(accepted_half)
    assert refused(players, bouts, Decimal(refused_half))[0] == "points"


def test_three_bouts_and_5_points_are_refused_saying_why():
    assert refused(4, 3, 5) == (
        "points",
        "Avec 3 bouts, l'attaque a au moins 13,5 points. Chaque bout vaut 4,5 points. "
        "5 n'est pas possible.",
    )


def test_no_bout_and_85_points_are_refused_saying_why():
    assert refused(4, 0, 85) == (
        "points",
        "Sans bout, l'attaque a au plus 77,5 points. La défense a les trois bouts, 4,5 points "
        "chacun. 85 n'est pas possible.",
    )


def test_refusal_at_5_players_says_how_the_half_point_is_written():
    assert refused(5, 3, 12) == (
        "points",
        "Avec 3 bouts, l'attaque a au moins 13,5 points. Chaque bout vaut 4,5 points. "
        "Le demi-point donné à la défense, cela s'écrit 13 ; 12 n'est pas possible.",
    )


def test_one_bout_allows_the_excuse_alone_counted_4():
    assert deal(4, 1, 4, contract="garde_contre").points == 4
    assert refused(4, 1, 3) == (
        "points",
        "Avec 1 bout, l'attaque a au moins 4 points. L'Excuse seule compte 4 points, quand "
        "son camp n'a fait aucun pli. 3 n'est pas possible.",
    )


def test_two_bouts_allow_87_points_when_the_defence_kept_the_excuse():
    assert refused(4, 2, 88) == (
        "points",
        "Avec 2 bouts, l'attaque a au plus 87 points. La défense a le troisième bout, qui lui "
        "compte au moins 4 points. 88 n'est pas possible.",
    )


def test_attack_chelem_with_2_bouts_and_more_than_87_points_is_refused_by_the_bounds():
    with pytest.raises(InvalidDeal) as refusal:
        Deal(players=4, contract="garde", bouts=2, points=88, chelem="announced_made")

    assert str(refusal.value).startswith("Avec 2 bouts, l'attaque a au plus 87 points.")


def test_bounds_count_in_half_points_the_card_points_and_what_is_written():
    assert points_bounds(5, 3) == points_bounds(3, 3)
    bounds = points_bounds(4, 3)

    assert (bounds.least, bounds.most, bounds.lowest, bounds.highest) == (27, 182, 28, 182)
