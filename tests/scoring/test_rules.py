"""The marque of one deal: docs/scoring.md §One deal, rule by rule, and its worked examples."""

import ast
import doctest
from decimal import Decimal
from pathlib import Path

import pytest

import scoring.club
import scoring.profile
import scoring.ranking
import scoring.rules
import scoring.sheet
from scoring.rules import (
    Camp,
    Chelem,
    Contract,
    Deal,
    Poignee,
    PoigneeSize,
    score_deal,
)

ATTACK_SIMPLE = Poignee(camp="attack", size="simple")
DEFENCE_SIMPLE = Poignee(camp="defense", size="simple")


def deal(**overrides):
    """A garde at 4 players won by 8 (49 points, 2 bouts), changed by the overrides."""
    fields = {"players": 4, "contract": "garde", "points": 49, "bouts": 2}
    fields.update(overrides)
    return Deal(**fields)


# Worked examples of the FFT fascicule (docs/scoring.md §Worked examples), at 4 players.


def test_e1_garde_won_by_8_with_attack_poignee_and_petit_au_bout_to_attack():
    marque = score_deal(deal(petit_au_bout="attack", poignees=(ATTACK_SIMPLE,)))

    assert (marque.contract_points, marque.poignees, marque.petit_au_bout) == (66, (20,), 20)
    assert (marque.defender, marque.taker) == (-106, 318)


def test_e2_garde_sans_won_by_4_with_petit_au_bout_to_defence():
    marque = score_deal(deal(contract="garde_sans", points=45, petit_au_bout="defense"))

    assert (marque.contract_points, marque.petit_au_bout) == (116, -40)
    assert (marque.defender, marque.taker) == (-76, 228)


def test_e3_prise_lost_by_7_with_attack_poignee_and_petit_au_bout_to_attack():
    marque = score_deal(
        deal(
            contract="prise", points=44, bouts=1, petit_au_bout="attack", poignees=(ATTACK_SIMPLE,)
        )
    )

    assert (marque.contract_points, marque.poignees, marque.petit_au_bout) == (-32, (-20,), 10)
    assert (marque.defender, marque.taker) == (42, -126)


def test_e4_garde_won_by_11_with_defence_poignee():
    marque = score_deal(deal(points=52, poignees=(DEFENCE_SIMPLE,)))

    assert (marque.contract_points, marque.poignees) == (72, (20,))
    assert (marque.defender, marque.taker) == (-92, 276)


def test_e5_garde_with_announced_chelem_made_poignee_and_petit_au_bout():
    marque = score_deal(
        deal(
            points=87,
            petit_au_bout="attack",
            poignees=(ATTACK_SIMPLE,),
            chelem="announced_made",
        )
    )

    assert (marque.contract_points, marque.chelem) == (142, 400)
    assert (marque.defender, marque.taker) == (-582, 1746)


def test_e6_garde_won_by_2_with_petit_au_bout_to_attack():
    marque = score_deal(deal(points=43, petit_au_bout="attack"))

    assert (marque.defender, marque.taker) == (-74, 222)


# docs/scoring.md §One deal, 1: the target by bouts.


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_target_depends_on_the_bouts(bouts, target):
    assert score_deal(deal(bouts=bouts, points=60)).target == target


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_equal_to_target_make_the_contract_juste_fait(bouts, target):
    marque = score_deal(deal(bouts=bouts, points=target))

    assert (marque.won, marque.difference, marque.juste_fait) == (True, 0, True)


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_one_point_below_target_is_lost_by_one(bouts, target):
    marque = score_deal(deal(bouts=bouts, points=target - 1))

    assert (marque.won, marque.difference) == (False, -1)


def test_juste_fait_keeps_its_25():
    marque = score_deal(deal(contract="prise", points=41))

    assert (marque.base, marque.value, marque.taker) == (25, 25, 75)


def test_lost_contract_costs_25_plus_the_missing_points():
    marque = score_deal(deal(contract="prise", points=30))

    assert (marque.base, marque.value, marque.taker, marque.defender) == (36, -36, -108, 36)


# docs/scoring.md §One deal, 2: half points at 3 and 5 players go to the winning camp.


def test_half_point_short_of_target_goes_to_defence_at_3_players():
    marque = score_deal(deal(players=3, contract="prise", points=40.5))

    assert (marque.won, marque.counted_points, marque.difference) == (False, 40, -1)
    assert (marque.taker, marque.defender) == (-52, 26)


def test_half_point_over_target_goes_to_attack_at_3_players():
    marque = score_deal(deal(players=3, contract="prise", points=41.5))

    assert (marque.won, marque.counted_points, marque.difference) == (True, 42, 1)
    assert (marque.taker, marque.defender) == (52, -26)


def test_half_point_short_of_target_goes_to_defence_at_5_players():
    marque = score_deal(deal(players=5, partner=True, contract="prise", points=Decimal("40.5")))

    assert (marque.won, marque.difference) == (False, -1)
    assert (marque.taker, marque.partner, marque.defender) == (-52, -26, 26)


def test_half_point_over_target_goes_to_attack_at_5_players():
    marque = score_deal(deal(players=5, partner=True, contract="prise", points=Decimal("41.5")))

    assert (marque.won, marque.difference) == (True, 1)
    assert (marque.taker, marque.partner, marque.defender) == (52, 26, -26)


def test_half_points_are_not_truncated_to_juste_fait():
    marque = score_deal(deal(players=3, points=41.5))

    assert (marque.juste_fait, marque.base, marque.value) == (False, 26, 52)


def test_half_point_far_over_target_rounds_up():
    assert score_deal(deal(players=3, bouts=0, points=60.5)).difference == 5


def test_half_point_far_under_target_rounds_toward_defence():
    assert score_deal(deal(players=5, bouts=0, points=30.5)).difference == -26


def test_half_point_given_as_float_or_decimal_scores_the_same():
    as_float = score_deal(deal(players=3, points=45.5))
    as_decimal = score_deal(deal(players=3, points=Decimal("45.5")))

    assert as_float == as_decimal
    assert as_float.taker == 2 * (25 + 5) * 2


def test_points_are_kept_exactly():
    assert deal(players=3, points=40.5).points == Decimal("40.5")
    assert deal(points=Decimal("49.0")).points == 49
    assert type(deal(points=Decimal("49.0")).points) is int


# docs/scoring.md §One deal, 3: base times the contract's multiplier.


@pytest.mark.parametrize(
    ("contract", "multiplier"),
    [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)],
)
def test_contract_multiplies_the_base(contract, multiplier):
    marque = score_deal(deal(contract=contract))

    assert (marque.multiplier, marque.base, marque.contract_points) == (
        multiplier,
        33,
        33 * multiplier,
    )


def test_garde_contre_lost_costs_six_times_the_base():
    marque = score_deal(deal(contract="garde_contre", points=31))

    assert (marque.contract_points, marque.taker) == (-210, -630)


# docs/scoring.md §One deal, 4: the petit au bout goes to its camp, whatever the result.


def test_petit_au_bout_to_attack_on_won_contract():
    marque = score_deal(deal(petit_au_bout="attack"))

    assert (marque.petit_au_bout, marque.value) == (20, 86)


def test_petit_au_bout_to_attack_on_lost_contract_still_counts_for_attack():
    marque = score_deal(deal(points=36, petit_au_bout="attack"))

    assert (marque.won, marque.petit_au_bout, marque.value) == (False, 20, -40)


def test_petit_au_bout_to_defence_on_won_contract_is_taken_off_the_gain():
    marque = score_deal(deal(petit_au_bout="defense"))

    assert (marque.won, marque.petit_au_bout, marque.value) == (True, -20, 46)


def test_petit_au_bout_to_defence_on_lost_contract():
    marque = score_deal(deal(points=36, petit_au_bout="defense"))

    assert (marque.petit_au_bout, marque.value) == (-20, -80)


def test_garde_sans_lost_with_petit_au_bout_to_defence():
    marque = score_deal(deal(contract="garde_sans", points=36, petit_au_bout="defense"))

    assert (marque.contract_points, marque.petit_au_bout) == (-120, -40)
    assert (marque.taker, marque.defender) == (-480, 160)


@pytest.mark.parametrize(
    ("contract", "prime"),
    [("prise", 10), ("garde", 20), ("garde_sans", 40), ("garde_contre", 60)],
)
def test_petit_au_bout_is_multiplied_by_the_contract(contract, prime):
    assert score_deal(deal(contract=contract, petit_au_bout="attack")).petit_au_bout == prime


def test_no_petit_au_bout_counts_nothing():
    assert score_deal(deal()).petit_au_bout == 0


# docs/scoring.md §One deal, 5: the poignée goes to the camp that wins the deal.


@pytest.mark.parametrize(("size", "prime"), [("simple", 20), ("double", 30), ("triple", 40)])
def test_poignee_prime_by_size(size, prime):
    marque = score_deal(deal(poignees=(Poignee(camp="attack", size=size),)))

    assert marque.poignees == (prime,)


def test_poignee_is_not_multiplied_by_the_contract():
    marque = score_deal(deal(contract="garde_contre", poignees=(ATTACK_SIMPLE,)))

    assert (marque.poignees, marque.value) == ((20,), 33 * 6 + 20)


def test_attack_poignee_goes_to_defence_when_contract_lost():
    marque = score_deal(deal(contract="prise", points=36, poignees=(ATTACK_SIMPLE,)))

    assert (marque.poignees, marque.value, marque.defender) == ((-20,), -50, 50)


def test_defence_poignee_goes_to_attack_when_contract_won():
    marque = score_deal(deal(contract="prise", poignees=(DEFENCE_SIMPLE,)))

    assert (marque.poignees, marque.value, marque.taker) == ((20,), 53, 159)


def test_defence_poignee_goes_to_defence_when_contract_lost():
    marque = score_deal(deal(contract="prise", points=36, poignees=(DEFENCE_SIMPLE,)))

    assert (marque.poignees, marque.defender) == ((-20,), 50)


def test_several_poignees_in_one_deal_all_go_to_the_winner():
    marque = score_deal(deal(poignees=(ATTACK_SIMPLE, DEFENCE_SIMPLE)))

    assert (marque.poignees, marque.value) == ((20, 20), 106)


def test_attack_and_defence_poignees_at_5_players_go_to_the_defence_on_a_lost_contract():
    poignees = (Poignee("attack", "simple"), Poignee("defense", "double"))
    marque = score_deal(deal(players=5, partner=True, points=36, poignees=poignees))

    assert (marque.poignees, marque.value) == ((-20, -30), -110)


def test_two_attack_poignees_at_5_players_with_a_partner():
    poignees = (Poignee("attack", "simple"), Poignee("attack", "simple"))
    marque = score_deal(deal(players=5, partner=True, poignees=poignees))

    assert (marque.poignees, marque.taker, marque.partner) == ((20, 20), 212, 106)


# docs/scoring.md §One deal, 6: chelem primes, never multiplied.


def test_chelem_announced_and_made_adds_400():
    marque = score_deal(deal(contract="garde_contre", points=91, bouts=3, chelem="announced_made"))

    assert (marque.chelem, marque.value) == (400, 80 * 6 + 400)


def test_chelem_made_without_announcement_adds_200():
    marque = score_deal(deal(points=91, bouts=3, chelem="unannounced_made"))

    assert (marque.chelem, marque.value, marque.taker) == (200, 360, 1080)


def test_chelem_announced_and_failed_on_won_contract_takes_200():
    marque = score_deal(deal(chelem="announced_failed"))

    assert (marque.won, marque.chelem, marque.value, marque.taker) == (True, -200, -134, -402)


def test_chelem_announced_and_failed_on_lost_contract_takes_200_more():
    marque = score_deal(deal(contract="prise", points=36, chelem="announced_failed"))

    assert (marque.won, marque.chelem, marque.value) == (False, -200, -230)
    assert (marque.taker, marque.defender) == (-690, 230)


def test_defence_chelem_gives_each_defender_200_more():
    marque = score_deal(deal(contract="prise", points=0, bouts=0, chelem="defense"))

    assert (marque.contract_points, marque.chelem) == (-81, -200)
    assert (marque.defender, marque.taker) == (281, -843)


@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans", "garde_contre"])
def test_chelem_is_never_multiplied_by_the_contract(contract):
    marque = score_deal(deal(contract=contract, points=91, bouts=3, chelem="announced_made"))

    assert marque.chelem == 400
    assert marque.value == 80 * marque.multiplier + 400


def test_chelem_made_with_the_excuse_kept_by_the_defence_counts_87_points():
    marque = score_deal(deal(points=87, chelem="unannounced_made"))

    assert (marque.difference, marque.chelem, marque.value) == (46, 200, 342)


def test_no_chelem_counts_nothing():
    assert score_deal(deal()).chelem == 0


# docs/scoring.md §One deal, 8: the attack's marque by table size.


def test_taker_at_3_players_marks_twice_v():
    marque = score_deal(deal(players=3))

    assert (marque.taker, marque.partner, marque.defender, marque.taker_factor) == (
        132,
        None,
        -66,
        2,
    )


def test_taker_at_4_players_marks_three_times_v():
    marque = score_deal(deal())

    assert (marque.taker, marque.partner, marque.defender, marque.taker_factor) == (
        198,
        None,
        -66,
        3,
    )


def test_taker_with_partner_at_5_players_marks_twice_v_and_partner_v():
    marque = score_deal(deal(players=5, partner=True))

    assert (marque.taker, marque.partner, marque.defender) == (132, 66, -66)


def test_taker_alone_at_5_players_marks_four_times_v():
    marque = score_deal(deal(players=5, partner=False))

    assert (marque.taker, marque.partner, marque.defender, marque.taker_factor) == (
        264,
        None,
        -66,
        4,
    )


def test_partner_shares_every_prime():
    marque = score_deal(
        deal(
            players=5,
            partner=True,
            points=91,
            bouts=3,
            petit_au_bout="attack",
            poignees=(Poignee("attack", "double"),),
            chelem="announced_made",
        )
    )

    assert marque.value == 160 + 20 + 30 + 400
    assert (marque.taker, marque.partner, marque.defender) == (1220, 610, -610)


def test_partner_shares_a_lost_contract_and_its_primes():
    marque = score_deal(
        deal(
            players=5,
            partner=True,
            points=30,
            petit_au_bout="defense",
            poignees=(Poignee("attack", "simple"),),
            chelem="announced_failed",
        )
    )

    assert marque.value == -72 - 20 - 20 - 200
    assert (marque.taker, marque.partner, marque.defender) == (-624, -312, 312)


def test_attack_total_is_taker_plus_partner():
    assert score_deal(deal(players=5, partner=True)).attack == 198


# Interchangeable strings and enums, frozen values.


def test_strings_and_enum_members_make_the_same_deal():
    from_strings = deal(petit_au_bout="attack", chelem="announced_failed", poignees=[ATTACK_SIMPLE])
    from_members = deal(
        contract=Contract.GARDE,
        petit_au_bout=Camp.ATTACK,
        chelem=Chelem.ANNOUNCED_FAILED,
        poignees=(Poignee(Camp.ATTACK, PoigneeSize.SIMPLE),),
    )

    assert from_strings == from_members
    assert from_strings.contract is Contract.GARDE
    assert from_strings.poignees == (ATTACK_SIMPLE,)


def test_enum_members_equal_their_strings():
    assert Contract.GARDE_SANS == "garde_sans"
    assert Chelem.DEFENSE == "defense"
    assert Poignee("defense", "triple").size == "triple"


def test_deal_is_frozen():
    with pytest.raises(AttributeError):
        deal().points = 50


# The module stays pure, and its own examples hold.


@pytest.mark.parametrize(
    "module", [scoring.rules, scoring.sheet, scoring.ranking, scoring.club, scoring.profile]
)
def test_module_examples_hold(module):
    result = doctest.testmod(module)

    assert (result.attempted > 0, result.failed) == (True, 0)


def test_scoring_imports_nothing_from_django():
    imported = set()
    for path in Path(scoring.rules.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])

    assert "django" not in imported
    assert imported <= {
        "__future__",
        "collections",
        "dataclasses",
        "decimal",
        "fractions",
        "enum",
        "math",
        "scoring",
        "typing",
    }
