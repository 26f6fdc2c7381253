"""The arbitre's room: every table of a position, the calls to answer, closing the position
and seating the next one. The penalties register is ``views.penalties``, a table's phone
link ``views.table_access``.

Every view needs a login and finds the tournament through ``arbitre_tournament_or_404``; every
write is one service call (``services.positions``) whose refusal comes
back as a French message.
"""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, render_page
from common.refusals import Refused, add_refusal
from tournaments.championship import (
    Hall,
    commit_draw,
    draw_in_force,
    empty_hall,
    empty_halls,
    in_hall,
    pending_draw,
    tournament_halls,
)
from tournaments.forms.positions import ClosePositionForm, ReopenPositionForm
from tournaments.models import Deal, Position, Tournament
from tournaments.permissions import (
    acting,
    arbitre_tournament_or_404,
    hall_room_or_404,
    room_or_404,
    runs_tournament,
)
from tournaments.selectors.positions import is_seated
from tournaments.selectors.room import position_room_state
from tournaments.selectors.sheets import unanswered_calls
from tournaments.services.positions import (
    close_position,
    handle_call,
    reopen_position,
)
from tournaments.services.seating import plan_position
from tournaments.views.seating import penalties_cancelled_notices


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
    state = position_room_state(tournament=tournament, position=position, hall=hall)
    # A hall's room says so when its hall has no table at this position, or at one to come.
    ahead = empty_halls(tournament=tournament, halls=[hall]) if hall is not None else []
    return {
        **state,
        "empty_hall": empty_hall(position=position, hall=hall)
        if hall is not None and not state["rooms"]
        else None,
        "empty_ahead": [empty for empty in ahead if empty.position > position.number],
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
    card = _table_card(request, tournament, position)
    if card is not None:
        return card
    return _render_room(request, room_context(tournament, position))


def _table_card(
    request: HtmxHttpRequest, tournament: Tournament, position: Position, hall: Hall | None = None
) -> HttpResponse | None:
    """One table's card, which an event of that table asks for (static/js/live.js), when the
    request asks for it (``?table=N``, under htmx); else None."""
    table = request.GET.get("table", "")
    if not (request.htmx and table.isdigit() and len(table) < 5):
        return None
    state = position_room_state(tournament=tournament, position=position, hall=hall)
    state["rooms"] = [room for room in state["rooms"] if room["table"].number == int(table)]
    return render(request, "sheets/room.html#card", state)


@require_GET
@login_required
def hall_room(
    request: HtmxHttpRequest, tournament_id: int, number: int, hall_number: int
) -> HttpResponse:
    """One hall's room: its tables only, for the club's arbitres and its arbitre de salle."""
    tournament, hall = hall_room_or_404(request, tournament_id, hall_number)
    position = _position(tournament, number)
    card = _table_card(request, tournament, position, hall)
    if card is not None:
        return card
    runs = runs_tournament(request.user, tournament)
    return _render_room(request, room_context(tournament, position, hall=hall, runs=runs))


def _back_to_room(position: Position, hall: Hall | None = None) -> HttpResponse:
    """The room of ``position``, or of its ``hall`` for an arbitre de salle."""
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
    calls = []
    if form.is_valid():
        try:
            position = change(position, form.cleaned_data)
        except Refused as refusal:
            if refusal.code == "unanswered_calls":
                # Asked again, the calls listed beside « Clore quand même ».
                calls = unanswered_calls(position)
            else:
                add_refusal(form, refusal)
        else:
            messages.success(request, done(position))
            return _back_to_room(position)
    forms = {"reopen_form" if isinstance(form, ReopenPositionForm) else "close_form": form}
    context = room_context(tournament, position, **forms)
    context["unanswered_calls"] = calls
    return _render_room(request, context, status=422)


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
            despite_calls=data["despite_calls"],
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


ROOM_SEED_FIRST = gettext_lazy(
    "Position %(number)s : saisissez la graine de la salle (les chiffres d'un joueur, ou des "
    "dés lancés dans la salle), puis générez le placement."
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
    if is_seated(tournament=tournament, number=following):
        return redirect(placement)
    waiting = pending_draw(tournament=tournament, number=following)
    if waiting is None:
        # Nothing is drawn from a commitment fixed in the same step: this tap fixes and shows
        # it, and the placement page draws from it.
        return _commit_next(request, tournament, following, position)
    if not waiting.room_seed:
        # The room seed is the room's to give, once the commitment is shown: on the
        # placement page, before the draw.
        messages.warning(request, ROOM_SEED_FIRST % {"number": following})
        return redirect(placement)
    try:
        planned = plan_position(
            tournament=tournament, number=following, by=Actor.arbitre(request.user)
        )
    except Refused as refusal:
        messages.error(request, refusal.message)
        return _back_to_room(position)
    messages.success(
        request,
        _("Position %(number)s placée : vérifiez le placement, puis publiez-le.")
        % {"number": following},
    )
    for notice in penalties_cancelled_notices(planned):
        messages.warning(request, notice)
    return redirect(placement)


def _commit_next(
    request: HtmxHttpRequest, tournament: Tournament, following: int, position: Position
) -> HttpResponse:
    try:
        draw = commit_draw(tournament=tournament, number=following, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
        return _back_to_room(position)
    messages.success(
        request,
        _(
            "Engagement du tirage de la position %(number)s fixé (tirage n° %(attempt)s) : il "
            "s'affiche dans la salle et sur l'écran de projection. Saisissez la graine de la "
            "salle, puis générez le placement."
        )
        % {"number": following, "attempt": draw.attempt},
    )
    return redirect("setup_placement", tournament.pk, following)


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
        handle_call(deal=deal, by=acting(request.user, tournament))
    except Refused as refusal:
        messages.error(request, refusal.message)
    position = deal.table.position
    if request.htmx:
        runs = hall is None
        return _render_room(request, room_context(tournament, position, hall=hall, runs=runs))
    return _back_to_room(position, hall)
