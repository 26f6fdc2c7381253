"""The arbitre's set-up screens: the tournament, its players and teams, check-in, seating.

Every view needs a login, and finds the tournament through ``arbitre_tournament_or_404``, so
that only its arbitre (or a superuser) can see or change it. Forms post to real URLs and
redirect after success; under htmx the same view answers with the page's fragment instead.
"""

import secrets
from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.actors import Actor
from tournaments.forms import (
    CsvImportForm,
    PlayerSearchForm,
    RegistrationEditForm,
    RegistrationForm,
    SwapForm,
    TeamAssignmentForm,
    TeamForm,
    TournamentForm,
    add_refusal,
    search_query,
)
from tournaments.models import Registration, Tournament
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.checkin import checkin_page
from tournaments.selectors.names import by_name, registration_player
from tournaments.selectors.placement import placement_page, positions_span, swappable_seats
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
    search_players,
    search_registered,
)
from tournaments.selectors.seating import (
    seating_changes,
)
from tournaments.services.errors import Refused
from tournaments.services.imports import import_registrations
from tournaments.services.registrations import (
    cancel_withdrawal,
    check_in,
    create_team,
    delete_team,
    register_player,
    set_team,
    unregister_player,
    update_registration,
    withdraw_player,
)
from tournaments.services.seating import plan_position, publish_seating, swap_seats
from tournaments.services.tournaments import (
    create_tournament,
    publish_tournament,
    update_tournament,
)
from tournaments.views.htmx import HtmxHttpRequest, redirect_page, render_page


def _registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(
        tournament.registrations.select_related("player", "team"), pk=registration_id
    )


def _registration_fields(data: dict) -> dict:
    """What the registration forms type of a player and their entry, as the services take it."""
    fields = ("last_name", "first_name", "licence", "club", "number")
    return {**{name: data[name] for name in fields}, "team": data.get("team")}


# The tournament ---------------------------------------------------------------------------


@require_GET
@login_required
def arbitre_home(request: HtmxHttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.all()
    if not request.user.is_superuser:
        tournaments = tournaments.filter(arbitre=request.user)
    return render(request, "setup/arbitre_home.html", {"tournaments": tournaments})


def _tournament_form(
    request: HtmxHttpRequest,
    form: TournamentForm,
    tournament: Tournament | None,
    *,
    save: Callable[[dict], Tournament],
    done: str,
) -> HttpResponse:
    """The tournament's settings: once valid, ``save`` them and go to the dashboard; else the
    form again, with what refused them beside its field."""
    if request.method == "POST" and form.is_valid():
        try:
            saved = save(form.cleaned_data)
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, done)
            return redirect_page(request, reverse("setup_dashboard", args=[saved.pk]))
    context = {"form": form, "tournament": tournament}
    return render_page(request, "setup/tournament_form.html", context, partial="tournament-form")


@require_http_methods(["GET", "POST"])
@login_required
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    return _tournament_form(
        request,
        TournamentForm(request.POST if request.method == "POST" else None),
        None,
        save=lambda settings: create_tournament(
            arbitre=request.user, settings=settings, by=Actor.arbitre(request.user)
        ),
        done=_("Tournoi créé. Inscrivez maintenant les joueurs."),
    )


@require_http_methods(["GET", "POST"])
@login_required
def tournament_edit(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    # The form changes the instance it checks: the page shows the tournament as stored.
    stored = Tournament.objects.get(pk=tournament.pk)
    return _tournament_form(
        request,
        TournamentForm(request.POST if request.method == "POST" else None, instance=tournament),
        stored,
        save=lambda settings: update_tournament(
            tournament=Tournament.objects.get(pk=tournament.pk),
            settings=settings,
            by=Actor.arbitre(request.user),
        ),
        done=_("Réglages enregistrés."),
    )


@require_POST
@login_required
def tournament_publish(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    published = request.POST.get("published") == "1"
    publish_tournament(tournament=tournament, published=published, by=Actor.arbitre(request.user))
    if published:
        messages.success(request, _("Tournoi publié : il est visible de tous."))
    else:
        messages.success(request, _("Tournoi masqué : vous seul le voyez."))
    return redirect_page(request, reverse("setup_dashboard", args=[tournament.pk]))


@require_GET
@login_required
def dashboard(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registrations = tournament.registrations
    seated = {position.number: position for position in tournament.positions.all()}
    # A plan not yet played may no longer match who is present: it is to be made again.
    played = last_played_position_number(tournament=tournament)
    positions = [
        {
            "number": number,
            "position": seated.get(number),
            "stale": number in seated
            and number > played
            and seating_changes(position=seated[number]).stale,
        }
        for number in range(1, tournament.positions_count + 1)
    ]
    present = registrations.filter(checked_in=True, withdrawn_from__isnull=True).count()
    return render(
        request,
        "setup/dashboard.html",
        {
            "tournament": tournament,
            "registered": registrations.count(),
            "present": present,
            "teams": tournament.teams.count(),
            "without_team": registrations.filter(team__isnull=True).count(),
            "positions": positions,
            "next_position": last_seated_position_number(tournament=tournament) + 1,
        },
    )


# Players ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def players(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    search = PlayerSearchForm(request.GET)
    query = search_query(request.GET)
    found = search_players(tournament=tournament, query=query)
    already = search_registered(tournament=tournament, query=query)
    if request.htmx and request.htmx.target == "search-results":
        return render(
            request,
            "setup/players.html#search-results",
            {"tournament": tournament, "found": found, "already": already, "query": query},
        )
    form = RegistrationForm(
        request.POST if request.method == "POST" else None, tournament=tournament
    )
    notice = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            registration = register_player(
                tournament=tournament,
                player=data["player"],
                checked_in=data["checked_in"],
                **_registration_fields(data),
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
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
        "registrations": by_name(
            tournament.registrations.select_related("player", "team"), player=registration_player
        ),
    }
    return render_page(request, "setup/players.html", context, partial="registration")


@require_http_methods(["GET", "POST"])
@login_required
def player_edit(request: HtmxHttpRequest, tournament_id: int, registration_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = _registration(tournament, registration_id)
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
    registration = _registration(tournament, registration_id)
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
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = CsvImportForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    report = None
    if request.method == "POST" and form.is_valid():
        report = import_registrations(
            tournament=tournament,
            content=form.cleaned_data["file"].read(),
            by=Actor.arbitre(request.user),
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
            return redirect_page(request, reverse("setup_players", args=[tournament.pk]))
    # A refused file, or a form refused before it was read: the page again with the reasons,
    # as 422 (htmx, which swaps only a 200, gets its fragment as one).
    return render_page(
        request,
        "setup/csv_import.html",
        {"tournament": tournament, "form": form, "report": report},
        partial="import-form",
        status=422 if request.method == "POST" else 200,
    )


# Teams ------------------------------------------------------------------------------------


def _teams_context(tournament: Tournament, form: TeamForm, notice: str = "") -> dict:
    teams = by_name(tournament.teams.prefetch_related("registrations__player"))
    for team in teams:
        team.members = by_name(team.registrations.all(), player=registration_player)
    return {
        "tournament": tournament,
        "form": form,
        "notice": notice,
        "teams": teams,
        "open_teams": [t for t in teams if len(t.registrations.all()) < tournament.team_size],
        "without_team": by_name(
            tournament.registrations.filter(team__isnull=True).select_related("player"),
            player=registration_player,
        ),
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
        return render(request, "setup/teams.html#teams", context)
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
    registration = _registration(tournament, registration_id)
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


@require_GET
@login_required
def checkin(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    context = checkin_page(tournament=tournament, query=search_query(request.GET))
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
    context.update(registration=registration, error=error, oob=True)
    row = render_to_string("setup/checkin.html#checkin-row", context, request=request)
    counter = render_to_string("setup/checkin.html#checkin-counter", context, request=request)
    return HttpResponse(row + counter)


@require_POST
@login_required
def checkin_toggle(request: HtmxHttpRequest, tournament_id: int, registration_id: int):
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = _registration(tournament, registration_id)
    error = ""
    try:
        check_in(
            registration=registration,
            present=request.POST.get("present") == "1",
            by=Actor.arbitre(request.user),
        )
    except Refused as refusal:
        error = refusal.message
    return _checkin_answer(request, tournament, registration, error)


@require_POST
@login_required
def withdraw(request: HtmxHttpRequest, tournament_id: int, registration_id: int):
    tournament = arbitre_tournament_or_404(request, tournament_id)
    registration = _registration(tournament, registration_id)
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


def _placement_context(
    tournament: Tournament, number: int, selected_seat: str = "", **extra
) -> dict:
    """The placement page, with the swap form once the position is seated, and the
    message of what was just done (``error`` or ``notice``)."""
    context = placement_page(tournament=tournament, number=number, selected_seat=selected_seat)
    if "plan" in context:
        context["swap"] = SwapForm(seats=swappable_seats(position=context["position"]))
    return {**context, "error": "", "notice": "", **extra}


def _placement_answer(request: HtmxHttpRequest, tournament: Tournament, number: int, **extra):
    if request.htmx:
        context = _placement_context(tournament, number, **extra)
        return render(request, "setup/placement.html#placement", context)
    if extra.get("error"):
        messages.error(request, extra["error"])
    elif extra.get("notice"):
        messages.success(request, extra["notice"])
    return redirect("setup_placement", tournament.pk, number)


@require_GET
@login_required
def placement(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    if not 1 <= number <= tournament.positions_count:
        raise Http404(_("Pas de position %(number)s.") % {"number": number})
    # ``echange``: the seat the arbitre tapped first, to swap with the next one tapped.
    context = _placement_context(tournament, number, selected_seat=request.GET.get("echange", ""))
    return render_page(request, "setup/placement.html", context, partial="placement")


@require_POST
@login_required
def placement_generate(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    # A first seating is the generator's first answer; asking again draws another one.
    regenerate = tournament.positions.filter(number=number, tables__isnull=False).exists()
    seed = secrets.randbelow(2**31) if regenerate else 0
    last_seated = last_seated_position_number(tournament=tournament)
    try:
        plan_position(
            tournament=tournament, number=number, seed=seed, by=Actor.arbitre(request.user)
        )
    except Refused as refusal:
        return _placement_answer(request, tournament, number, error=refusal.message)
    if last_seated > number:
        notice = _(
            "Positions %(positions)s placées de nouveau. Vérifiez la position "
            "%(first)s, puis publiez-la."
        ) % {"positions": positions_span(number, last_seated), "first": number}
    else:
        notice = _("Placement généré. Vérifiez-le, puis publiez-le.")
    return _placement_answer(request, tournament, number, notice=notice)


@require_POST
@login_required
def placement_swap(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = get_object_or_404(tournament.positions, number=number)
    form = SwapForm(request.POST, seats=swappable_seats(position=position))
    if not form.is_valid():
        return _placement_answer(
            request, tournament, number, error=_("Choisissez les deux joueurs à échanger.")
        )
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    try:
        swap_seats(position=position, first=first, second=second, by=Actor.arbitre(request.user))
    except Refused as refusal:
        return _placement_answer(request, tournament, number, error=refusal.message)
    return _placement_answer(
        request,
        tournament,
        number,
        notice=_("%(first)s et %(second)s échangés.")
        % {"first": first.registration.player, "second": second.registration.player},
    )


@require_POST
@login_required
def placement_publish(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = get_object_or_404(tournament.positions, number=number)
    try:
        publish_seating(position=position, by=Actor.arbitre(request.user))
    except Refused as refusal:
        return _placement_answer(request, tournament, number, error=refusal.message)
    if tournament.published:
        notice = _("Placement publié : chaque joueur voit sa place sur la page du tournoi.")
    else:
        notice = _(
            "Placement publié. Le tournoi n'est pas encore public : publiez-le pour que "
            "chaque joueur voie sa place sur la page du tournoi."
        )
    return _placement_answer(request, tournament, number, notice=notice)
