"""The arbitre's page of online registration: its settings, the registered, the waiting list,
who confirmed by e-mail, the tables to prepare; and each action on an entry (promote, cancel,
move, say who a homonym is), or closing early. Only the tournament's club's arbitres: any
other account, and any entry of another tournament, is a 404."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.models import Player
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from entries.forms import OpeningForm, ResolveForm
from entries.models import Entry
from entries.selectors.entries import (
    entry_lists,
    entry_state,
    member_answers,
    tables_to_prepare,
)
from entries.selectors.journal import journal_lines
from entries.selectors.members import evening_members
from entries.services.entries import cancel_entry, move_entry, promote_entry, resolve_entry
from entries.services.openings import close_opening_early, set_opening
from tournaments.permissions import arbitre_tournament_or_404

PAGE = "entries/manage.html"


def _page(request: HtmxHttpRequest, tournament, form: OpeningForm, *, status: int = 200):
    context = {
        "tournament": tournament,
        "form": form,
        "state": entry_state(tournament),
        "lists": entry_lists(tournament),
        "tables": tables_to_prepare(tournament),
        "members": member_answers(tournament),
        "member_lines": evening_members(tournament) if tournament.club_id else None,
        "entries": journal_lines(tournament),
    }
    return render_page(request, PAGE, context, partial="opening-form", status=status)


def _initial(tournament) -> dict:
    opening = getattr(tournament, "opening", None)
    if opening is None:
        return {"eligibility": "everyone"}
    return {
        "opens_at": timezone.localtime(opening.opens_at),
        "closes_at": timezone.localtime(opening.closes_at),
        "capacity": opening.capacity,
        "eligibility": opening.eligibility,
        "note": opening.note,
    }


@require_GET
@login_required
def manage(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return _page(request, tournament, OpeningForm(initial=_initial(tournament)))


@require_POST
@login_required
def opening_edit(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = OpeningForm(request.POST)
    if form.is_valid():
        try:
            set_opening(tournament=tournament, **form.cleaned_data, by=Actor.arbitre(request.user))
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Inscriptions en ligne enregistrées."))
            return redirect_page(request, reverse("entries_manage", args=[tournament.pk]))
    return _page(request, tournament, form)


def _act(request: HtmxHttpRequest, tournament_id: int, write, done: str) -> HttpResponse:
    try:
        write()
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, done)
    return redirect_page(request, reverse("entries_manage", args=[tournament_id]))


@require_POST
@login_required
def opening_close(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    by = Actor.arbitre(request.user)
    return _act(
        request,
        tournament.pk,
        lambda: close_opening_early(tournament=tournament, by=by),
        _("Inscriptions en ligne closes."),
    )


def _entry(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> Entry:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return get_object_or_404(
        Entry.objects.select_related("tournament"), pk=entry_id, tournament=tournament
    )


@require_POST
@login_required
def entry_promote(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    entry = _entry(request, tournament_id, entry_id)
    by = Actor.arbitre(request.user)
    return _act(
        request,
        tournament_id,
        lambda: promote_entry(entry=entry, by=by),
        _("%(player)s passe de la liste d'attente aux inscrits.") % {"player": entry},
    )


@require_POST
@login_required
def entry_cancel(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    entry = _entry(request, tournament_id, entry_id)
    by = Actor.arbitre(request.user)
    return _act(
        request,
        tournament_id,
        lambda: cancel_entry(entry=entry, by=by),
        _("Inscription de %(player)s annulée.") % {"player": entry},
    )


@require_POST
@login_required
def entry_move(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    entry = _entry(request, tournament_id, entry_id)
    by = Actor.arbitre(request.user)
    up = request.POST.get("sens") != "bas"
    return _act(
        request,
        tournament_id,
        lambda: move_entry(entry=entry, up=up, by=by),
        _("%(player)s a changé de rang en liste d'attente.") % {"player": entry},
    )


@require_POST
@login_required
def entry_resolve(request: HtmxHttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    entry = _entry(request, tournament_id, entry_id)
    form = ResolveForm(request.POST)
    chosen = form.chosen_id() if form.is_valid() else ""
    if chosen == "":
        messages.error(request, _("Choisissez une fiche, ou « une autre personne »."))
        return redirect_page(request, reverse("entries_manage", args=[tournament_id]))
    player = None
    if chosen is not None:
        player = get_object_or_404(Player, pk=chosen)
    by = Actor.arbitre(request.user)
    return _act(
        request,
        tournament_id,
        lambda: resolve_entry(entry=entry, player=player, by=by),
        _("Fiche de %(player)s choisie.") % {"player": entry},
    )
