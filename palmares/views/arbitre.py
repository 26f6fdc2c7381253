"""The arbitre's prize table: set it in the tournament's settings, see the prize list move
with the ranking, lock it once paid, unlock it with a reason. Every page finds the tournament
through ``arbitre_tournament_or_404``: a 404 for anyone but its club's arbitres."""

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from palmares.forms import PrizeRowFormSet, PrizeTableForm, UnlockForm, rows_initial
from palmares.selectors.prize_lists import prize_journal, prize_list, prize_table_of
from palmares.services.prize_tables import lock_prize_list, set_prize_table, unlock_prize_list
from tournaments.permissions import arbitre_tournament_or_404


def _page_url(tournament_id: int) -> str:
    return reverse("prize_table", args=[tournament_id])


@login_required
@require_http_methods(["GET", "POST"])
def prize_table(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    table = prize_table_of(tournament)
    data = request.POST if request.method == "POST" else None
    form = PrizeTableForm(data, initial=PrizeTableForm.initial_of(table))
    rows = PrizeRowFormSet(data, initial=rows_initial(table), prefix="lignes")
    refused = ""
    if request.method == "POST" and form.is_valid() and rows.is_valid():
        typed = [(index, row.spec()) for index, row in enumerate(rows)]
        typed = [(index, spec) for index, spec in typed if spec is not None]
        try:
            set_prize_table(
                tournament=tournament,
                pot_kind=form.cleaned_data["pot_kind"],
                fee=form.cleaned_data["fee"] or Decimal("0.00"),
                percent=form.cleaned_data["percent"],
                ties=form.cleaned_data["ties"],
                one_prize_each=form.cleaned_data["one_prize_each"],
                rows=[spec for _index, spec in typed],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            refused = refusal.message
            if (refusal.field or "").startswith("rows."):
                # A row refused: its words beside the row typed (blank rows are not sent).
                index = typed[int(refusal.field.removeprefix("rows."))][0]
                rows.forms[index].add_error("value", refusal.message)
            else:
                add_refusal(form, refusal)
        else:
            messages.success(request, _("Tableau des prix enregistré."))
            return redirect_page(request, _page_url(tournament.pk))
    invalid = bool(form.errors or rows.total_error_count() or refused)
    context = {
        "tournament": tournament,
        "table": table,
        "form": form,
        "rows": rows,
        "shown": prize_list(table) if table is not None else None,
        "journal": prize_journal(tournament),
        "tab": "prizes",
    }
    status = 422 if invalid else 200
    return render_page(request, "palmares/table.html", context, partial="form", status=status)


@login_required
@require_POST
def prize_list_lock(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    try:
        lock_prize_list(tournament=tournament, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Palmarès arrêté : il ne bouge plus."))
    return redirect_page(request, _page_url(tournament.pk))


@login_required
@require_http_methods(["GET", "POST"])
def prize_list_unlock(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Unlock the list: a page that asks why (no script needed), then the unlock."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = UnlockForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            unlock_prize_list(
                tournament=tournament,
                reason=form.cleaned_data["reason"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Palmarès rouvert : il suit de nouveau le classement."))
            return redirect_page(request, _page_url(tournament.pk))
    context = {"tournament": tournament, "form": form, "table": prize_table_of(tournament)}
    status = 422 if form.errors else 200
    return render_page(request, "palmares/unlock.html", context, partial="form", status=status)
