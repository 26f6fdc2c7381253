from django import template
from django.urls import reverse

from guides.pages import help_target

register = template.Library()


@register.simple_tag(takes_context=True)
def help_url(context) -> str:
    """Where the « Aide » link of the page leads: its section of the guides."""
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    return reverse("guide_home") + help_target(match.url_name if match else None).removeprefix(
        "index/"
    )
