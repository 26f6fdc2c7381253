"""The arbitre's stages page: a championship's stages, added, changed and taken off."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from championships.forms.stages import StageForm
from championships.models import Stage
from championships.selectors.halls import tournament_halls
from championships.selectors.stages import stages_with_spans, tournament_stages
from championships.services.stages import add_stage, delete_stage, update_stage
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from tournaments.models import Tournament
from tournaments.permissions import arbitre_tournament_or_404


def _edit_form(stage: Stage, count: int, *, halls: bool, data=None) -> StageForm:
    return StageForm(
        data,
        prefix=f"phase-{stage.pk}",
        first=stage.number == 1,
        last=stage.number == count,
        halls=halls,
        initial={
            "name": stage.name,
            "positions_count": stage.positions_count,
            "cut": stage.cut,
            "cut_per_hall": stage.cut_per_hall,
            "carry_over": str(stage.carry_over),
        },
    )


def _page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    *,
    add_form: StageForm | None = None,
    refused: tuple[Stage, StageForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    stages = stages_with_spans(tournament)
    halls = bool(tournament_halls(tournament))
    rows = []
    for stage, span in stages:
        form = refused[1] if refused and refused[0].pk == stage.pk else None
        form = form or _edit_form(stage, len(stages), halls=halls)
        rows.append({"stage": stage, "span": span, "form": form})
    context = {
        "tournament": tournament,
        "rows": rows,
        "add_form": add_form or StageForm(prefix="nouvelle", first=not stages),
    }
    return render_page(request, "setup/stages.html", context, partial="stages", status=status)


@require_http_methods(["GET", "POST"])
@login_required
def stages(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The stages, and the form to add one after them."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    if request.method == "GET":
        return _page(request, tournament)
    form = StageForm(request.POST, prefix="nouvelle", first=not tournament_stages(tournament))
    if form.is_valid():
        try:
            stage = add_stage(
                tournament=tournament,
                name=form.cleaned_data["name"],
                positions_count=form.cleaned_data["positions_count"],
                carry_over=form.carry_over_share,
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Phase « %(name)s » ajoutée.") % {"name": stage.name})
            return redirect_page(request, reverse("setup_stages", args=[tournament.pk]))
    return _page(request, tournament, add_form=form, status=422)


@require_POST
@login_required
def stage_edit(request: HtmxHttpRequest, tournament_id: int, stage_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    stage = get_object_or_404(Stage, pk=stage_id, tournament=tournament)
    form = _edit_form(
        stage,
        len(tournament_stages(tournament)),
        halls=bool(tournament_halls(tournament)),
        data=request.POST,
    )
    if form.is_valid():
        try:
            update_stage(
                stage=stage,
                name=form.cleaned_data["name"],
                positions_count=form.cleaned_data["positions_count"],
                cut=form.cleaned_data.get("cut"),
                cut_per_hall=form.cleaned_data.get("cut_per_hall", False),
                carry_over=form.carry_over_share,
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Phase « %(name)s » modifiée.") % {"name": stage.name})
            return redirect_page(request, reverse("setup_stages", args=[tournament.pk]))
    return _page(request, tournament, refused=(stage, form), status=422)


@require_POST
@login_required
def stage_delete(request: HtmxHttpRequest, tournament_id: int, stage_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    stage = get_object_or_404(Stage, pk=stage_id, tournament=tournament)
    try:
        delete_stage(stage=stage, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Phase « %(name)s » supprimée.") % {"name": stage.name})
    return redirect_page(request, reverse("setup_stages", args=[tournament.pk]))
