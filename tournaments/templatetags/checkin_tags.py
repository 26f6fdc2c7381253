"""A registration's check-in link and its QR code in a template (the confirmation e-mail):

    {% load checkin_tags %}
    {% checkin_link registration base="https://tarot.example.fr" as link %}
    <a href="{{ link.url }}">{{ link.url }}</a> {{ link.svg }}
    <img src="{{ link.png_data_uri }}" alt="QR code de pointage">

``base`` is the site's address (an e-mail has no request to take it from).
"""

from django import template

from tournaments import checkin_links
from tournaments.models import Registration

register = template.Library()


@register.simple_tag
def checkin_link(registration: Registration, *, base: str) -> checkin_links.CheckinLink:
    return checkin_links.checkin_link(registration, base=base)
