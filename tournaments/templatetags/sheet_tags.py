"""How the feuille de marque writes numbers: signed, with a real minus sign."""

from decimal import Decimal

from django import template
from django.utils.html import format_html

register = template.Library()

MINUS = "\N{MINUS SIGN}"


def points_text(points: Decimal | None) -> str:
    """Points as the sheet writes them: « 41 », « 40,5 »; empty for none."""
    if points is None:
        return ""
    whole = points == points.to_integral_value()
    return (str(int(points)) if whole else str(points)).replace(".", ",")


@register.filter
def signed(value) -> str:
    """+318, −106 and 0, as the sheet writes marques and bilans; empty for no marque."""
    if value is None or value == "":
        return ""
    value = int(value)
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


@register.filter
def unsigned(value) -> str:
    """A total of the + or − column, written without its sign."""
    return "" if value is None else str(abs(int(value)))


@register.filter
def camp_sign(value) -> str:
    """A term of the marque seen from the attack, always with its sign (+20, −20, +0)."""
    value = int(value)
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


@register.simple_tag
def field_errors(field):
    """A field's refusals in a slot of its own (``errors-<name>``), which the live marques
    empty out-of-band when they take over: a message is never shown twice."""
    return format_html(
        '<div id="errors-{}" class="field-errors">{}</div>', field.name, field.errors
    )
