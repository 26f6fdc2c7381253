"""How a phone gets the right to write on a table's sheet: its code, typed once, or the
arbitre's one-time link (``tournaments.table_access``), which the arbitre makes from the room
(``device_grant``) and the phone opens (``device_grant_open``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from common.htmx import HtmxHttpRequest, render_page
from tournaments.championship import in_hall
from tournaments.forms.sheets import TableCodeForm
from tournaments.models import Position, Table
from tournaments.permissions import acting, room_or_404
from tournaments.prints.qr import qr_svg
from tournaments.selectors.sheets import table_hall
from tournaments.services.tables import grant_device_link
from tournaments.table_access import (
    CLIENT_ON_TABLE,
    TABLE,
    Blocked,
    any_table_or_404,
    check_code,
    grant_link_valid,
    open_device_grant,
    sheet_access,
)


def _access_context(request: HtmxHttpRequest, table: Table, **extra) -> dict:
    """What the code page may show: the tournament, table and position only when the
    tournament is published (or to whoever may already write on it); otherwise nothing
    that says which tournament this table number belongs to."""
    tournament = table.position.tournament
    shown = tournament.published or sheet_access(request, table).can_edit
    hall = table_hall(table) if shown else None
    return {"table": table, "hall": hall, "position": table.position, "named": shown, **extra}


@require_http_methods(["GET", "POST"])
def table_access(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """The table's code, typed once, opens this table's sheet for writing on this device."""
    table = any_table_or_404(table_id)
    status, retry_after = 200, None
    if request.method == "POST":
        form = TableCodeForm(request.POST)
        if form.is_valid():
            opened = check_code(request, table=table, code=form.cleaned_data["code"])
            if opened is True:
                return redirect("sheet", table_id=table.pk)
            if isinstance(opened, Blocked):
                form.add_error(None, _blocked_message(opened))
                status, retry_after = 429, opened.retry_after
            else:
                form.add_error("code", _("Ce n'est pas le code de cette table."))
                status = 403
        else:
            status = 422
    else:
        # The QR code printed on the sheet may carry the code: it fills the field, no more.
        form = TableCodeForm(initial={"code": request.GET.get("code", "")[:20]})
    context = _access_context(request, table, form=form)
    response = render_page(request, "sheets/access.html", context, partial="access", status=status)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def _blocked_message(blocked: Blocked) -> str:
    """Which bound was reached, in the words of whoever typed: the table's own, or this
    connection's (a room's phones share it), and when to try again."""
    minutes = -(-blocked.retry_after // 60)
    wait = ngettext(
        "réessayez dans %(minutes)s minute", "réessayez dans %(minutes)s minutes", minutes
    ) % {"minutes": minutes}
    if blocked.bound == TABLE:
        reason = _("Trop d'essais sur cette table")
    elif blocked.bound == CLIENT_ON_TABLE:
        reason = _("Trop d'essais sur cette table depuis cette connexion")
    else:
        reason = _("Trop d'essais de codes depuis cette connexion, toutes tables confondues")
    return _(
        "%(reason)s : appelez l'arbitre, qui ouvrira ce téléphone depuis la salle, ou %(wait)s."
    ) % {"reason": reason, "wait": wait}


@require_http_methods(["GET", "POST"])
def device_grant_open(request: HtmxHttpRequest, table_id: int, token: str) -> HttpResponse:
    """The arbitre's one-time link: a tap on « Ouvrir la feuille » lets this phone in. The
    link is only used by that POST, so that a preview of the link by a messaging app does
    not spend it."""
    table = any_table_or_404(table_id)
    valid = grant_link_valid(table=table, token=token)
    if request.method == "POST" and valid:
        if open_device_grant(request, table=table, token=token):
            messages.success(request, _("Ce téléphone saisit maintenant les donnes de la table."))
            return redirect("sheet", table_id=table.pk)
        valid = False
    context = _access_context(request, table, valid=valid, token=token)
    return render(request, "sheets/device_grant_open.html", context, status=200 if valid else 410)


# --- The sheet and its deals -------------------------------------------------------------


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
        if hall is not None:
            return redirect("hall_room", tournament.pk, number, hall.number)
        return redirect("sheet_room", tournament_id=tournament.pk, number=number)
    link = grant_device_link(table=table, by=acting(request.user, tournament))
    url = request.build_absolute_uri(link.path)
    context = {
        "tournament": tournament,
        "position": position,
        "table": table,
        # Back to the hall's room, for an arbitre de salle (whose hall is None otherwise).
        "hall": hall,
        "url": url,
        # Drawn by segno from our own URL: no user text in it.
        "qr_svg": mark_safe(qr_svg(url, screen=True)),
        "minutes": link.expires_in_minutes,
    }
    return render(request, "sheets/device_grant.html", context)
