"""How a season's numbers read: exact fractions shown rounded half up to one decimal."""

from fractions import Fraction

from django import template

from scoring.season import rounded
from scoring.values import MINUS, signed

register = template.Library()


@register.filter
def score(value) -> str:
    """1000/3 as « 333,3 », −5/4 as « −1,3 », 1200 and 11189/10 as « 1200 » and « 1119 »;
    empty for nothing."""
    if value is None or value == "":
        return ""
    shown = rounded(Fraction(value))
    text = str(int(shown)) if shown == shown.to_integral_value() else str(shown)
    return text.replace("-", MINUS).replace(".", ",")


@register.filter
def signed_score(value) -> str:
    """A score with its sign, as the sheets write totals: « +120 », « −33,3 », « 0 »."""
    if value is None or value == "":
        return ""
    return signed(Fraction(value), words=score)


@register.filter
def percent_of(part, whole) -> str:
    """« 12 % », rounded half up to the unit: the share a French reader expects."""
    if not whole:
        return ""
    return f"{rounded(Fraction(int(part) * 100, int(whole)), 0)}\N{NO-BREAK SPACE}%"
