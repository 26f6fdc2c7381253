"""How the feuille de marque writes numbers in templates: the sheet's own words
(``tournaments.deal_words``), as filters."""

from django import template
from django.utils.html import format_html

from scoring import values
from tournaments import deal_words

register = template.Library()

register.filter("signed", values.signed)
register.filter("unsigned", deal_words.unsigned)
register.filter("camp_sign", deal_words.camp_sign)


@register.simple_tag
def field_errors(field):
    """A field's refusals in a slot of its own (``errors-<name>``), which the live marques
    empty out-of-band when they take over: a message is never shown twice."""
    return format_html(
        '<div id="errors-{}" class="field-errors">{}</div>', field.name, field.errors
    )
