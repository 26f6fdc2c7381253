"""The feuilles de marque: a table enters its deals, signs its sheet; the arbitre watches the room.

Who may do what (``tournaments.table_access``): anyone reads the sheet of a published
tournament; the device that typed the table's code, and the tournament's arbitre, write on it.
Every write is one service call (``tournaments.services.deals``); a refusal comes back as the
form with what was typed and the message beside its field, with a status that names the
refusal (full page) or 200 so that htmx swaps it in (htmx request).
"""

from dataclasses import dataclass
from decimal import Decimal
from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scoring.rules import InvalidDeal, Marque
from scoring.sheet import sheet_totals
from tournaments.db import retry_once_on_dropped_connection
from tournaments.forms import add_refusal
from tournaments.models import (
    MARQUE_FIELDS,
    POIGNEE_FIELDS,
    Camp,
    Chelem,
    Contract,
    Deal,
    Place,
    PoigneeSize,
    Seat,
    SheetEvent,
    Table,
)
from tournaments.printing import CHELEMS, PETIT_AU_BOUT
from tournaments.services.deals import (
    DealResult,
    confirm_bilan,
    correct_deal,
    delete_deal,
    preview_result,
    record_deal,
    unlock_sheet,
)
from tournaments.services.errors import Refused
from tournaments.sheet_forms import (
    DealForm,
    TableCodeForm,
    initial_for,
    short_name,
)
from tournaments.table_access import (
    SheetAccess,
    check_code,
    grant_link_valid,
    open_device_grant,
    sheet_access,
)
from tournaments.templatetags.sheet_tags import camp_sign, signed

PLACE_ORDER = list(Place.values)

# The status of each refusal, for a full-page answer (htmx answers 200 to swap the form in).
REFUSAL_STATUS = {
    "invalid": 422,
    "refused": 422,
    "number_out_of_range": 400,
    "number_taken": 409,
    "previous_unplayed": 409,
    "stale": 409,
    "incomplete": 409,
    "unbalanced": 409,
    "locked": 423,
    "not_last": 403,
    "not_arbitre": 403,
    "missing": 404,
    "open": 409,
}

ALERT_CONTRACTS = {Contract.GARDE_SANS, Contract.GARDE_CONTRE}


# --- Loading and permissions -------------------------------------------------------------


def _table_or_404(request: HttpRequest, table_id: int) -> tuple[Table, SheetAccess]:
    """The table and what this request may do on it; 404 if the tournament is hidden to it."""
    table = get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)
    access = sheet_access(request, table)
    if not table.position.tournament.published and not access.can_edit:
        raise Http404
    return table, access


def _editor_or_403(access: SheetAccess) -> None:
    if not access.can_edit:
        raise PermissionDenied(_("Saisissez d'abord le code de la table."))


def _seats(table: Table) -> list[Seat]:
    seats = table.seats.select_related("registration__player")
    return sorted(seats, key=lambda seat: PLACE_ORDER.index(seat.place))


# --- What the sheet shows ----------------------------------------------------------------


@dataclass
class DealRow:
    deal: Deal
    summary: str
    primes: list[str]
    cells: list
    is_last: bool
    alert: str


def _points_text(points: Decimal | None) -> str:
    if points is None:
        return ""
    whole = points == points.to_integral_value()
    return (str(int(points)) if whole else str(points)).replace(".", ",")


def _deal_summary(deal: Deal, names: dict[str, str]) -> str:
    if deal.all_pass:
        return _("Tous passent")
    text = f"{deal.get_contract_display()} — {names.get(deal.taker, deal.taker)}"
    if deal.partner:
        text += " + " + names.get(deal.partner, deal.partner)
    if deal.points is None:
        return text + " · " + _("résultat à venir")
    bouts = ngettext("%(bouts)s bout", "%(bouts)s bouts", deal.bouts) % {"bouts": deal.bouts}
    return f"{text} · {_points_text(deal.points)} pts, {bouts}"


def _deal_primes(table: Table, deal: Deal, names: dict[str, str]) -> list[str]:
    """What the marque holds besides the contract, so that the players can check it before
    they sign: the mort, the petit au bout (which camp), each poignée (which size, whose) and
    the chelem, each with its term of the marque, in the words of the live marques and of the
    printed sheet."""
    if deal.all_pass or deal.points is None:
        return []
    marque = _stored_marque(table, deal, names)
    primes = []
    if deal.sitting_out:
        primes.append(_("mort : %(who)s") % {"who": names.get(deal.sitting_out, "")})
    if deal.petit_au_bout:
        primes.append(
            str(PETIT_AU_BOUT[Camp(deal.petit_au_bout)]) + _term(marque and marque.petit_au_bout)
        )
    terms = marque.poignees if marque else ()
    for index, (place, size) in enumerate(deal.poignees().items()):
        primes.append(
            _("poignée %(size)s (%(who)s)")
            % {"size": PoigneeSize(size).label.lower(), "who": names.get(place, place)}
            + _term(terms[index] if index < len(terms) else None)
        )
    if deal.chelem:
        primes.append(str(CHELEMS[Chelem(deal.chelem)]) + _term(marque and marque.chelem))
    return primes


def _term(value: int | None) -> str:
    return "" if value is None else f" : {camp_sign(value)}"


def _stored_marque(table: Table, deal: Deal, names: dict[str, str]) -> Marque | None:
    """The terms of a stored deal's marque, scored again from what it holds (no query); None
    if the rules now refuse it (the stored marques stand: only the arbitre changes them)."""
    try:
        return preview_result(
            table=table, places=list(names), result=DealResult.of_deal(deal)
        ).marque
    except (InvalidDeal, Refused):
        return None


def _alert(deal: Deal) -> str:
    """Why the arbitre must be called for this deal (FFT): garde sans, garde contre, or an
    announced chelem; empty for any other deal."""
    reasons = []
    if deal.contract in ALERT_CONTRACTS:
        reasons.append(deal.get_contract_display())
    if deal.chelem_announced:
        reasons.append(_("chelem annoncé"))
    return ", ".join(reasons).capitalize()


def _sheet_data(table: Table, seats: list[Seat], deals: list[Deal]) -> dict:
    """Rows, totals and checks of one sheet, from its seats and deals (no query)."""
    places = [seat.place for seat in seats]
    names = {seat.place: short_name(seat) for seat in seats}
    last_number = max((deal.number for deal in deals), default=None)
    rows = [
        DealRow(
            deal=deal,
            summary=_deal_summary(deal, names),
            primes=_deal_primes(table, deal, names),
            cells=[deal.marque(place) for place in places],
            is_last=deal.number == last_number,
            alert=_alert(deal),
        )
        for deal in deals
    ]
    totals = sheet_totals(places, {deal.number: deal.marques() for deal in deals})
    expected = table.position.tournament.deals_per_position
    played = sum(1 for deal in deals if deal.is_played)
    seat_totals = [totals.by_seat[place] for place in places]
    return {
        "columns": [(seat, names[seat.place]) for seat in seats],
        "rows": rows,
        "totals": seat_totals,
        "signers": list(zip(seats, seat_totals, strict=True)),
        "sheet_totals": totals,
        "played_count": played,
        "expected_count": expected,
        "complete": played == expected and len(deals) == expected,
        "waiting": next((deal for deal in deals if not deal.is_played), None),
        "alerts": [row for row in rows if row.alert],
    }


def _next_form(table: Table, seats: list[Seat], data: dict) -> DealForm | None:
    """The form for what comes next: the result of a deal bid, or the next deal, or nothing."""
    waiting = data["waiting"]
    if waiting is not None:
        return DealForm(initial=initial_for(waiting), table=table, seats=seats)
    if data["played_count"] >= data["expected_count"]:
        return None
    number = max((row.deal.number for row in data["rows"]), default=0) + 1
    if number > data["expected_count"]:
        return None
    return DealForm(initial=initial_for(None, number=number), table=table, seats=seats)


def _sheet_context(table: Table, access: SheetAccess, *, form: DealForm | None = None) -> dict:
    seats = _seats(table)
    deals = list(table.deals.all())
    data = _sheet_data(table, seats, deals)
    locked = table.locked_at is not None
    can_enter = access.can_edit and (not locked or access.is_arbitre)
    refusals = []
    if form is not None and not can_enter:
        # The sheet is signed: the form is not shown again, its refusal is.
        refusals = form.non_field_errors()
    if form is None and can_enter:
        form = _next_form(table, seats, data)
    return {
        "signed_note": signed_message(table, len(seats)) if locked else "",
        "to_confirm_again": [seat for seat in seats if seat.confirmed_at is None]
        if table.corrected_at and not locked
        else [],
        "next_seats": _next_seats(table, seats) if locked else [],
        "refusals": refusals,
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


def _next_seats(table: Table, seats: list[Seat]) -> list[Seat]:
    """Once the sheet is signed, where each of its players sits at the next position, if
    that seating is published (the table's phone tells them before they stand up)."""
    return sorted(
        Seat.objects.filter(
            position__tournament_id=table.position.tournament_id,
            position__number=table.position.number + 1,
            position__seating_published_at__isnull=False,
            registration_id__in=[seat.registration_id for seat in seats],
        ).select_related("table", "position", "registration__player"),
        key=lambda seat: (seat.registration.player.last_name, seat.registration.player.first_name),
    )


def _render_sheet(
    request: HttpRequest,
    table: Table,
    access: SheetAccess,
    *,
    form: DealForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = _sheet_context(table, access, form=form)
    if request.htmx:
        return _refusal_in_view(render(request, "sheets/sheet.html#sheet", context), status)
    return render(request, "sheets/sheet.html", context, status=status)


def _refusal_in_view(response: HttpResponse, status: int) -> HttpResponse:
    """An htmx answer, 200 so that htmx swaps it; a refusal scrolls to its first message."""
    if status >= 400:
        response["HX-Reswap"] = "innerHTML show:.errorlist:top"
    return response


def _refusal_status(error: Exception) -> int:
    if isinstance(error, InvalidDeal):
        return REFUSAL_STATUS["invalid"]
    return REFUSAL_STATUS.get(getattr(error, "code", "refused"), 422)


# --- Access by code ----------------------------------------------------------------------


def _access_context(request: HttpRequest, table: Table, **extra) -> dict:
    """What the code page may show: the tournament, table and position only when the
    tournament is published (or to whoever may already write on it); otherwise nothing
    that says which tournament this table number belongs to."""
    tournament = table.position.tournament
    shown = tournament.published or sheet_access(request, table).can_edit
    return {"table": table, "position": table.position, "named": shown, **extra}


@require_http_methods(["GET", "POST"])
def table_access(request: HttpRequest, table_id: int) -> HttpResponse:
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
    if request.htmx:
        return render(request, "sheets/access.html#access", context)
    return render(request, "sheets/access.html", context, status=status)


@require_http_methods(["GET", "POST"])
def device_grant_open(request: HttpRequest, table_id: int, token: str) -> HttpResponse:
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
def sheet(request: HttpRequest, table_id: int) -> HttpResponse:
    table, access = _table_or_404(request, table_id)
    return _render_sheet(request, table, access)


@require_http_methods(["GET", "POST"])
def deal_new(request: HttpRequest, table_id: int) -> HttpResponse:
    """Record a deal: a new one, « tous passent », or the result of the deal bid."""
    table, access = _table_or_404(request, table_id)
    if request.method == "GET":
        return redirect("sheet", table_id=table.pk)
    _editor_or_403(access)
    if "all_pass" in request.POST:
        return _all_pass(request, table, access)
    form = DealForm(request.POST, table=table, seats=_seats(table))
    if not form.is_valid():
        return _render_sheet(request, table, access, form=form, status=422)
    try:
        deal = retry_once_on_dropped_connection(
            lambda: record_deal(
                table=table,
                number=form.cleaned_data["number"],
                result=form.result(),
                by=access.actor,
                version=form.cleaned_data["version"],
                submission_id=form.cleaned_data["submission_id"],
            )
        )
    except (InvalidDeal, Refused) as error:
        add_refusal(form, error)
        return _render_sheet(request, table, access, form=form, status=_refusal_status(error))
    messages.success(request, _("Donne %(number)s enregistrée.") % {"number": deal.number})
    if request.htmx:
        return _render_sheet(request, table, access)
    return redirect("sheet", table_id=table.pk)


def _all_pass(request: HttpRequest, table: Table, access: SheetAccess) -> HttpResponse:
    """« Tous passent » in one tap, where the tournament counts such deals."""
    number = _posted_int(request, "number")
    try:
        if not table.position.tournament.counts_all_pass:
            raise Refused(
                _("Dans ce tournoi, une donne où tous passent est redistribuée sans être notée.")
            )
        if number is None:
            raise Refused(_("Numéro de donne manquant."), code="number_out_of_range")
        retry_once_on_dropped_connection(
            lambda: record_deal(
                table=table,
                number=number,
                result=DealResult(all_pass=True),
                by=access.actor,
                version=_posted_int(request, "version"),
                submission_id=_posted_uuid(request, "submission_id"),
            )
        )
    except Refused as error:
        messages.error(request, error.message)
        if request.htmx:
            return _render_sheet(request, table, access)
        return _render_sheet(request, table, access, status=_refusal_status(error))
    messages.success(request, _("Donne %(number)s : tous passent.") % {"number": number})
    if request.htmx:
        return _render_sheet(request, table, access)
    return redirect("sheet", table_id=table.pk)


def _posted_uuid(request: HttpRequest, name: str) -> UUID | None:
    try:
        return UUID(request.POST.get(name, ""))
    except ValueError:
        return None


def _posted_int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


@require_POST
def deal_preview(request: HttpRequest, table_id: int) -> HttpResponse:
    """The marques of the deal being typed, with their reasons, before anything is saved."""
    table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    seats = _seats(table)
    form = DealForm(request.POST, table=table, seats=seats)
    context = {"table": table, "form": form, "preview": None, "bid_only": False}
    if form.is_valid():
        result = form.result()
        if result.is_played:
            try:
                preview = preview_result(
                    table=table, places=[seat.place for seat in seats], result=result
                )
            except (InvalidDeal, Refused) as error:
                add_refusal(form, error)
            else:
                context["preview"] = preview
                context["preview_rows"] = [
                    (seat, preview.marques.get(seat.place)) for seat in seats
                ]
                context["explanation"] = _explanation(preview, result, form)
        else:
            context["bid_only"] = True
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
ERROR_SLOTS = [
    "all",
    "number",
    "chelem_announced",
    "taker",
    "contract",
    "partner",
    "sitting_out",
    "bouts",
    "points",
    "petit_au_bout",
    "chelem",
    "poignees",
]


def _explanation(preview, result: DealResult, form: DealForm) -> list[str]:
    """The reasons of the marque, as the players check them on paper (docs/scoring.md §One deal)."""
    marque = preview.marque
    if marque is None:
        return [_("Tous passent : chacun marque 0.")]
    lines = []
    typed = form.cleaned_data.get("points")
    if form.cleaned_data.get("points_for") == "defense":
        lines.append(
            _("Points de la défense %(typed)s : l'attaque a 91 − %(typed)s = %(points)s.")
            % {"typed": _points_text(typed), "points": _points_text(Decimal(result.points))}
        )
    lines.append(
        ngettext(
            "Avec %(bouts)s bout, il faut %(target)s points ; l'attaque en compte %(counted)s.",
            "Avec %(bouts)s bouts, il faut %(target)s points ; l'attaque en compte %(counted)s.",
            result.bouts,
        )
        % {
            "bouts": result.bouts,
            "target": marque.target,
            "counted": _points_text(Decimal(str(result.points))),
        }
    )
    if Decimal(str(result.points)) != marque.counted_points:
        lines.append(
            _(
                "Le demi-point revient au camp gagnant, ici %(camp)s : l'attaque compte donc "
                "%(counted)s."
            )
            % {
                "camp": _("l'attaque") if marque.won else _("la défense"),
                "counted": marque.counted_points,
            }
        )
    if marque.difference > 0:
        lines.append(_("Contrat gagné de %(d)s.") % {"d": marque.difference})
    elif marque.difference == 0:
        lines.append(_("Contrat juste fait."))
    else:
        lines.append(_("Contrat chuté de %(d)s.") % {"d": -marque.difference})
    lines.append(
        _("Contrat : (25 + %(d)s) × %(m)s = %(points)s")
        % {
            "d": abs(marque.difference),
            "m": marque.multiplier,
            "points": camp_sign(marque.contract_points),
        }
    )
    if marque.petit_au_bout:
        lines.append(
            _("Petit au bout : 10 × %(m)s = %(points)s")
            % {"m": marque.multiplier, "points": camp_sign(marque.petit_au_bout)}
        )
    # The primes come in the order of the poignées typed (tournaments.services.deals).
    shown = (result.poignees or {}).items()
    for (place, size), prime in zip(shown, marque.poignees, strict=True):
        lines.append(
            _("Poignée %(size)s (%(who)s) : %(points)s")
            % {"size": size, "who": form.player_names.get(place, place), "points": camp_sign(prime)}
        )
    if marque.chelem:
        lines.append(_("Chelem : %(points)s") % {"points": camp_sign(marque.chelem)})
    lines.append(
        _("Chaque défenseur : %(defender)s ; preneur : %(factor)s × %(value)s = %(taker)s")
        % {
            "defender": camp_sign(marque.defender),
            "factor": marque.taker_factor,
            "value": str(marque.value).replace("-", "\N{MINUS SIGN}"),
            "taker": camp_sign(marque.taker),
        }
    )
    if marque.partner is not None:
        lines.append(_("Partenaire : %(partner)s") % {"partner": camp_sign(marque.partner)})
    return lines


@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """Correct a deal: the table its last one until signed, the arbitre any."""
    table, access = _table_or_404(request, table_id)
    if not access.can_edit:
        if request.method == "GET":
            return redirect("sheet_access", table_id=table.pk)
        raise PermissionDenied
    deal = get_object_or_404(Deal, table=table, number=number)
    seats = _seats(table)
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
    if request.htmx:
        return _refusal_in_view(render(request, "sheets/deal_edit.html#edit", context), status)
    return render(request, "sheets/deal_edit.html", context, status=status)


def _back_to_sheet(request: HttpRequest, table: Table) -> HttpResponse:
    """After a correction, the sheet: a full page load, also for htmx (HX-Redirect)."""
    url = reverse("sheet", kwargs={"table_id": table.pk})
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_POST
def deal_delete(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
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
def sign_off(request: HttpRequest, table_id: int) -> HttpResponse:
    """A player taps their name: they confirm their bilan. The last one signs the sheet."""
    table, access = _table_or_404(request, table_id)
    _editor_or_403(access)
    try:
        table = confirm_bilan(table=table, place=request.POST.get("place", ""), by=access.actor)
    except Refused as error:
        messages.error(request, error.message)
        if request.htmx:
            return _render_sheet(request, table, access)
        return _render_sheet(request, table, access, status=_refusal_status(error))
    if table.locked_at is not None:
        messages.success(request, signed_message(table, table.seats.count()))
    if request.htmx:
        return _render_sheet(request, table, access)
    return redirect("sheet", table_id=table.pk)


@require_http_methods(["GET", "POST"])
def sheet_unlock(request: HttpRequest, table_id: int) -> HttpResponse:
    """The arbitre reopens a signed sheet; the players will confirm their bilans again.

    The sheet's button leads here first (GET): a page that says what reopening does and asks
    to confirm, with no script needed.
    """
    table, access = _table_or_404(request, table_id)
    if not access.is_arbitre:
        raise PermissionDenied
    if request.method == "GET":
        if table.locked_at is None:
            return redirect("sheet", table_id=table.pk)
        return render(
            request,
            "sheets/unlock_confirm.html",
            {"table": table, "position": table.position, "seats": _seats(table)},
        )
    try:
        unlock_sheet(table=table, by=access.actor, reason=request.POST.get("reason", ""))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Feuille rouverte : les joueurs la signeront à nouveau."))
    return _back_to_sheet(request, table)


def signed_message(table: Table, count: int) -> str:
    """« Feuille signée à 23:41 par les 4 joueurs. », in the tournament's time (TIME_ZONE)."""
    return ngettext(
        "Feuille signée à %(time)s par le joueur.",
        "Feuille signée à %(time)s par les %(count)s joueurs.",
        count,
    ) % {"time": localtime(table.locked_at).strftime("%H:%M"), "count": count}


# --- History -----------------------------------------------------------------------------

HISTORY_FIELDS = [
    "all_pass",
    "taker",
    "contract",
    "partner",
    "sitting_out",
    "bouts",
    "points",
    "petit_au_bout",
    "chelem",
    "chelem_announced",
    *POIGNEE_FIELDS.values(),
    *MARQUE_FIELDS.values(),
]


@dataclass
class HistoryEntry:
    when: object
    title: str
    who: str
    changes: list
    kind: str  # a CSS class: the deal's history type (+, ~, -) or the sheet event's kind
    reason: str = ""
    note: str = ""


def _shown(record, field: str) -> str:
    value = getattr(record, field)
    if value is None or value == "":
        return "—"
    model_field = Deal._meta.get_field(field)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if field.startswith("marque_"):
        return signed(value)
    if isinstance(value, Decimal):
        return _points_text(value)
    return str(value)


def _history_entries(records) -> list[HistoryEntry]:
    """Each change with what it changed (before → after), oldest first; computed in memory."""
    actions = {"+": _("Saisie"), "~": _("Modification"), "-": _("Suppression")}
    previous = {}
    entries = []
    for record in records:
        before = previous.get(record.id)
        changes = []
        for field in HISTORY_FIELDS:
            after_value = _shown(record, field)
            before_value = _shown(before, field) if before is not None else "—"
            if record.history_type == "-":
                continue
            if before is None and field == "all_pass" and not record.all_pass:
                continue
            if after_value != before_value:
                label = str(Deal._meta.get_field(field).verbose_name)
                changes.append((label, before_value, after_value))
        who = record.history_change_reason or (
            record.history_user.get_username() if record.history_user else "—"
        )
        title = _("Donne %(number)s — %(action)s") % {
            "number": record.number,
            "action": actions[record.history_type],
        }
        entries.append(
            HistoryEntry(record.history_date, title, who, changes, kind=record.history_type)
        )
        previous[record.id] = record
    return entries


def _event_entry(event: SheetEvent, names: dict[str, str]) -> HistoryEntry:
    """A confirmation, signature, reopening or correction after signature, in words."""
    players = ", ".join(names.get(place, place) for place in event.places)
    title = event.get_kind_display()
    note = ""
    if event.kind == SheetEvent.Kind.CONFIRMED:
        title = _("Bilan confirmé : %(who)s") % {"who": players}
    elif event.kind == SheetEvent.Kind.CORRECTED:
        title = _("Donne %(number)s — correction de l'arbitre après signature") % {
            "number": event.deal_number
        }
        note = (
            _("Confirmations retirées (leur marque a changé) : %(who)s") % {"who": players}
            if players
            else _("Aucune marque n'a changé : les confirmations restent.")
        )
    return HistoryEntry(
        event.at, title, event.actor, [], kind=event.kind, reason=event.reason, note=note
    )


@require_GET
def sheet_history(request: HttpRequest, table_id: int) -> HttpResponse:
    """Every save, correction and deletion of the sheet's deals, and every confirmation,
    signature, reopening and correction after signature: who, when, before, after."""
    table, access = _table_or_404(request, table_id)
    if not access.can_edit:
        return redirect("sheet_access", table_id=table.pk)
    records = (
        Deal.history.filter(table_id=table.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    names = {seat.place: short_name(seat) for seat in _seats(table)}
    timeline = _history_entries(records) + [
        _event_entry(event, names) for event in table.events.all()
    ]
    # Newest first; what happened at the same instant keeps its order, reversed (a signature
    # comes after the last confirmation, a correction's event after the deal it changed).
    entries = [
        entry
        for _index, entry in sorted(
            enumerate(timeline), key=lambda item: (item[1].when, item[0]), reverse=True
        )
    ]
    return render(
        request,
        "sheets/history.html",
        {"table": table, "position": table.position, "entries": entries, "access": access},
    )
