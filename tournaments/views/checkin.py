"""Check-in on the day: one tap per player, withdrawals, the counter of tables."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, render_fragments, render_page
from common.refusals import Refused
from tournaments.forms.registrations import search_query
from tournaments.models import Registration, Tournament
from tournaments.permissions import (
    acting,
    arbitre_tournament_or_404,
    checkin_tournament_or_404,
    runs_tournament,
)
from tournaments.selectors.checkin import checkin_page
from tournaments.services.registrations import cancel_withdrawal, check_in, withdraw_player
from tournaments.views.registrations import registration_or_404


@require_GET
@login_required
def checkin(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The check-in, for the club's arbitres and the tournament's pointeurs (who only tick
    players in: withdrawals stay with the arbitres)."""
    tournament = checkin_tournament_or_404(request, tournament_id)
    context = checkin_page(tournament=tournament, query=search_query(request.GET))
    context["runs"] = runs_tournament(request.user, tournament)
    if request.htmx and request.htmx.trigger == "checkin-live":
        # What another desk changed: the list as filtered here, and the counter.
        context["oob"] = True
        return render_fragments(
            request, "setup/checkin.html", context, partials=["checkin-list", "checkin-counter"]
        )
    return render_page(request, "setup/checkin.html", context, partial="checkin-list")


def _checkin_answer(
    request: HtmxHttpRequest, tournament: Tournament, registration: Registration, error: str = ""
) -> HttpResponse:
    """Under htmx, the player's row and the counter (swapped out of band); else a redirect."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        url = reverse("setup_checkin", args=[tournament.pk])
        query = search_query(request.POST)
        return redirect(f"{url}?{urlencode({'q': query})}" if query else url)
    context = checkin_page(tournament=tournament)
    context.update(
        registration=registration,
        error=error,
        oob=True,
        runs=runs_tournament(request.user, tournament),
    )
    return render_fragments(
        request, "setup/checkin.html", context, partials=["checkin-row", "checkin-counter"]
    )


@require_POST
@login_required
def checkin_toggle(request: HtmxHttpRequest, tournament_id: int, registration_id: int):
    tournament = checkin_tournament_or_404(request, tournament_id)
    registration = registration_or_404(tournament, registration_id)
    error = ""
    try:
        check_in(
            registration=registration,
            present=request.POST.get("present") == "1",
            by=acting(request.user, tournament),
        )
    except Refused as refusal:
        error = refusal.message
    return _checkin_answer(request, tournament, registration, error)


@require_POST
@login_required
def withdraw(request: HtmxHttpRequest, tournament_id: int, registration_id: int):
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = registration_or_404(tournament, registration_id)
    error = ""
    try:
        if request.POST.get("cancel") == "1":
            cancel_withdrawal(registration=registration, by=Actor.arbitre(request.user))
        else:
            withdraw_player(registration=registration, by=Actor.arbitre(request.user))
    except Refused as refusal:
        error = refusal.message
    return _checkin_answer(request, tournament, registration, error)


# Seating ----------------------------------------------------------------------------------
