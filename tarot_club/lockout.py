"""What an arbitre sees once too many logins failed (django-axes): the login page again, in
French, saying how long is actually left to wait, status 429 with Retry-After."""

from math import ceil

from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,  # noqa: ARG001 - django-axes's signature
    credentials: dict | None = None,
) -> HttpResponse:
    """The login form again, the identifier typed kept, and the time left to wait."""
    seconds = max(1, AxesProxyHandler.get_implementation().seconds_left(request, credentials))
    minutes = ceil(seconds / 60)
    username = str((credentials or {}).get("username") or request.POST.get("username", ""))
    form = AuthenticationForm(request, initial={"username": username[:150]})
    message = ngettext(
        "Trop d'essais de connexion manqués depuis ce réseau : réessayez dans %(minutes)s minute.",
        "Trop d'essais de connexion manqués depuis ce réseau : réessayez dans %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}
    context = {"form": form, "lockout": message, "next": request.POST.get("next", "")}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
