"""The tournament's halls and team: the halls with their tables, and the roles the club's
arbitres give to existing accounts (« arbitre de salle », « pointeur »). The club's
arbitres only."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from championships.forms.halls import HallForm, RoleForm
from championships.selectors.hall_tables import empty_halls
from championships.selectors.halls import tournament_halls, tournament_team
from championships.services.halls import add_hall, give_role, remove_hall, remove_role
from common.actors import Actor
from common.htmx import HtmxHttpRequest
from common.refusals import Refused, add_refusal
from tournaments.models import Tournament
from tournaments.permissions import arbitre_tournament_or_404


def _page(request, tournament: Tournament, *, hall_form=None, role_form=None, status=200):
    halls = tournament_halls(tournament)
    context = {
        "tournament": tournament,
        "halls": halls,
        "empty_halls": empty_halls(tournament=tournament, halls=halls),
        "team": tournament_team(tournament),
        "hall_form": hall_form or HallForm(),
        "role_form": role_form or RoleForm(tournament=tournament),
    }
    return render(request, "setup/halls.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def halls(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The halls and the team; a POST adds a hall."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    if request.method == "GET":
        return _page(request, tournament)
    form = HallForm(request.POST)
    if form.is_valid():
        try:
            hall = add_hall(
                tournament=tournament, **form.cleaned_data, by=Actor.arbitre(request.user)
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Salle « %(name)s » ajoutée.") % {"name": hall.name})
            return redirect("setup_halls", tournament.pk)
    return _page(request, tournament, hall_form=form, status=422)


@require_POST
@login_required
def hall_remove(request: HtmxHttpRequest, tournament_id: int, hall_number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    hall = get_object_or_404(tournament.halls, number=hall_number)
    try:
        remove_hall(hall=hall, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Salle « %(name)s » retirée.") % {"name": hall.name})
    return redirect("setup_halls", tournament.pk)


@require_POST
@login_required
def role_give(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = RoleForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            given = give_role(
                tournament=tournament,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                hall=form.cleaned_data["hall"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("%(username)s est %(role)s.")
                % {"username": given.user.get_username(), "role": given.get_role_display()},
            )
            return redirect("setup_halls", tournament.pk)
    return _page(request, tournament, role_form=form, status=422)


@require_POST
@login_required
def role_remove(request: HtmxHttpRequest, tournament_id: int, role_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    role = get_object_or_404(tournament.roles.select_related("user", "hall"), pk=role_id)
    remove_role(role=role, by=Actor.arbitre(request.user))
    messages.success(
        request, _("Rôle de %(username)s retiré.") % {"username": role.user.get_username()}
    )
    return redirect("setup_halls", tournament.pk)
