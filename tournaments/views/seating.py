"""Seating a position: the plan, its report, a swap of two players, publishing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, render_page
from common.refusals import Refused
from tournaments.championship import (
    commit_draw,
    draw_in_force,
    enter_room_seed,
    pairs_made_by_swaps,
    pending_draw,
)
from tournaments.forms.seating import SwapForm
from tournaments.models import Tournament
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.placement import (
    odd_table_turns,
    positions_span,
    registration_players,
    seated_ahead,
    stage_repeats,
    swappable_seats,
)
from tournaments.selectors.positions import is_played, is_seated, position_numbered
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
    position_participants,
)
from tournaments.selectors.seating import (
    count_tables,
    position_report,
    seating_changes,
    seating_history,
    seating_plan,
)
from tournaments.selectors.seating_wishes import unmet_wishes, wishes_count
from tournaments.services.seating import (
    SwapWarning,
    plan_position,
    publish_seating,
    swap_seats,
)


def _placement_page(tournament: Tournament, number: int, selected_seat: str = "") -> dict:
    """Position ``number``'s placement: who is to be seated and in how many tables, then, once
    seated, its plan, its quality report, how it differs from who is present now, and what
    generating it again would do. ``selected_seat``: the seat tapped first, to swap."""
    position = position_numbered(tournament=tournament, number=number)
    seated = position is not None and is_seated(tournament=tournament, number=number)
    participants = position_participants(tournament=tournament, number=number)
    context = {
        "tournament": tournament,
        "number": number,
        "numbers": range(1, tournament.positions_count + 1),
        "position": position,
        "participants": participants,
        "tables_count": count_tables(
            player_count=len(participants), allow_five=tournament.allow_five
        ),
        "last_seated": last_seated_position_number(tournament=tournament),
        "draw_pending": pending_draw(tournament=tournament, number=number),
        "draw": draw_in_force(tournament=tournament, number=number),
        "wishes_count": wishes_count(tournament=tournament),
    }
    if seated:
        plan = seating_plan(position=position)
        report = position_report(position=position)
        names = registration_players(tournament=tournament)
        selected = next((seat for seat in plan.seats if str(seat.pk) == selected_seat), None)
        played = is_played(position)
        last_played = last_played_position_number(tournament=tournament)
        by_swaps = pairs_made_by_swaps(tournament=tournament, upto=number)
        repeated_pairs = [
            (
                names[meeting.players[0]],
                names[meeting.players[1]],
                meeting.times,
                frozenset((names[meeting.players[0]].pk, names[meeting.players[1]].pk)) in by_swaps,
            )
            for meeting in report.repeated_pairs
        ]
        drawn_repeats = any(not swapped for *_pair, swapped in repeated_pairs)
        context.update(
            selected=selected,
            repeated_pairs=repeated_pairs,
            swap_repeats=sum(1 for *_pair, swapped in repeated_pairs if swapped),
            team_clashes=[
                (names[meeting.players[0]], names[meeting.players[1]])
                for meeting in report.team_clashes
            ],
            odd_tables=odd_table_turns(report, names),
            unmet_wishes=unmet_wishes(
                position=position,
                swapped=by_swaps,
                drawn_at=context["draw"].drawn_at if context["draw"] else None,
            ),
            plan=plan,
            report=report,
            played=played,
            changes=seating_changes(position=position),
            can_regenerate=not played and last_played < number,
            seated_ahead=seated_ahead(number, context["last_seated"]),
            # Repeats that hand swaps made are not the draw's to explain.
            stage_repeats=drawn_repeats
            and stage_repeats(
                position=position,
                report=report,
                history=seating_history(tournament, number),
                names=names,
            ),
        )
    return context


def _placement_context(
    tournament: Tournament, number: int, selected_seat: str = "", **extra
) -> dict:
    """The placement page, with the swap form once the position is seated, and the
    message of what was just done (``error`` or ``notice``)."""
    context = _placement_page(tournament, number, selected_seat)
    if "plan" in context:
        context["swap"] = SwapForm(seats=swappable_seats(position=context["position"]))
        # The reason is asked only once a swap makes players meet again or breaks a seating
        # wish (``swap_warning``).
        del context["swap"].fields["reason"]
    return {**context, "error": "", "notice": "", **extra}


def _placement_answer(request: HtmxHttpRequest, tournament: Tournament, number: int, **extra):
    if request.htmx:
        context = _placement_context(tournament, number, **extra)
        return render_page(request, "setup/placement.html", context, partial="placement")
    if extra.get("error"):
        messages.error(request, extra["error"])
    elif extra.get("notice"):
        messages.success(request, extra["notice"])
    return redirect("setup_placement", tournament.pk, number)


def _placement_page_answer(request, tournament: Tournament, number: int, **extra):
    """The placement page itself (not a redirect), for what must be asked before going on:
    a swap that makes players meet again or breaks a seating wish."""
    context = _placement_context(tournament, number, **extra)
    return render_page(request, "setup/placement.html", context, partial="placement")


@require_POST
@login_required
def placement_room_seed(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Enter the room seed of position ``number``'s waiting draw (docs/tirage.md)."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    if not 1 <= number <= tournament.positions_count:
        raise Http404(_("Pas de position %(number)s.") % {"number": number})
    typed = request.POST.get("room_seed", "")[:200]
    try:
        draw = enter_room_seed(
            tournament=tournament, number=number, room_seed=typed, by=Actor.arbitre(request.user)
        )
    except Refused as refusal:
        return _placement_page_answer(
            request, tournament, number, room_seed_error=refusal.message, room_seed=typed
        )
    return _placement_answer(
        request,
        tournament,
        number,
        notice=_(
            "Graine de la salle %(seed)s saisie : elle s'affiche sur l'écran de projection et "
            "la page des tirages. Générez le placement."
        )
        % {"seed": draw.room_seed},
    )


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
    last_seated = last_seated_position_number(tournament=tournament)
    try:
        position = plan_position(
            tournament=tournament,
            number=number,
            reason=request.POST.get("reason", "")[:300],
            by=Actor.arbitre(request.user),
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
    notice = " ".join([notice, *penalties_cancelled_notices(position)])
    return _placement_answer(request, tournament, number, notice=notice)


def penalties_cancelled_notices(position) -> list[str]:
    """What the arbitre is told of the penalties a new seating cancelled (one a player)."""
    return [
        _(
            "La pénalité de %(player)s à la position %(number)s (−%(points)s) est annulée : "
            "%(player)s n'y est plus placé ; elle reste barrée au registre."
        )
        % {
            "player": penalty.registration.player,
            "number": penalty.position.number,
            "points": penalty.points,
        }
        for penalty in position.penalties_cancelled
    ]


@require_POST
@login_required
def placement_commit(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Fix the commitment of position ``number``'s next draw, shown before it is drawn."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    if not 1 <= number <= tournament.positions_count:
        raise Http404(_("Pas de position %(number)s.") % {"number": number})
    reason = request.POST.get("reason", "")[:300]
    try:
        draw = commit_draw(
            tournament=tournament, number=number, reason=reason, by=Actor.arbitre(request.user)
        )
    except Refused as refusal:
        return _placement_answer(request, tournament, number, error=refusal.message, reason=reason)
    return _placement_answer(
        request,
        tournament,
        number,
        notice=_(
            "Engagement du tirage n° %(attempt)s fixé : il s'affiche dans la salle et sur "
            "l'écran de projection. Générez le placement quand vous voulez."
        )
        % {"attempt": draw.attempt},
    )


@require_POST
@login_required
def placement_swap(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = get_object_or_404(tournament.positions, number=number)
    form = SwapForm(request.POST, seats=swappable_seats(position=position))
    if not form.is_valid():
        error = _("Choisissez les deux joueurs à échanger.")
        if "reason" in form.errors:
            error = _("Motif : %(error)s") % {"error": form.errors["reason"][0]}
        return _placement_answer(request, tournament, number, error=error)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    reason = form.cleaned_data["reason"]
    try:
        swap_seats(
            position=position,
            first=first,
            second=second,
            reason=reason,
            by=Actor.arbitre(request.user),
        )
    except SwapWarning as refusal:
        # The choice stays the arbitre's: the warning (a meeting repeated, a seating wish
        # broken, each said), and the same swap with its reason.
        warning = {"warnings": refusal.warnings, "first": first, "second": second}
        return _placement_page_answer(request, tournament, number, swap_warning=warning)
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
