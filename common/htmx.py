"""Full page or fragment: how every view answers a plain request and an htmx one.

A page is one template; the part that htmx swaps is one of its partials
(``template#partial``, django-template-partials), so the fragment and the page never differ.
An htmx answer is a 200, so that htmx swaps it in (htmx leaves a 4xx where it was); the
page answers with the status that names what happened.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as ``django_htmx.middleware.HtmxMiddleware`` leaves it (for the type checker)."""

    htmx: HtmxDetails


def render_page(
    request: HtmxHttpRequest,
    template: str,
    context: dict,
    *,
    partial: str,
    status: int = 200,
) -> HttpResponse:
    """The whole page, or under htmx only its partial ``partial`` (always a 200)."""
    if request.htmx:
        return render(request, f"{template}#{partial}", context)
    return render(request, template, context, status=status)


def search_results(
    request: HtmxHttpRequest, template: str, context: dict, *, partial: str
) -> HttpResponse | None:
    """The answer to a search typed as you go: the page's results partial ``partial`` alone,
    when htmx asks for it (its target is the element of that id); None for any other request,
    which the view answers as a whole."""
    if request.htmx and request.htmx.target == partial:
        return render(request, f"{template}#{partial}", context)
    return None


def render_fragments(
    request: HtmxHttpRequest, template: str, context: dict, *, partials: list[str]
) -> HttpResponse:
    """Several partials of one page in one htmx answer: the one swapped, then those swapped
    out of band (``hx-swap-oob`` in the partials themselves)."""
    html = "".join(
        render_to_string(f"{template}#{partial}", context, request=request) for partial in partials
    )
    return HttpResponse(html)


def redirect_page(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """After a successful post: a redirect, that htmx follows as a whole page load."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
