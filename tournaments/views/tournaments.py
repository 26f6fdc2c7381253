"""The arbitre's tournaments: the list, the settings, publishing, the dashboard.

Every view needs a login, and finds the tournament through ``arbitre_tournament_or_404``, so
that only its arbitre (or a superuser) can see or change it. Forms post to real URLs and
redirect after success; under htmx the same view answers with the page's fragment instead.
"""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.permissions import arbitre_clubs
from clubs.selectors.clubs import choice_of_clubs
from common.actors import Actor
from common.forms import RowChoiceField
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from tournaments.championship import roles_of
from tournaments.forms.tournaments import TournamentForm
from tournaments.models import Tournament
from tournaments.permissions import arbitre_tournament_or_404, arbitre_tournaments
from tournaments.selectors.positions import tournament_positions
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
    registration_counts,
)
from tournaments.selectors.seating import seating_changes
from tournaments.selectors.tournaments import tournament_as_stored
from tournaments.services.tournaments import (
    create_tournament,
    publish_tournament,
    update_tournament,
)


@require_GET
@login_required
def arbitre_home(request: HtmxHttpRequest) -> HttpResponse:
    """The club's arbitre's home: their roles, clubs and tournaments. An account that only
    holds roles (an arbitre de salle, a pointeur) sees its roles alone: what it may do."""
    context = {
        "tournaments": arbitre_tournaments(request.user),
        "clubs": arbitre_clubs(request.user),
        "roles": roles_of(request.user),
    }
    context["roles_only"] = bool(
        context["roles"] and not context["clubs"] and not context["tournaments"]
    )
    return render(request, "setup/arbitre_home.html", context)


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
    """A new tournament, in one of the arbitre's clubs: asked for only when they have several."""
    form = TournamentForm(request.POST if request.method == "POST" else None)
    clubs = choice_of_clubs(arbitre_clubs(request.user))
    if clubs is not None:
        form.fields["club"] = RowChoiceField(label=_("Club"), queryset=clubs, empty_label=None)

    def save(settings: dict) -> Tournament:
        settings = dict(settings)
        return create_tournament(
            club=settings.pop("club", None),
            settings=settings,
            by=Actor.arbitre(request.user),
        )

    return _tournament_form(
        request,
        form,
        None,
        save=save,
        done=_("Tournoi créé. Inscrivez maintenant les joueurs."),
    )


@require_http_methods(["GET", "POST"])
@login_required
def tournament_edit(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    # The form changes the instance it checks: the page shows the tournament as stored.
    stored = tournament_as_stored(tournament)
    return _tournament_form(
        request,
        TournamentForm(request.POST if request.method == "POST" else None, instance=tournament),
        stored,
        save=lambda settings: update_tournament(
            tournament=tournament_as_stored(tournament),
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
        messages.success(request, _("Tournoi masqué : seuls les arbitres du club le voient."))
    return redirect_page(request, reverse("setup_dashboard", args=[tournament.pk]))


@require_GET
@login_required
def dashboard(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    seated = {position.number: position for position in tournament_positions(tournament)}
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
    return render(
        request,
        "setup/dashboard.html",
        {
            "tournament": tournament,
            **registration_counts(tournament=tournament),
            "positions": positions,
            "next_position": last_seated_position_number(tournament=tournament) + 1,
        },
    )
