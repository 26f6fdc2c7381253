"""The feuilles de marque: a table enters its deals, signs its sheet; the arbitre watches the room.

Who may do what (``tournaments.table_access``): anyone reads the sheet of a published
tournament; the device that typed the table's code, and the tournament's arbitre, write on it.
Every write is one service call (``tournaments.services.deals``); a refusal comes back as the
form with what was typed and the message beside its field, with a status that names the
refusal (full page) or 200 so that htmx swaps it in (htmx request).
"""

from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap

from scoring.rules import InvalidDeal
from tournaments.actors import Actor
from tournaments.db import retry_once_on_dropped_connection
from tournaments.forms import add_refusal
from tournaments.models import DEAL_FIELDS, Deal, Seat, Table
from tournaments.selectors.sheets import (
    history_entries,
    in_place_order,
    live_marques,
    next_seats,
    sheet_data,
    signed_message,
    table_seats,
)
from tournaments.services.deals import (
    DealResult,
    check_sheet_open,
    confirm_bilan,
    correct_deal,
    delete_deal,
    record_deal,
    unlock_sheet,
)
from tournaments.services.errors import Refused
from tournaments.sheet_forms import DealForm, TableCodeForm, initial_for
from tournaments.table_access import (
    SheetAccess,
    check_code,
    grant_held,
    grant_link_valid,
    open_device_grant,
    sheet_access,
)
from tournaments.views.htmx import HtmxHttpRequest, redirect_page, render_page

# The status of each refusal, for a full-page answer (htmx answers 200 to swap the form in).
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

# --- Loading and permissions -------------------------------------------------------------


def _table_or_404(request: HtmxHttpRequest, table_id: int) -> tuple[Table, SheetAccess]:
    """The table and what this request may do on it; 404 if the tournament is hidden to it."""
    table = get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)
    return table, _access_or_404(request, table)


def _access_or_404(request: HtmxHttpRequest, table: Table) -> SheetAccess:
    access = sheet_access(request, table)
    if not table.position.tournament.published and not access.can_edit:
        raise Http404
    return access


def _table_and_seats_or_404(
    request: HtmxHttpRequest, table_id: int
) -> tuple[Table, SheetAccess, list[Seat]]:
    """``_table_or_404`` and ``table_seats`` in one query, for the deal's save: the seats with
    their players, the table, its position and tournament joined to them (a table is seated
    as it is created)."""
    seats = list(
        Seat.objects.select_related("table__position__tournament", "registration__player")
        .filter(table_id=table_id)
        .order_by()
    )
    if not seats:
        table, access = _table_or_404(request, table_id)
        return table, access, table_seats(table)
    table = seats[0].table
    return table, _access_or_404(request, table), in_place_order(seats)


def _editor_or_403(access: SheetAccess) -> None:
    if not access.can_edit:
        raise PermissionDenied(_("Saisissez d'abord le code de la table."))


# --- What the sheet shows ----------------------------------------------------------------


def _next_form(table: Table, seats: list[Seat], data: dict) -> DealForm | None:
    """The form for what comes next: the result of a deal bid, or the next deal, or nothing."""
    waiting = data["waiting"]
    if waiting is not None:
        return DealForm(initial=initial_for(waiting), table=table, seats=seats)
    number = _next_number(data)
    if number is None:
        return None
    return DealForm(initial=initial_for(None, number=number), table=table, seats=seats)


def _next_number(data: dict) -> int | None:
    """The number of the next deal to enter on a sheet (``sheet_data``): the first one
    missing (after the arbitre deleted one, it may be before the last), unless a deal waits
    for its result or every deal is in."""
    if data["waiting"] is not None:
        return None
    taken = {row.deal.number for row in data["rows"]}
    return next((n for n in range(1, data["expected_count"] + 1) if n not in taken), None)


def _sheet_context(table: Table, access: SheetAccess, *, form: DealForm | None = None) -> dict:
    seats = table_seats(table)
    deals = list(table.deals.all())
    data = sheet_data(table, seats, deals)
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
        "signed_note": signed_message(table, len(seats)) if locked else "",
        "to_confirm_again": [seat for seat in seats if seat.confirmed_at is None]
        if table.corrected_at and not locked
        else [],
        "next_seats": next_seats(table, seats) if locked else [],
        "refusals": refusals,
        "kept_form": kept_form,
        "table": table,
        "position": table.position,
        "tournament": table.position.tournament,
        "seats": seats,
        "access": access,
        "locked": locked,
        "form": form if access.can_edit else None,
        "can_enter": can_enter,
        **data,
    }


def _render_sheet(
    request: HtmxHttpRequest,
    table: Table,
    access: SheetAccess,
    *,
    form: DealForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = _sheet_context(table, access, form=form)
    return _refusal_in_view(
        request,
        render_page(request, "sheets/sheet.html", context, partial="sheet", status=status),
        status,
    )


def _refusal_in_view(request: HtmxHttpRequest, response: HttpResponse, status: int):
    """Under htmx a refusal (answered 200, so that htmx swaps it) scrolls to its first
    message rather than to the top of what it replaced (HX-Reswap takes hx-swap's modifiers)."""
    if request.htmx and status >= 400:
        reswap(response, "innerHTML show:.errorlist:top")  # type: ignore[arg-type]
    return response


def _sheet_after_write(request: HtmxHttpRequest, table_id: int):
    """After a write on the sheet: under htmx the sheet again, with its message; else a
    redirect to it, so that reloading the page does not send the form again."""
    if request.htmx:
        table, access = _table_or_404(request, table_id)
        return _render_sheet(request, table, access)
    return redirect("sheet", table_id=table_id)


def _refused_on_sheet(request: HtmxHttpRequest, table: Table, access: SheetAccess, error):
    """A refusal of one of the sheet's buttons (« Tous passent », a signature): its message
    above the sheet, with the status that names it (under htmx, a 200 that swaps it in)."""
    messages.error(request, error.message)
    context = _sheet_context(table, access)
    status = _refusal_status(error)
    response = render_page(request, "sheets/sheet.html", context, partial="sheet", status=status)
    return _refusal_in_view(request, response, status)


def _refusal_status(error: Exception) -> int:
    if isinstance(error, InvalidDeal):
        return REFUSAL_STATUS["invalid"]
    return REFUSAL_STATUS.get(getattr(error, "code", "refused"), 422)


# --- Access by code ----------------------------------------------------------------------


def _access_context(request: HtmxHttpRequest, table: Table, **extra) -> dict:
    """What the code page may show: the tournament, table and position only when the
    tournament is published (or to whoever may already write on it); otherwise nothing
    that says which tournament this table number belongs to."""
    tournament = table.position.tournament
    shown = tournament.published or sheet_access(request, table).can_edit
    return {"table": table, "position": table.position, "named": shown, **extra}


@require_http_methods(["GET", "POST"])
def table_access(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The table's code, typed once, opens this table's sheet for writing on this device."""
    table = get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)
    status = 200
    if request.method == "POST":
        form = TableCodeForm(request.POST)
        if form.is_valid():
            opened = check_code(request, table=table, code=form.cleaned_data["code"])
            if opened:
                return redirect("sheet", table_id=table.pk)
            if opened is None:
                form.add_error(
                    None,
                    _(
                        "Trop d'essais sur cette table : appelez l'arbitre, qui ouvrira ce "
                        "téléphone depuis la salle."
                    ),
                )
                status = 429
            else:
                form.add_error("code", _("Ce n'est pas le code de cette table."))
                status = 403
        else:
            status = 422
    else:
        # The QR code printed on the sheet may carry the code: it fills the field, no more.
        form = TableCodeForm(initial={"code": request.GET.get("code", "")[:20]})
    context = _access_context(request, table, form=form)
    return render_page(request, "sheets/access.html", context, partial="access", status=status)


@require_http_methods(["GET", "POST"])
def device_grant_open(request: HtmxHttpRequest, table_id: int, token: str) -> HttpResponse:
    """The arbitre's one-time link: a tap on « Ouvrir la feuille » lets this phone in. The
    link is only used by that POST, so that a preview of the link by a messaging app does
    not spend it."""
    table = get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)
    valid = grant_link_valid(table=table, token=token)
    if request.method == "POST" and valid:
        if open_device_grant(request, table=table, token=token):
            messages.success(request, _("Ce téléphone saisit maintenant les donnes de la table."))
            return redirect("sheet", table_id=table.pk)
        valid = False
    context = _access_context(request, table, valid=valid, token=token)
    return render(request, "sheets/device_grant_open.html", context, status=200 if valid else 410)


# --- The sheet and its deals -------------------------------------------------------------


@require_GET
def sheet(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table, access = _table_or_404(request, table_id)
    return _render_sheet(request, table, access)


@require_http_methods(["GET", "POST"])
def deal_new(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Record a deal: a new one, « tous passent », or the result of the deal bid.

    A tournament's busiest write, made by the table's phone: nothing is read before the
    service, which reads the sheet under the table's lock and checks it all there (the sheet
    open, the seats, the rules). The phone's right is in its session; the sheet is read for
    the page only to show it again, after a refusal or for htmx.
    """
    if request.method == "GET":
        return redirect("sheet", table_id=table_id)
    by = _writer(request, table_id)
    if "all_pass" in request.POST:
        return _all_pass(request, table_id, by)
    form = DealForm(request.POST)
    if not form.is_valid():
        return _deal_refused(request, table_id, status=422)
    try:
        deal = retry_once_on_dropped_connection(
            lambda: record_deal(
                table=Table(pk=table_id),
                number=form.cleaned_data["number"],
                result=form.result(),
                by=by,
                version=form.cleaned_data["version"],
                submission_id=form.cleaned_data["submission_id"],
                queued=_queued(request),
            )
        )
    except (InvalidDeal, Refused) as error:
        return _deal_refused(request, table_id, error=error, status=_refusal_status(error))
    messages.success(request, _("Donne %(number)s enregistrée.") % {"number": deal.number})
    return _sheet_after_write(request, table_id)


def _writer(request: HtmxHttpRequest, table_id: int) -> Actor:
    """Who writes a deal on the table: its phone, as its session says (no query), or whoever
    reading the table lets in (its arbitre); 404 or 403 for anyone else."""
    if grant_held(request, table_id):
        return Actor.table_device()
    _table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    return access.actor


def _deal_refused(
    request: HtmxHttpRequest, table_id: int, *, error: Exception | None = None, status: int
) -> HttpResponse:
    """The sheet again, its form as typed, the refusal beside its field. Where the table's
    own form refuses what was typed (a seat nobody sits in), its message is the one shown.

    Who may write is asked again of the table now read: a phone whose position has closed
    meanwhile sees the sheet as anyone does, the refusal above it and what it typed kept
    below (403 for a whole page)."""
    table, access, seats = _table_and_seats_or_404(request, table_id)
    if not access.can_edit:
        if not isinstance(error, Refused):
            raise PermissionDenied(_("Saisissez d'abord le code de la table."))
        status = 403
    elsewhere = getattr(error, "code", None) in ("number_taken", "previous_missing")
    next_number = (
        _next_number(sheet_data(table, seats, list(table.deals.all()))) if elsewhere else None
    )
    data = request.POST
    if next_number is not None:
        data = request.POST.copy()
        data["number"] = next_number
    form = DealForm(data, table=table, seats=seats)
    if form.is_valid() and error is not None:
        add_refusal(form, error)
    if next_number is not None:
        # Another phone wrote (or deleted) a deal meanwhile: what was typed moves to the
        # deal the sheet expects, for the table to save there only if it is that deal.
        form.add_error(
            "number",
            _(
                "Votre saisie est reportée sur la donne %(next)s, la prochaine à inscrire : "
                "enregistrez-la seulement si c'est bien elle (comparez avec la feuille)."
            )
            % {"next": next_number},
        )
    return _render_sheet(request, table, access, form=form, status=status)


def _all_pass(request: HtmxHttpRequest, table_id: int, by: Actor) -> HttpResponse:
    """« Tous passent » in one tap, where the tournament counts such deals."""
    number = _posted_int(request, "number")
    try:
        if number is None:
            raise Refused(_("Numéro de donne manquant ou illisible."), code="number_out_of_range")
        retry_once_on_dropped_connection(
            lambda: record_deal(
                table=Table(pk=table_id),
                number=number,
                result=DealResult(all_pass=True),
                by=by,
                version=_posted_int(request, "version"),
                submission_id=_posted_uuid(request, "submission_id"),
                queued=_queued(request),
            )
        )
    except Refused as error:
        table, access = _table_or_404(request, table_id)
        _editor_or_403(access)
        return _refused_on_sheet(request, table, access, error)
    messages.success(request, _("Donne %(number)s : tous passent.") % {"number": number})
    return _sheet_after_write(request, table_id)


def _queued(request: HtmxHttpRequest) -> bool:
    """Whether the phone's offline queue sends this form (static/js/offline.js), perhaps
    again after an answer it never got."""
    return request.headers.get("X-Offline-Queue") == "1"


def _posted_uuid(request: HtmxHttpRequest, name: str) -> UUID | None:
    try:
        return UUID(request.POST.get(name, ""))
    except ValueError:
        return None


def _posted_int(request: HtmxHttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


@require_POST
def deal_preview(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The marques of the deal being typed, with their reasons, before anything is saved."""
    table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    seats = table_seats(table)
    form = DealForm(request.POST, table=table, seats=seats)
    context = {"table": table, "form": form, "preview": None, "bid_only": False}
    if form.is_valid():
        result = form.result()
        typed = form.cleaned_data.get("points")
        defense_points = typed if form.cleaned_data.get("points_for") == "defense" else None
        try:
            context.update(live_marques(table, seats, result, defense_points=defense_points))
        except (InvalidDeal, Refused) as error:
            add_refusal(form, error)
    context["preview_errors"] = _preview_errors(form)
    context["error_slots"] = [
        slot for slot in ERROR_SLOTS if slot in ("all", "number") or slot in form.fields
    ]
    return render(request, "sheets/_deal_form.html#preview", context)


def _preview_errors(form: DealForm) -> list[str]:
    """The form's messages for the live marques; what is not chosen yet is said in one line
    (« Choisissez le preneur. »), not as an error of each field."""
    if not form.errors:
        return []
    unchosen = {name for name in ("taker", "contract") if not form.data.get(name)}
    errors = []
    for name, messages_ in form.errors.items():
        if name in unchosen or name == "reason":
            continue
        label = form.fields[name].label if name in form.fields and name != "poignees" else None
        for message in messages_:
            errors.append(f"{label} : {message}" if label and name != "__all__" else message)
    missing = {
        frozenset({"taker", "contract"}): _("Choisissez le preneur et le contrat."),
        frozenset({"taker"}): _("Choisissez le preneur."),
        frozenset({"contract"}): _("Choisissez le contrat."),
    }.get(frozenset(unchosen))
    return [missing, *errors] if missing else errors


# Where the form shows a field's refusal after a save; the live marques empty these slots
# (out-of-band) when they take over, so that a message is never shown twice: the form's
# messages, its number's, and those of every field a refusal may name (the reason aside,
# which the live marques do not check).
ERROR_SLOTS = ["all", "number", "chelem_announced", *DEAL_FIELDS, "poignees"]


@require_http_methods(["GET", "POST"])
def deal_edit(request: HtmxHttpRequest, table_id: int, number: int) -> HttpResponse:
    """Correct a deal: the table its last one until signed, the arbitre any."""
    table, access = _table_or_404(request, table_id)
    if not access.can_edit:
        if request.method == "GET":
            return redirect("sheet_access", table_id=table.pk)
        raise PermissionDenied
    deal = get_object_or_404(Deal, table=table, number=number)
    if request.method == "GET":
        try:
            check_sheet_open(table, access.actor)
        except Refused as refusal:
            # Saving would be refused: the table is told so before typing anything.
            messages.error(request, refusal.message)
            return redirect("sheet", table_id=table.pk)
    seats = table_seats(table)
    status = 200
    if request.method == "POST":
        form = DealForm(request.POST, table=table, seats=seats)
        if form.is_valid():
            try:
                retry_once_on_dropped_connection(
                    lambda: correct_deal(
                        table=table,
                        number=number,
                        version=form.cleaned_data["version"],
                        result=form.result(),
                        by=access.actor,
                        submission_id=form.cleaned_data["submission_id"],
                        reason=form.cleaned_data["reason"],
                    )
                )
            except (InvalidDeal, Refused) as error:
                add_refusal(form, error)
                status = _refusal_status(error)
            else:
                messages.success(request, _("Donne %(number)s corrigée.") % {"number": number})
                return _back_to_sheet(request, table)
        else:
            status = 422
    else:
        form = DealForm(initial=initial_for(deal), table=table, seats=seats)
    context = {
        "table": table,
        "position": table.position,
        "tournament": table.position.tournament,
        "deal": deal,
        "form": form,
        "access": access,
        # A correction of a signed sheet says why: the players see it.
        "ask_reason": table.locked_at is not None,
    }
    response = render_page(request, "sheets/deal_edit.html", context, partial="edit", status=status)
    return _refusal_in_view(request, response, status)


def _back_to_sheet(request: HtmxHttpRequest, table: Table) -> HttpResponse:
    """After a correction, the sheet: a full page load, also for htmx (HX-Redirect)."""
    return redirect_page(request, reverse("sheet", kwargs={"table_id": table.pk}))


@require_POST
def deal_delete(request: HtmxHttpRequest, table_id: int, number: int) -> HttpResponse:
    table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    version = _posted_int(request, "version")
    try:
        delete_deal(
            table=table,
            number=number,
            version=version,
            by=access.actor,
            reason=request.POST.get("reason", ""),
        )
    except Refused as error:
        messages.error(request, error.message)
        if request.htmx:
            return _back_to_sheet(request, table)
        return _render_sheet(request, table, access, status=_refusal_status(error))
    messages.success(request, _("Donne %(number)s supprimée.") % {"number": number})
    return _back_to_sheet(request, table)


@require_POST
def sign_off(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """A player taps their name: they confirm their bilan. The last one signs the sheet."""
    table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    try:
        table = confirm_bilan(table=table, place=request.POST.get("place", ""), by=access.actor)
    except Refused as error:
        return _refused_on_sheet(request, table, access, error)
    if table.locked_at is not None:
        messages.success(request, signed_message(table, table.seats.count()))
    return _sheet_after_write(request, table.pk)


@require_http_methods(["GET", "POST"])
def sheet_unlock(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The arbitre reopens a signed sheet; the players will confirm their bilans again.

    The sheet's button leads here first (GET): a page that says what reopening does and asks
    to confirm, with no script needed.
    """
    table, access = _table_or_404(request, table_id)
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
    return _back_to_sheet(request, table)


# --- History -----------------------------------------------------------------------------


@require_GET
def sheet_history(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Every save, correction and deletion of the sheet's deals, and every confirmation,
    signature, reopening and correction after signature: who, when, before, after."""
    table, access = _table_or_404(request, table_id)
    if not access.can_edit:
        return redirect("sheet_access", table_id=table.pk)
    entries = history_entries(table, table_seats(table))
    return render(
        request,
        "sheets/history.html",
        {"table": table, "position": table.position, "entries": entries, "access": access},
    )
