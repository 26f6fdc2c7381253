"""The arbitre's room: every table of a position, the calls to answer, closing the position
and seating the next one, and the penalties register.

Every view needs a login and finds the tournament through ``arbitre_tournament_or_404``; every
write is one service call (``services.positions``, ``services.penalties``) whose refusal comes
back as a French message.
"""

from collections.abc import Callable

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, render_page
from common.refusals import Refused, add_refusal
from tournaments.forms import ClosePositionForm, PenaltyForm, ReopenPositionForm
from tournaments.models import Deal, Hall, Penalty, Position, Seat, Tournament
from tournaments.permissions import (
    arbitre_tournament_or_404,
    hall_room_or_404,
    room_or_404,
    runs_tournament,
)
from tournaments.selectors.draws import draw_in_force, pending_draw
from tournaments.selectors.halls import in_hall, tournament_halls
from tournaments.selectors.room import position_room_state
from tournaments.services.penalties import add_penalty, cancel_penalty
from tournaments.services.positions import (
    close_position,
    handle_call,
    reopen_position,
)
from tournaments.services.seating import plan_position
from tournaments.services.tables import grant_device_link


def _position(tournament: Tournament, number: int) -> Position:
    return get_object_or_404(Position, tournament=tournament, number=number)


def room_context(
    tournament: Tournament,
    position: Position,
    *,
    hall: Hall | None = None,
    runs: bool = True,
    close_form: ClosePositionForm | None = None,
    reopen_form: ReopenPositionForm | None = None,
) -> dict:
    """The room as ``position_room_state`` reads it (one hall's, when given), with the forms
    of closing and reopening; ``runs``: the club's arbitres, who may close the position."""
    return {
        **position_room_state(tournament=tournament, position=position, hall=hall),
        "halls": tournament_halls(tournament),
        "runs": runs,
        "draw": draw_in_force(tournament=tournament, number=position.number),
        "next_draw": pending_draw(tournament=tournament, number=position.number + 1),
        "close_form": close_form or ClosePositionForm(),
        "reopen_form": reopen_form or ReopenPositionForm(),
    }


def _render_room(request: HtmxHttpRequest, context: dict, *, status: int = 200) -> HttpResponse:
    return render_page(request, "sheets/room.html", context, partial="room", status=status)


@require_GET
@login_required
def position_room(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Every table of a position: its progress, whether signed, the zero sum, and the calls."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = _position(tournament, number)
    return _render_room(request, room_context(tournament, position))


@require_GET
@login_required
def hall_room(
    request: HtmxHttpRequest, tournament_id: int, number: int, hall_number: int
) -> HttpResponse:
    """One hall's room: its tables only, for the club's arbitres and its arbitre de salle."""
    tournament, hall = hall_room_or_404(request, tournament_id, hall_number)
    position = _position(tournament, number)
    runs = runs_tournament(request.user, tournament)
    return _render_room(request, room_context(tournament, position, hall=hall, runs=runs))


def _back_to_room(position: Position, hall: Hall | None = None) -> HttpResponse:
    if hall is not None:
        return redirect(
            "hall_room",
            tournament_id=position.tournament_id,
            number=position.number,
            hall_number=hall.number,
        )
    return redirect("sheet_room", tournament_id=position.tournament_id, number=position.number)


def _position_change(
    request: HtmxHttpRequest,
    tournament_id: int,
    number: int,
    form: ClosePositionForm | ReopenPositionForm,
    *,
    change: Callable[[Position, dict], Position],
    done: Callable[[Position], str],
) -> HttpResponse:
    """Close or reopen a position once its form is valid, then back to the room; else the
    room again, with the form and what refused it."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = _position(tournament, number)
    if form.is_valid():
        try:
            position = change(position, form.cleaned_data)
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, done(position))
            return _back_to_room(position)
    forms = {"reopen_form" if isinstance(form, ReopenPositionForm) else "close_form": form}
    return _render_room(request, room_context(tournament, position, **forms), status=422)


def _closed_message(position: Position) -> str:
    if position.tournament.status == Tournament.Status.FINISHED:
        return _("Dernière position close : le tournoi est terminé, le classement est définitif.")
    return _("Position %(number)s close.") % {"number": position.number}


def _reopened_message(position: Position) -> str:
    return _("Position %(number)s rouverte : le classement redevient provisoire.") % {
        "number": position.number
    }


@require_POST
@login_required
def position_close(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """« Clore la position »: every sheet signed, or forced with a reason."""
    return _position_change(
        request,
        tournament_id,
        number,
        ClosePositionForm(request.POST),
        change=lambda position, data: close_position(
            position=position,
            by=Actor.arbitre(request.user),
            force=data["force"],
            reason=data["reason"],
        ),
        done=_closed_message,
    )


@require_POST
@login_required
def position_reopen(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    return _position_change(
        request,
        tournament_id,
        number,
        ReopenPositionForm(request.POST),
        change=lambda position, data: reopen_position(
            position=position, by=Actor.arbitre(request.user), reason=data["reason"]
        ),
        done=_reopened_message,
    )


@require_POST
@login_required
def next_position_seat(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """After closing position ``number``, seat the next one and show its plan, to publish."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = _position(tournament, number)
    following = number + 1
    placement = reverse("setup_placement", args=[tournament.pk, following])
    if following > tournament.positions_count:
        messages.error(request, _("C'était la dernière position du tournoi."))
        return _back_to_room(position)
    if tournament.positions.filter(number=following, tables__isnull=False).exists():
        return redirect(placement)
    try:
        plan_position(tournament=tournament, number=following, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
        return _back_to_room(position)
    messages.success(
        request,
        _("Position %(number)s placée : vérifiez le placement, puis publiez-le.")
        % {"number": following},
    )
    return redirect(placement)


@require_POST
@login_required
def call_handle(request: HtmxHttpRequest, tournament_id: int, deal_id: int) -> HttpResponse:
    """The arbitre went to the table: the call is « pris en compte », with who and when."""
    tournament, hall = room_or_404(request, tournament_id)
    deal = get_object_or_404(
        Deal.objects.select_related("table__position").filter(in_hall(hall, "table__")),
        pk=deal_id,
        table__position__tournament=tournament,
    )
    try:
        handle_call(deal=deal, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    position = deal.table.position
    if request.htmx:
        runs = hall is None
        return _render_room(request, room_context(tournament, position, hall=hall, runs=runs))
    return _back_to_room(position, hall)


# Letting a table's phone in ------------------------------------------------------------


@require_POST
@login_required
def device_grant(request: HtmxHttpRequest, tournament_id: int, number: int, table_id: int):
    """From the room: a one-time link (and its QR code) that lets a table's phone in, which
    also clears the table's code attempts."""
    tournament, hall = room_or_404(request, tournament_id)
    position = get_object_or_404(Position, tournament=tournament, number=number)
    table = get_object_or_404(position.tables.filter(in_hall(hall)), pk=table_id)
    if position.closed_at is not None:
        messages.error(request, _("Cette position est close : ses feuilles ne se saisissent plus."))
        return _back_to_room(position, hall)
    link = grant_device_link(table=table, by=Actor.arbitre(request.user))
    url = request.build_absolute_uri(link.path)
    qr_svg = segno.make(url, error="m").svg_inline(scale=5, light="#fff", omitsize=True)
    context = {
        "tournament": tournament,
        "position": position,
        "table": table,
        # Back to the hall's room, for an arbitre de salle (whose hall is None otherwise).
        "hall": hall,
        "url": url,
        "qr_svg": mark_safe(qr_svg),  # drawn by segno from our own URL: no user text in it
        "minutes": link.expires_in_minutes,
    }
    return render(request, "sheets/device_grant.html", context)


# Penalties --------------------------------------------------------------------------------


def _in_hall_penalties(hall: Hall | None):
    """The penalties an arbitre de salle sees: those of the players seated in their hall at
    the penalty's position (every penalty for the club's arbitres)."""
    penalties = Penalty.objects.all()
    if hall is None:
        return penalties
    seated_here = Seat.objects.filter(
        in_hall(hall, "table__"),
        position=OuterRef("position"),
        registration=OuterRef("registration"),
    )
    return penalties.filter(Exists(seated_here))


def _penalties_context(tournament: Tournament, form: PenaltyForm, hall: Hall | None) -> dict:
    penalties = (
        _in_hall_penalties(hall)
        .filter(position__tournament=tournament)
        .select_related("registration__player", "position", "arbitre", "cancelled_by")
        .order_by("-created_at", "-pk")
    )
    return {"tournament": tournament, "form": form, "penalties": penalties, "hall": hall}


@require_http_methods(["GET", "POST"])
@login_required
def penalties(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The register of the tournament's penalties, and the form to give one; an arbitre de
    salle's, those of the players of their hall."""
    tournament, hall = room_or_404(request, tournament_id)
    if request.method == "GET":
        # The position under way, or the last one seated: where a penalty is most often given.
        seated = tournament.positions.filter(tables__isnull=False).distinct().order_by("number")
        current = seated.filter(closed_at__isnull=True).first() or seated.last()
        initial = {
            "number": request.GET.get("numero", "")[:6],
            "position": current and current.number,
        }
        form = PenaltyForm(initial=initial, tournament=tournament)
        context = _penalties_context(tournament, form, hall)
        return render(request, "results/penalties.html", context)
    form = PenaltyForm(request.POST, tournament=tournament)
    if form.is_valid() and not _seated_in(hall, form.registration, form.position_obj):
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
                by=Actor.arbitre(request.user),
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


def _seated_in(hall: Hall | None, registration, position: Position) -> bool:
    if hall is None:
        return True
    return Seat.objects.filter(
        in_hall(hall, "table__"), position=position, registration=registration
    ).exists()


@require_POST
@login_required
def penalty_cancel(request: HtmxHttpRequest, tournament_id: int, penalty_id: int) -> HttpResponse:
    tournament, hall = room_or_404(request, tournament_id)
    penalty = get_object_or_404(
        _in_hall_penalties(hall).select_related("registration__player"),
        pk=penalty_id,
        position__tournament=tournament,
    )
    cancel_penalty(penalty=penalty, by=Actor.arbitre(request.user))
    messages.success(
        request,
        _("Pénalité de %(player)s annulée : elle reste au registre, barrée.")
        % {"player": penalty.registration.player},
    )
    return redirect("penalties", tournament_id=tournament.pk)
