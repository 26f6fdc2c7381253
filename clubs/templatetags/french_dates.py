"""The pages' dates as French writes them (common.dates): ``{{ day|french_date:"j F Y" }}``."""

from django import template

from common.dates import french_date as written

register = template.Library()


@register.filter(expects_localtime=True)
def french_date(value, pattern: str = "j F Y") -> str:
    """« 1er septembre 2026 », « 2 septembre 2026 »: Django's ``date`` but for the 1st."""
    return written(value, pattern)
