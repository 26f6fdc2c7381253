"""How every page, print and journal signs a number (scoring.values.signed): once."""

from fractions import Fraction

from scoring.values import MINUS, signed


def test_a_marque_carries_its_sign_and_zero_none():
    assert [signed(30), signed(-10), signed(0)] == ["+30", f"{MINUS}10", "0"]


def test_no_value_is_written_as_nothing():
    assert signed(None) == signed("") == ""


def test_a_value_kept_as_text_is_signed_as_its_number():
    assert signed("-43") == f"{MINUS}43"


def test_the_words_write_the_number_and_a_value_that_reads_as_zero_takes_no_sign():
    def tenths(value):
        return f"{float(value):.1f}".replace(".", ",")

    assert signed(Fraction(-100, 3), words=tenths) == f"{MINUS}33,3"
    assert signed(Fraction(1, 40), words=lambda value: str(round(value))) == "0"
