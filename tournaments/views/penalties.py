"""The penalties register of a tournament: every penalty given, and the form to give one;
cancelling one (it stays in the register, struck through).

Every view needs a login and finds the tournament through ``arbitre_tournament_or_404``; every
write is one service call (``services.penalties``) whose refusal comes back beside the form.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.htmx import HtmxHttpRequest
from common.refusals import Refused, add_refusal
from tournaments.championship import Hall
from tournaments.forms.penalties import PenaltyForm
from tournaments.models import Tournament
from tournaments.permissions import acting, room_or_404
from tournaments.selectors.penalties import penalty_position, penalty_register, seated_in_hall
from tournaments.services.penalties import add_penalty, cancel_penalty


def _penalties_context(tournament: Tournament, form: PenaltyForm, hall: Hall | None) -> dict:
    register = penalty_register(tournament=tournament, hall=hall)
    return {"tournament": tournament, "form": form, "penalties": register, "hall": hall}


@require_http_methods(["GET", "POST"])
@login_required
def penalties(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The register of the tournament's penalties, and the form to give one; an arbitre de
    salle's, those of the players of their hall."""
    tournament, hall = room_or_404(request, tournament_id)
    if request.method == "GET":
        current = penalty_position(tournament=tournament)
        initial = {
            "number": request.GET.get("numero", "")[:6],
            "position": current and current.number,
        }
        form = PenaltyForm(initial=initial, tournament=tournament)
        context = _penalties_context(tournament, form, hall)
        return render(request, "results/penalties.html", context)
    form = PenaltyForm(request.POST, tournament=tournament)
    if form.is_valid() and not seated_in_hall(
        hall=hall, registration=form.registration, position=form.position_obj
    ):
        form.add_error(
            "number",
            _("Ce joueur n'était pas placé dans votre salle, « %(hall)s », à cette position.")
            % {"hall": hall},
        )
    if form.is_valid():
        try:
            penalty = add_penalty(
                registration=form.registration,
                position=form.position_obj,
                points=form.cleaned_data["points"],
                reason=form.cleaned_data["reason"],
                by=acting(request.user, tournament),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("Pénalité enregistrée : %(points)s points retirés à %(player)s.")
                % {"points": penalty.points, "player": penalty.registration.player},
            )
            return redirect("penalties", tournament_id=tournament.pk)
    context = _penalties_context(tournament, form, hall)
    return render(request, "results/penalties.html", context, status=422)


@require_POST
@login_required
def penalty_cancel(request: HtmxHttpRequest, tournament_id: int, penalty_id: int) -> HttpResponse:
    tournament, hall = room_or_404(request, tournament_id)
    penalty = get_object_or_404(penalty_register(tournament=tournament, hall=hall), pk=penalty_id)
    cancel_penalty(penalty=penalty, by=acting(request.user, tournament))
    messages.success(
        request,
        _("Pénalité de %(player)s annulée : elle reste au registre, barrée.")
        % {"player": penalty.registration.player},
    )
    return redirect("penalties", tournament_id=tournament.pk)
