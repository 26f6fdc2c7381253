"""The pot, to the cent (prizes/pot.py)."""

import doctest
from fractions import Fraction

import pytest

import prizes.pot
from prizes import cents_of, euros, pot_of_amounts, pot_of_takings, rows_of_shares


def test_the_module_s_worked_examples_hold():
    assert doctest.testmod(prizes.pot).failed == 0


def test_a_pot_of_fixed_amounts_is_their_sum():
    assert pot_of_amounts([10000, 6000, 3000]).cents == 19000


def test_a_share_of_the_takings_is_rounded_down_to_the_cent():
    pot = pot_of_takings(entries=33, fee_cents=1250, percent=Fraction(2, 3) * 100)

    assert (pot.takings_cents, pot.cents, pot.kept_cents) == (41250, 27500, 13750)


def test_a_fraction_of_a_cent_is_never_promised():
    pot = pot_of_takings(entries=7, fee_cents=1001, percent=Fraction(33))

    # 7007 × 33 % = 2312.31 cents: 2312 paid, the rest kept by the organiser.
    assert (pot.cents, pot.kept_cents) == (2312, 4695)


def test_rows_of_shares_add_up_to_the_pot_exactly():
    rows = rows_of_shares(10001, [Fraction(50), Fraction(30), Fraction(20)])

    assert rows == [5001, 3000, 2000]
    assert sum(rows) == 10001


def test_the_cents_rows_leave_go_to_the_first_rows():
    assert rows_of_shares(100, [Fraction(100, 3)] * 3) == [34, 33, 33]


def test_shares_under_a_hundred_percent_leave_the_rest_of_the_pot_unpaid():
    assert rows_of_shares(10000, [Fraction(50), Fraction(25)]) == [5000, 2500]


def test_shares_over_a_hundred_percent_are_refused():
    with pytest.raises(ValueError, match="100 %"):
        rows_of_shares(10000, [Fraction(60), Fraction(50)])


@pytest.mark.parametrize(("text", "cents"), [("12,50", 1250), ("12.5", 1250), ("7", 700)])
def test_an_amount_is_read_as_a_french_club_writes_it(text, cents):
    assert cents_of(text) == cents


@pytest.mark.parametrize("text", ["-3", "1,005", "douze", "NaN", "Infinity", ""])
def test_what_is_not_an_amount_in_euros_and_cents_is_refused(text):
    with pytest.raises(ValueError):
        cents_of(text)


def test_cents_are_written_with_two_decimals():
    assert [euros(1250), euros(7), euros(0)] == ["12.50", "0.07", "0.00"]
