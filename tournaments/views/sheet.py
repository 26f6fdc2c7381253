"""A table's feuille de marque: the sheet, its signature, its reopening, its history.

Who may do what (``tournaments.table_access``): anyone reads the sheet of a published
tournament; the device that typed the table's code, and the tournament's arbitre, write on it.
Every write is one service call; a refusal comes back as the form with what was typed and the
message beside its field, with a status that names the refusal (full page) or 200 so that
htmx swaps it in (htmx request).
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap

from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused
from scoring.rules import InvalidDeal
from tournaments.forms.sheets import DealForm, initial_for
from tournaments.models import Seat, Table
from tournaments.selectors.sheets import (
    closed_by_arbitre,
    history_entries,
    locked_message,
    next_seats,
    seat_count,
    sheet_data,
    signed_message,
    table_deals,
    table_hall,
    table_seats,
)
from tournaments.services.sheets import close_sheet, confirm_bilan, unlock_sheet
from tournaments.table_access import (
    SheetAccess,
    any_table_or_404,
    editor_or_403,
    sheet_access,
    table_or_404,
)

REFUSAL_STATUS = {
    "invalid": 422,
    "refused": 422,
    "number_out_of_range": 400,
    "number_taken": 409,
    "previous_unplayed": 409,
    "previous_missing": 409,
    "stale": 409,
    "incomplete": 409,
    "unbalanced": 409,
    "locked": 423,
    "not_last": 403,
    "not_arbitre": 403,
    "missing": 404,
    "open": 409,
}

# --- What the sheet shows ----------------------------------------------------------------


def _next_form(table: Table, seats: list[Seat], data: dict) -> DealForm | None:
    """The form for what comes next: the result of a deal bid, or the next deal, or nothing."""
    waiting = data["waiting"]
    if waiting is not None:
        return DealForm(initial=initial_for(waiting), table=table, seats=seats)
    number = next_deal_number(data)
    if number is None:
        return None
    return DealForm(initial=initial_for(None, number=number), table=table, seats=seats)


def next_deal_number(data: dict) -> int | None:
    """The number of the next deal to enter on a sheet (``sheet_data``): the first one
    missing (after the arbitre deleted one, it may be before the last), unless a deal waits
    for its result or every deal is in."""
    if data["waiting"] is not None:
        return None
    taken = {row.deal.number for row in data["rows"]}
    return next((n for n in range(1, data["expected_count"] + 1) if n not in taken), None)


def sheet_context(table: Table, access: SheetAccess, *, form: DealForm | None = None) -> dict:
    seats = table_seats(table)
    data = sheet_data(table, seats, table_deals(table))
    locked = table.locked_at is not None
    can_enter = access.can_edit and (not locked or access.is_arbitre)
    refusals, kept_form = [], None
    if form is not None and not can_enter:
        # The sheet was signed meanwhile: its refusal, and what was typed, kept for the
        # arbitre to see (no longer to send).
        refusals, kept_form = form.non_field_errors(), form
    if form is None and can_enter:
        form = _next_form(table, seats, data)
    return {
        "signed_note": locked_message(table, seats) if locked else "",
        "closed_by_arbitre": closed_by_arbitre(table, seats),
        "room_url": room_url(table, access) if access.is_arbitre else "",
        "to_confirm_again": [seat for seat in seats if seat.confirmed_at is None]
        if table.corrected_at and not locked
        else [],
        "next_seats": next_seats(table, seats) if locked else [],
        "refusals": refusals,
        "kept_form": kept_form,
        "table": table,
        "hall": table_hall(table),
        "position": table.position,
        "tournament": table.position.tournament,
        "seats": seats,
        "access": access,
        "locked": locked,
        "form": form if access.can_edit else None,
        "can_enter": can_enter,
        **data,
    }


def render_sheet(
    request: HtmxHttpRequest,
    table: Table,
    access: SheetAccess,
    *,
    form: DealForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = sheet_context(table, access, form=form)
    return refusal_in_view(
        request,
        render_page(request, "sheets/sheet.html", context, partial="sheet", status=status),
        status,
    )


def refusal_in_view(request: HtmxHttpRequest, response: HttpResponse, status: int):
    """Under htmx a refusal (answered 200, so that htmx swaps it) scrolls to its first
    message rather than to the top of what it replaced (HX-Reswap takes hx-swap's modifiers)."""
    if request.htmx and status >= 400:
        reswap(response, "innerHTML show:.errorlist:top")  # type: ignore[arg-type]
    return response


def sheet_after_write(request: HtmxHttpRequest, table_id: int):
    """After a write on the sheet: under htmx the sheet again, with its message; else a
    redirect to it, so that reloading the page does not send the form again."""
    if request.htmx:
        table, access = table_or_404(request, table_id)
        return render_sheet(request, table, access)
    return redirect("sheet", table_id=table_id)


def refused_on_sheet(request: HtmxHttpRequest, table: Table, access: SheetAccess, error):
    """A refusal of one of the sheet's buttons (« Tous passent », a signature): its message
    above the sheet, with the status that names it (under htmx, a 200 that swaps it in)."""
    messages.error(request, error.message)
    context = sheet_context(table, access)
    status = refusal_status(error)
    response = render_page(request, "sheets/sheet.html", context, partial="sheet", status=status)
    return refusal_in_view(request, response, status)


def refusal_status(error: Exception) -> int:
    if isinstance(error, InvalidDeal):
        return REFUSAL_STATUS["invalid"]
    return REFUSAL_STATUS.get(getattr(error, "code", "refused"), 422)


# --- Access by code ----------------------------------------------------------------------


@require_GET
def sheet(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The sheet; while its evening is unpublished, a phone without the table's right is sent
    to the code page (which answers for every table already), so that the address the
    documentation gives works as the QR code's does."""
    table = any_table_or_404(table_id)
    access = sheet_access(request, table)
    if not table.position.tournament.published and not access.can_edit:
        return redirect_page(request, reverse("sheet_access", kwargs={"table_id": table.pk}))
    return render_sheet(request, table, access)


def back_to_sheet(request: HtmxHttpRequest, table: Table) -> HttpResponse:
    """After a correction, the sheet: a full page load, also for htmx (HX-Redirect)."""
    return redirect_page(request, reverse("sheet", kwargs={"table_id": table.pk}))


@require_POST
def sign_off(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """A player taps their name: they confirm their bilan. The last one signs the sheet."""
    table, access = table_or_404(request, table_id)
    editor_or_403(access)
    try:
        table = confirm_bilan(table=table, place=request.POST.get("place", ""), by=access.actor)
    except Refused as error:
        return refused_on_sheet(request, table, access, error)
    if table.locked_at is not None:
        messages.success(request, signed_message(table, seat_count(table)))
    return sheet_after_write(request, table.pk)


@require_http_methods(["GET", "POST"])
def sheet_unlock(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The arbitre reopens a signed sheet; the players will confirm their bilans again.

    The sheet's button leads here first (GET): a page that says what reopening does and asks
    to confirm, with no script needed.
    """
    table, access = table_or_404(request, table_id)
    if not access.is_arbitre:
        raise PermissionDenied
    if request.method == "GET":
        if table.locked_at is None or table.position.closed_at is not None:
            return redirect("sheet", table_id=table.pk)
        return render(
            request,
            "sheets/unlock_confirm.html",
            {"table": table, "position": table.position, "seats": table_seats(table)},
        )
    try:
        unlock_sheet(table=table, by=access.actor, reason=request.POST.get("reason", ""))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Feuille rouverte : les joueurs la signeront à nouveau."))
    return back_to_sheet(request, table)


@require_http_methods(["GET", "POST"])
def sheet_close(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The arbitre (the club's, or the arbitre de salle of the table's hall) closes a sheet
    its players have not all signed, with the reason.

    As for reopening, the room's and the sheet's links lead here first (GET): a page that says
    what closing does, lists who confirmed, and asks the reason, with no script needed. A
    refusal comes back on it, with what was typed.
    """
    table, access = table_or_404(request, table_id)
    if not access.is_arbitre:
        raise PermissionDenied
    if table.locked_at is not None or table.position.closed_at is not None:
        return redirect("sheet", table_id=table.pk)
    reason, error, status = "", "", 200
    if request.method == "POST":
        reason = request.POST.get("reason", "")
        try:
            close_sheet(table=table, by=access.actor, reason=reason)
        except Refused as refusal:
            error, status = refusal.message, refusal_status(refusal)
        else:
            messages.success(request, _("Feuille close : elle compte comme signée."))
            return redirect(room_url(table, access))
    seats = table_seats(table)
    context = {
        **sheet_data(table, seats, table_deals(table)),
        "table": table,
        "position": table.position,
        "seats": seats,
        "reason": reason,
        "error": error,
        "room_url": room_url(table, access),
    }
    return render(request, "sheets/close_confirm.html", context, status=status)


def room_url(table: Table, access: SheetAccess) -> str:
    """The room the arbitre runs: their hall's for an arbitre de salle, else the position's."""
    position = table.position
    if access.hall is not None:
        return reverse(
            "hall_room", args=[position.tournament_id, position.number, access.hall.number]
        )
    return reverse("sheet_room", args=[position.tournament_id, position.number])


# --- History -----------------------------------------------------------------------------


@require_GET
def sheet_history(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Every save, correction and deletion of the sheet's deals, and every confirmation,
    signature, reopening and correction after signature: who, when, before, after."""
    table, access = table_or_404(request, table_id)
    if not access.can_edit:
        return redirect("sheet_access", table_id=table.pk)
    entries = history_entries(table, table_seats(table))
    return render(
        request,
        "sheets/history.html",
        {"table": table, "position": table.position, "entries": entries, "access": access},
    )
