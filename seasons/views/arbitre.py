"""The arbitre's season pages: create a season from the club, change it (rules, evenings)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.permissions import arbitre_club_or_404
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from seasons.forms import SeasonForm
from seasons.permissions import arbitre_season_or_404
from seasons.services.seasons import create_season, update_season


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    club = arbitre_club_or_404(request, club_id)
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            season = create_season(
                club=club, **form.season_fields(), by=Actor.arbitre(request.user)
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            return redirect_page(request, reverse("season_page", args=[season.pk]))
    status = 422 if form.errors else 200
    context = {"club": club, "form": form, "season": None, "title": _("Nouvelle saison")}
    return render_page(request, "seasons/season_form.html", context, partial="form", status=status)


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    season = arbitre_season_or_404(request, season_id)
    form = SeasonForm(request.POST or None, club=season.club, initial=SeasonForm.initial_of(season))
    if request.method == "POST" and form.is_valid():
        try:
            update_season(season=season, **form.season_fields(), by=Actor.arbitre(request.user))
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            return redirect_page(request, reverse("season_page", args=[season.pk]))
    status = 422 if form.errors else 200
    context = {"club": season.club, "form": form, "season": season, "title": season.name}
    return render_page(request, "seasons/season_form.html", context, partial="form", status=status)
