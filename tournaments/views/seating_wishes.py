"""« Contraintes de placement »: the pairs of players kept apart and the fixed tables the
arbitre names (issue 44), each with its reason; the generator holds them at every seating.

Every view needs a login and finds the tournament through ``arbitre_tournament_or_404``; every
write is one service call (``services.seating_wishes``) whose refusal comes back beside the
form, with what was typed. A wish's « Retirer » leads first (GET) to a page that says what
removing it does and asks to confirm, with no script needed; the removal is its POST.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from tournaments.forms.seating import ApartForm, FixedTableForm
from tournaments.models import ApartPair, FixedTable, Tournament
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.seating_wishes import (
    apart_pair_of,
    apart_pairs,
    fixed_table_of,
    fixed_tables,
    wish_choices,
    wish_of_another_tournament,
)
from tournaments.services.seating_wishes import (
    fix_table,
    free_table,
    keep_apart,
    stop_keeping_apart,
)


def _page(request, tournament: Tournament, *, apart=None, fixed=None, status=200) -> HttpResponse:
    registrations = wish_choices(tournament=tournament)
    context = {
        "tournament": tournament,
        "pairs": apart_pairs(tournament=tournament),
        "fixed_tables": fixed_tables(tournament=tournament),
        "apart_form": apart or ApartForm(registrations=registrations),
        "fixed_form": fixed or FixedTableForm(registrations=registrations),
    }
    return render_page(
        request, "setup/seating_wishes.html", context, partial="wishes", status=status
    )


def _done(request, tournament: Tournament, notice: str) -> HttpResponse:
    messages.success(request, notice)
    return redirect_page(request, reverse("setup_seating_wishes", args=[tournament.pk]))


@require_GET
@login_required
def seating_wishes(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return _page(request, tournament)


@require_POST
@login_required
def seating_wishes_apart(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = ApartForm(request.POST, registrations=wish_choices(tournament=tournament))
    if form.is_valid():
        try:
            pair = keep_apart(
                tournament=tournament,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                reason=form.cleaned_data["reason"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            return _done(
                request,
                tournament,
                _(
                    "%(first)s et %(second)s seront tenus à l'écart à chaque placement tiré "
                    "désormais."
                )
                % {"first": pair.first.player, "second": pair.second.player},
            )
    return _page(request, tournament, apart=form, status=422)


def _already_removed(request, tournament: Tournament, model, pk: int) -> HttpResponse:
    """A wish this tournament no longer has: removed already (a second tap on « Oui,
    retirer », a page left open while another arbitre removed it), said so; another
    tournament's, not found."""
    if wish_of_another_tournament(tournament=tournament, model=model, pk=pk):
        raise Http404
    return _done(
        request, tournament, _("Cette contrainte n'existe plus : elle a déjà été retirée.")
    )


def _confirm(request, tournament: Tournament, **wish) -> HttpResponse:
    """The page asking to confirm a wish's removal: ``pair`` or ``fixed``."""
    context = {"tournament": tournament, **wish}
    return render_page(request, "setup/seating_wish_remove.html", context, partial="confirm")


@require_http_methods(["GET", "POST"])
@login_required
def seating_wishes_apart_remove(
    request: HtmxHttpRequest, tournament_id: int, pair_id: int
) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    pair = apart_pair_of(tournament=tournament, pair_id=pair_id)
    if pair is None:
        return _already_removed(request, tournament, ApartPair, pair_id)
    if request.method == "GET":
        return _confirm(request, tournament, pair=pair)
    stop_keeping_apart(pair=pair, by=Actor.arbitre(request.user))
    return _done(
        request,
        tournament,
        _("%(first)s et %(second)s ne sont plus tenus à l'écart.")
        % {"first": pair.first.player, "second": pair.second.player},
    )


@require_POST
@login_required
def seating_wishes_fixed(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = FixedTableForm(request.POST, registrations=wish_choices(tournament=tournament))
    if form.is_valid():
        try:
            fixed = fix_table(
                registration=form.cleaned_data["registration"],
                table=form.cleaned_data["table"],
                reason=form.cleaned_data["reason"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            return _done(
                request,
                tournament,
                _("%(player)s jouera à la table %(table)s à chaque placement tiré désormais.")
                % {"player": fixed.registration.player, "table": fixed.table},
            )
    return _page(request, tournament, fixed=form, status=422)


@require_http_methods(["GET", "POST"])
@login_required
def seating_wishes_fixed_remove(
    request: HtmxHttpRequest, tournament_id: int, fixed_id: int
) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    fixed = fixed_table_of(tournament=tournament, fixed_id=fixed_id)
    if fixed is None:
        return _already_removed(request, tournament, FixedTable, fixed_id)
    if request.method == "GET":
        return _confirm(request, tournament, fixed=fixed)
    free_table(fixed=fixed, by=Actor.arbitre(request.user))
    return _done(
        request,
        tournament,
        _("%(player)s n'a plus de table fixe.") % {"player": fixed.registration.player},
    )
