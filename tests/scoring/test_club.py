"""The club's rules (docs/scoring.md §Règles du club): every worked example, seat by seat."""

from decimal import Decimal

import pytest

from scoring.club import SeatPrime, score_seats
from scoring.profile import FFT, RuleProfile
from scoring.rules import Deal, Misere, Poignee, score_deal

FOUR = ("N", "E", "S", "O")
FIVE = ("N", "E", "S", "O", "C")

CLUB = RuleProfile(club=True)
MISERES = RuleProfile(club=True, miseres=True)
INDIVIDUAL = RuleProfile(club=True, individual_primes=True)
MISERES_INDIVIDUAL = RuleProfile(club=True, miseres=True, individual_primes=True)
ROUNDED = RuleProfile(club=True, round_to_ten=True)
SEUL = RuleProfile(club=True, seul_contre_tous=True)


def marques(deal, profile, seats=FOUR, taker="N", **roles):
    return score_seats(deal, seats=seats, taker=taker, profile=profile, **roles).marques


def example_1():
    """Garde, 56 points with 1 bout (+5), taker Nord wins; Est showed a simple poignée."""
    return Deal(
        players=4,
        contract="garde",
        points=56,
        bouts=1,
        poignees=(Poignee(camp="defense", size="simple", seat="E"),),
    )


def example_2():
    """Prise, 38 points with 2 bouts (−3), taker Nord falls; Sud announced « pas d'atout »."""
    return Deal(
        players=4,
        contract="prise",
        points=38,
        bouts=2,
        miseres=(Misere(camp="defense", kind="pas_d_atout", seat="S"),),
    )


def example_4():
    """5 players, taker Nord, partner Sud, garde, 45 points with 2 bouts (+4)."""
    return Deal(players=5, contract="garde", points=45, bouts=2, partner=True)


# Example 1: a poignée by the losing defence.


def test_example_1_fft_gives_the_poignee_to_the_winning_camp():
    assert marques(example_1(), FFT) == {"N": 240, "E": -80, "S": -80, "O": -80}


def test_example_1_individual_primes_make_est_pay_three_times_the_poignee():
    assert marques(example_1(), INDIVIDUAL) == {"N": 200, "E": -120, "S": -40, "O": -40}


def test_example_1_individual_primes_name_who_pays_the_poignee():
    scored = score_seats(example_1(), seats=FOUR, taker="N", profile=INDIVIDUAL)

    assert scored.primes == (
        SeatPrime(seat="E", name="poignée simple", value=20, gain=-60, others=3),
    )
    assert scored.primes[0].each == 20


# Example 2: a misère by the winning defence.


def test_example_2_misere_as_a_camp_prime_goes_to_the_winning_camp():
    assert marques(example_2(), MISERES) == {"N": -114, "E": 38, "S": 38, "O": 38}


def test_example_2_misere_as_a_camp_prime_is_in_v_never_multiplied():
    marque = score_deal(example_2(), MISERES)

    assert (marque.contract_points, marque.miseres, marque.value) == (-28, (-10,), -38)


def test_example_2_individual_misere_is_paid_to_sud_by_everyone():
    assert marques(example_2(), MISERES_INDIVIDUAL) == {"N": -94, "E": 18, "S": 58, "O": 18}


def test_example_2_individual_misere_is_gained_by_sud_from_the_three_others():
    scored = score_seats(example_2(), seats=FOUR, taker="N", profile=MISERES_INDIVIDUAL)

    assert [(prime.seat, prime.value, prime.gain) for prime in scored.primes] == [("S", 10, 30)]
    assert scored.marques["S"] - scored.marque.defender == 30


# Example 3: arrondi à la dizaine.


def test_example_3_garde_sans_won_by_16_counts_20():
    deal = Deal(players=4, contract="garde_sans", points=57, bouts=2)

    assert marques(deal, ROUNDED) == {"N": 540, "E": -180, "S": -180, "O": -180}
    assert marques(deal, FFT) == {"N": 492, "E": -164, "S": -164, "O": -164}


def test_example_3_prise_won_by_2_counts_0():
    deal = Deal(players=4, contract="prise", points=53, bouts=1)

    assert marques(deal, ROUNDED) == {"N": 75, "E": -25, "S": -25, "O": -25}


def test_example_3_at_3_players_the_half_point_goes_to_the_winner_before_rounding():
    deal = Deal(players=3, contract="garde", points=Decimal("43.5"), bouts=2)

    assert marques(deal, ROUNDED, seats=("N", "E", "S")) == {"N": 100, "E": -50, "S": -50}
    assert score_deal(deal, ROUNDED).difference == 3
    assert score_deal(deal, ROUNDED).counted_difference == 0


@pytest.mark.parametrize(
    ("difference", "counted"),
    [(0, 0), (4, 0), (5, 10), (15, 20), (55, 60), (-4, 0), (-5, -10), (-15, -20), (-26, -30)],
)
def test_rounding_to_the_ten_sends_a_5_up(difference, counted):
    assert ROUNDED.counted_difference(difference) == counted


def test_rounding_keeps_a_lost_contract_lost():
    marque = score_deal(Deal(players=4, contract="garde", points=38, bouts=2), ROUNDED)

    assert (marque.won, marque.base, marque.contract_points) == (False, 25, -50)


# Example 4: 5 players with a partner.


def test_example_4_appel_au_roi_fft():
    assert marques(example_4(), FFT, seats=FIVE, partner="S") == {
        "N": 116,
        "E": -58,
        "S": 58,
        "O": -58,
        "C": -58,
    }


def test_example_4_the_fifth_seat_pays_its_losing_double_poignee_four_times():
    deal = Deal(
        players=5,
        contract="garde",
        points=45,
        bouts=2,
        partner=True,
        poignees=(Poignee(camp="defense", size="double", seat="C"),),
    )

    assert marques(deal, INDIVIDUAL, seats=FIVE, partner="S") == {
        "N": 146,
        "E": -28,
        "S": 88,
        "O": -28,
        "C": -178,
    }


# Example 5: seul contre tous.


def test_example_5_seul_contre_tous_taker_pays_four_times():
    deal = Deal(players=5, contract="garde", points=40, bouts=2)

    assert marques(deal, SEUL, seats=FIVE, taker="O") == {
        "N": 52,
        "E": 52,
        "S": 52,
        "O": -208,
        "C": 52,
    }


# The rest of the club's marque is the FFT's.


def test_individual_primes_at_a_table_of_5_with_a_mort_leave_the_mort_at_0():
    deal = Deal(
        players=4,
        contract="garde",
        points=56,
        bouts=1,
        poignees=(Poignee(camp="defense", size="simple", seat="E"),),
    )

    assert marques(deal, INDIVIDUAL, seats=FIVE, sitting_out="C") == {
        "N": 200,
        "E": -120,
        "S": -40,
        "O": -40,
        "C": 0,
    }


def test_a_player_may_announce_both_miseres_each_paid_on_its_own():
    deal = Deal(
        players=4,
        contract="prise",
        points=38,
        bouts=2,
        miseres=(
            Misere(camp="defense", kind="pas_d_atout", seat="S"),
            Misere(camp="defense", kind="pas_d_honneur", seat="S"),
        ),
    )

    assert marques(deal, MISERES_INDIVIDUAL) == {"N": -104, "E": 8, "S": 88, "O": 8}


def test_club_profile_without_options_scores_as_the_fft():
    assert marques(example_1(), CLUB) == marques(example_1(), FFT)


@pytest.mark.parametrize(
    ("profile", "label"),
    [
        (FFT, "Règles FFT"),
        (CLUB, "Règles du club"),
        (MISERES_INDIVIDUAL, "Règles du club : misères, primes individuelles"),
        (
            RuleProfile(club=True, round_to_ten=True, seul_contre_tous=True),
            "Règles du club : arrondi à la dizaine, seul contre tous à 5",
        ),
    ],
)
def test_profile_states_itself_in_words(profile, label):
    assert profile.label == label
