"""How a season's numbers read (seasons.templatetags.season_tags)."""

from fractions import Fraction

from seasons.templatetags.season_tags import percent_of, score, signed_score


def test_a_score_is_shown_rounded_half_up_with_a_french_comma():
    assert score(Fraction(1000, 3)) == "333,3"
    assert score(Fraction(-5, 4)) == "\N{MINUS SIGN}1,3"
    assert score(Fraction(11189, 10)) == "1118,9"
    assert score(Fraction(23999, 20)) == "1200"
    assert score(None) == ""


def test_a_signed_score_carries_its_plus():
    assert signed_score(87) == "+87"
    assert signed_score(Fraction(-1, 40)) == "0"
    assert signed_score(-29.0) == "\N{MINUS SIGN}29"


def test_a_share_is_a_rounded_percentage():
    assert percent_of(1, 3) == "33\N{NO-BREAK SPACE}%"
    assert percent_of(1, 8) == "13\N{NO-BREAK SPACE}%"
    assert percent_of(1, 0) == ""
