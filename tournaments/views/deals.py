"""The deals of a table's sheet: a new one (or « tous passent »), its live marques, a
correction, a deletion (``tournaments.services.deals``). The sheet around them, and the
refusals' statuses, are ``views.sheet``'s."""

from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.actors import Actor
from common.db import retry_once_on_dropped_connection
from common.htmx import HtmxHttpRequest, render_page
from common.refusals import Refused, add_refusal
from scoring.rules import InvalidDeal
from tournaments.choices import DEAL_FIELDS
from tournaments.deal_scoring import DealResult
from tournaments.forms.sheets import DealForm, initial_for
from tournaments.models import Deal, Seat, Table
from tournaments.selectors.sheets import (
    live_marques,
    seats_with_table,
    sheet_data,
    table_deals,
    table_seats,
)
from tournaments.services.deals import correct_deal, delete_deal, record_deal
from tournaments.services.sheets import check_sheet_open
from tournaments.table_access import (
    SheetAccess,
    access_or_404,
    editor_or_403,
    grant_held,
    table_or_404,
)
from tournaments.views.sheet import (
    back_to_sheet,
    next_deal_number,
    refusal_in_view,
    refusal_status,
    refused_on_sheet,
    render_sheet,
    sheet_after_write,
)


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
        return _deal_refused(request, table_id, error=error, status=refusal_status(error))
    messages.success(request, _("Donne %(number)s enregistrée.") % {"number": deal.number})
    return sheet_after_write(request, table_id)


def _table_and_seats_or_404(
    request: HtmxHttpRequest, table_id: int
) -> tuple[Table, SheetAccess, list[Seat]]:
    """``table_or_404`` and ``table_seats`` in one query, for the deal's save: the seats with
    their players, the table, its position and tournament joined to them (a table is seated
    as it is created)."""
    seats = seats_with_table(table_id)
    if not seats:
        table, access = table_or_404(request, table_id)
        return table, access, table_seats(table)
    table = seats[0].table
    return table, access_or_404(request, table), seats


def _writer(request: HtmxHttpRequest, table_id: int) -> Actor:
    """Who writes a deal on the table: its phone, as its session says (no query), or whoever
    reading the table lets in (its arbitre); 404 or 403 for anyone else."""
    if grant_held(request, table_id):
        return Actor.table_device()
    _table, access = table_or_404(request, table_id)
    editor_or_403(access)
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
        next_deal_number(sheet_data(table, seats, table_deals(table))) if elsewhere else None
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
    return render_sheet(request, table, access, form=form, status=status)


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
        table, access = table_or_404(request, table_id)
        editor_or_403(access)
        return refused_on_sheet(request, table, access, error)
    messages.success(request, _("Donne %(number)s : tous passent.") % {"number": number})
    return sheet_after_write(request, table_id)


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
    table, access = table_or_404(request, table_id)
    editor_or_403(access)
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
    return render_page(request, "sheets/_deal_form.html", context, partial="preview")


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
        label = (
            form.fields[name].label
            if name in form.fields and name not in ("poignees", "miseres")
            else None
        )
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
ERROR_SLOTS = ["all", "number", "chelem_announced", *DEAL_FIELDS, "poignees", "miseres"]


@require_http_methods(["GET", "POST"])
def deal_edit(request: HtmxHttpRequest, table_id: int, number: int) -> HttpResponse:
    """Correct a deal: the table its last one until signed, the arbitre any."""
    table, access = table_or_404(request, table_id)
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
                status = refusal_status(error)
            else:
                messages.success(request, _("Donne %(number)s corrigée.") % {"number": number})
                return back_to_sheet(request, table)
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
    return refusal_in_view(request, response, status)


@require_POST
def deal_delete(request: HtmxHttpRequest, table_id: int, number: int) -> HttpResponse:
    table, access = table_or_404(request, table_id)
    editor_or_403(access)
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
            return back_to_sheet(request, table)
        return render_sheet(request, table, access, status=refusal_status(error))
    messages.success(request, _("Donne %(number)s supprimée.") % {"number": number})
    return back_to_sheet(request, table)
