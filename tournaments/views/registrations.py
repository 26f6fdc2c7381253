"""The arbitre's players and teams: registering one by one or from a CSV file, correcting,
unregistering, forming the teams of a DUO or quadrette."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page, search_results
from common.refusals import Refused, add_refusal
from tournaments.forms.registrations import (
    CsvImportForm,
    HeldRowsForm,
    PlayerSearchForm,
    RegistrationEditForm,
    RegistrationForm,
    TeamAssignmentForm,
    TeamForm,
    search_query,
)
from tournaments.models import Registration, Tournament
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.registrations import (
    registrations_by_name,
    search_players,
    search_registered,
    tournament_teams,
)
from tournaments.services.imports import import_registrations
from tournaments.services.registrations import (
    create_team,
    delete_team,
    register_player,
    set_team,
    unregister_player,
    update_registration,
)
from tournaments.views.members import refused_with_homonyms, tick_context


def registration_or_404(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        tournament.registrations.select_related("player", "team"), pk=registration_id
    )


def _registration_fields(data: dict) -> dict:
    """What the registration forms type of a player and their entry, as the services take it."""
    fields = ("last_name", "first_name", "licence", "club", "number")
    return {**{name: data[name] for name in fields}, "team": data.get("team")}


# Players ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def players(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    search = PlayerSearchForm(request.GET)
    query = search_query(request.GET)
    found = search_players(tournament=tournament, query=query)
    already = search_registered(tournament=tournament, query=query)
    results = search_results(
        request,
        "setup/players.html",
        {"tournament": tournament, "found": found, "already": already, "query": query},
        partial="search-results",
    )
    if results is not None:
        return results
    form = RegistrationForm(
        request.POST if request.method == "POST" else None, tournament=tournament
    )
    notice = ""
    known = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            registration = register_player(
                tournament=tournament,
                player=data["player"],
                checked_in=data["checked_in"],
                another_person=data["another_person"],
                **_registration_fields(data),
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            known = refused_with_homonyms(form, refusal, club_id=tournament.club_id)
        else:
            notice = _("Inscription enregistrée : %(player)s, n° %(number)s.") % {
                "player": registration.player,
                "number": registration.number,
            }
            if not request.htmx:
                messages.success(request, notice)
                return redirect("setup_players", tournament.pk)
            form = RegistrationForm(tournament=tournament)
            found, already = [], []
    context = {
        "tournament": tournament,
        "form": form,
        "search": search,
        "found": found,
        "already": already,
        "query": query,
        "notice": notice,
        "homonyms": known,
        "registrations": registrations_by_name(tournament=tournament),
        **tick_context(request, tournament),
    }
    return render_page(request, "setup/players.html", context, partial="registration")


@require_http_methods(["GET", "POST"])
@login_required
def player_edit(request: HtmxHttpRequest, tournament_id: int, registration_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = registration_or_404(tournament, registration_id)
    player = registration.player
    initial = {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "licence": player.licence,
        "club": player.club,
        "number": registration.number,
        "team": registration.team_id,
    }
    form = RegistrationEditForm(
        request.POST if request.method == "POST" else None, initial=initial, tournament=tournament
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            update_registration(
                registration=registration,
                **_registration_fields(data),
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("%(player)s corrigé.") % {"player": registration.player})
            return redirect_page(request, reverse("setup_players", args=[tournament.pk]))
    context = {"tournament": tournament, "registration": registration, "form": form}
    return render_page(request, "setup/player_edit.html", context, partial="player-form")


@require_POST
@login_required
def player_unregister(request: HtmxHttpRequest, tournament_id: int, registration_id: int):
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = registration_or_404(tournament, registration_id)
    try:
        unregister_player(registration=registration, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, _("Inscription retirée : %(player)s.") % {"player": registration.player}
        )
    return redirect_page(request, reverse("setup_players", args=[tournament.pk]))


@require_http_methods(["GET", "POST"])
@login_required
def csv_import(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """A CSV file of players, registered all of it or none; then, for the rows held under a
    name already known, the arbitre's answers and the same file again (``HeldRowsForm``)."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    posted = request.method == "POST"
    answers = posted and "content" in request.POST
    form = CsvImportForm(
        request.POST if posted and not answers else None,
        request.FILES if posted and not answers else None,
    )
    held_form = HeldRowsForm(request.POST) if answers else None
    report = content = None
    if answers and held_form.is_valid():
        content = held_form.cleaned_data["content"]
        choices = held_form.cleaned_data["choices"]
    elif not answers and posted and form.is_valid():
        content, choices = form.cleaned_data["file"].read(), {}
    if content is not None:
        report = import_registrations(
            tournament=tournament, content=content, choices=choices, by=Actor.arbitre(request.user)
        )
        if report.ok:
            messages.success(
                request,
                ngettext(
                    "%(count)s joueur inscrit depuis le fichier.",
                    "%(count)s joueurs inscrits depuis le fichier.",
                    len(report.registered),
                )
                % {"count": len(report.registered)},
            )
            for note in report.notes:
                messages.info(request, _("Ligne %(line)s : %(text)s") % vars(note))
            return redirect_page(request, reverse("setup_players", args=[tournament.pk]))
    context = {
        "tournament": tournament,
        "form": form,
        "held_form": held_form,
        "report": report,
        "content": HeldRowsForm.encoded(content) if report and report.held else "",
    }
    # A refused file, rows held for a name already known, or a form refused before the file was
    # read: the page again with the reasons, as 422 (htmx, which swaps only a 200, gets its
    # fragment as one).
    return render_page(
        request,
        "setup/csv_import.html",
        context,
        partial="import-form",
        status=422 if posted else 200,
    )


# Teams ------------------------------------------------------------------------------------


def _teams_context(tournament: Tournament, form: TeamForm, notice: str = "") -> dict:
    return {
        "tournament": tournament,
        "form": form,
        "notice": notice,
        **tournament_teams(tournament=tournament),
    }


@require_http_methods(["GET", "POST"])
@login_required
def teams(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = TeamForm(request.POST if request.method == "POST" else None, tournament=tournament)
    notice = ""
    if request.method == "POST" and form.is_valid():
        try:
            team = create_team(
                tournament=tournament,
                name=form.cleaned_data["name"],
                members=list(form.cleaned_data["members"]),
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            notice = _("Équipe %(team)s créée.") % {"team": team.name}
            if not request.htmx:
                messages.success(request, notice)
                return redirect("setup_teams", tournament.pk)
            form = TeamForm(tournament=tournament)
    return render_page(
        request, "setup/teams.html", _teams_context(tournament, form, notice), partial="teams"
    )


def _teams_answer(
    request: HtmxHttpRequest, tournament: Tournament, notice: str, *, level: int
) -> HttpResponse:
    """After a change to one team: under htmx the teams again, with the notice above them;
    else the notice as a message (if any), and the page."""
    if request.htmx:
        context = _teams_context(tournament, TeamForm(tournament=tournament), notice)
        return render_page(request, "setup/teams.html", context, partial="teams")
    if notice:
        messages.add_message(request, level, notice)
    return redirect("setup_teams", tournament.pk)


@require_POST
@login_required
def team_delete(request: HtmxHttpRequest, tournament_id: int, team_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    team = get_object_or_404(tournament.teams, pk=team_id)
    delete_team(team=team, by=Actor.arbitre(request.user))
    notice = _("Équipe %(team)s supprimée.") % {"team": team.name}
    return _teams_answer(request, tournament, notice, level=messages.SUCCESS)


@require_POST
@login_required
def team_assign(request: HtmxHttpRequest, tournament_id: int, registration_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = registration_or_404(tournament, registration_id)
    form = TeamAssignmentForm(request.POST, tournament=tournament)
    notice = ""
    if not form.is_valid():
        notice = _("Équipe inconnue.")
    else:
        try:
            set_team(
                registration=registration,
                team=form.cleaned_data["team"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            notice = refusal.message
    return _teams_answer(request, tournament, notice, level=messages.ERROR)


# Check-in ---------------------------------------------------------------------------------
