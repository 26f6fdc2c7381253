"""What an arbitre sees once too many logins failed (django-axes): the login page again, in
French, saying how long to wait, status 429."""

from datetime import timedelta
from math import ceil

from axes.helpers import get_cool_off
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

DEFAULT_WAIT = timedelta(minutes=15)


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,  # noqa: ARG001 - django-axes's signature
    credentials: dict | None = None,
) -> HttpResponse:
    """The login form again, the identifier typed kept, and the time to wait."""
    minutes = max(1, ceil((get_cool_off(request) or DEFAULT_WAIT).total_seconds() / 60))
    username = str((credentials or {}).get("username") or request.POST.get("username", ""))
    form = AuthenticationForm(request, initial={"username": username[:150]})
    message = ngettext(
        "Trop d'essais de connexion manqués pour cet identifiant ou depuis ce réseau : "
        "réessayez dans %(minutes)s minute au plus.",
        "Trop d'essais de connexion manqués pour cet identifiant ou depuis ce réseau : "
        "réessayez dans %(minutes)s minutes au plus.",
        minutes,
    ) % {"minutes": minutes}
    context = {"form": form, "lockout": message, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)
