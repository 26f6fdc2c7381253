"""The public side of online registration: the entry form (fixed URL), its counts as JSON
(fixed URL), the player's own page of their entry, and the withdrawal by the e-mail's link.

Nobody logs in: the form is open to all while registration is; the page and the withdrawal
are reached by signed links (``entries.links``), and a link forged, damaged or of another
tournament is a 404.
"""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from documents.pace import public_document
from documents.views import throttled_response
from entries.forms import EntryForm
from entries.links import entry_id_of_page, page_token, withdraw_payload, withdraw_token
from entries.models import Eligibility, Entry
from entries.pace import seconds_to_wait
from entries.selectors.entries import (
    entry_state,
    entry_tournaments,
    member_evenings,
    public_counts,
    waiting_position,
)
from entries.services.entries import confirm_entry, submit_entry, withdraw_entry
from entries.services.evenings import answer_evening
from tournaments.models import Tournament

FORM = "entries/entry_form.html"
PAGE = "entries/entry_page.html"
WITHDRAW = "entries/withdraw.html"


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    return get_object_or_404(entry_tournaments(request.user), pk=tournament_id)


@require_http_methods(["GET", "POST"])
def entry_form(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """/tournois/<id>/inscription/: a closed or full tournament says so before the form."""
    tournament = _tournament(request, tournament_id)
    state = entry_state(tournament)
    licence_required = (
        state.opening is not None and state.opening.eligibility == Eligibility.LICENSED
    )
    form = EntryForm(request.POST or None, licence_required=licence_required)
    status = 200
    if request.method == "POST" and state.open:
        wait = seconds_to_wait(request)
        if wait:
            form.is_valid()
            form.add_error(
                None,
                _(
                    "Trop d'inscriptions envoyées depuis cette adresse : réessayez dans "
                    "%(seconds)s secondes. Ce que vous avez saisi est conservé."
                )
                % {"seconds": wait},
            )
            status = 429
        elif form.is_valid():
            try:
                entry = submit_entry(
                    tournament=tournament, **form.cleaned_data, by=Actor.of_request(request)
                )
            except Refused as refusal:
                add_refusal(form, refusal)
            else:
                url = reverse("entry_page", args=[tournament.pk, page_token(entry)])
                return redirect_page(request, url + "?nouvelle=1")
    context = {"tournament": tournament, "state": state, "form": form}
    response = render_page(request, FORM, context, partial="entry-form", status=status)
    if status == 429 and not request.htmx:
        response["Retry-After"] = str(wait)
    return response


@require_GET
@public_document
def entries_json(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """/tournois/<id>/inscriptions.json: counts and times, no name nor address (fixed)."""
    tournament = _tournament(request, tournament_id)
    if (throttled := throttled_response(request)) is not None:
        return throttled
    return JsonResponse(public_counts(tournament))


def _entry_of_page(tournament_id: int, token: str) -> Entry:
    entry_id = entry_id_of_page(token)
    if entry_id is None:
        raise Http404
    return get_object_or_404(
        Entry.objects.select_related("tournament", "registration", "player"),
        pk=entry_id,
        tournament_id=tournament_id,
    )


@require_GET
def entry_page(request: HtmxHttpRequest, tournament_id: int, token: str) -> HttpResponse:
    """The player's own page of their entry: where it stands, confirm, withdraw, and a club
    member's evenings to answer."""
    entry = _entry_of_page(tournament_id, token)
    context = {
        "entry": entry,
        "tournament": entry.tournament,
        "token": token,
        "withdraw_token": withdraw_token(entry) if entry.withdraw_nonce else "",
        "evenings": member_evenings(entry.player) if entry.player is not None else [],
        "new": request.GET.get("nouvelle") == "1",
        "waiting_position": waiting_position(entry),
    }
    return render_page(request, PAGE, context, partial="entry-status")


@require_POST
def entry_confirm(request: HtmxHttpRequest, tournament_id: int, token: str) -> HttpResponse:
    entry = _entry_of_page(tournament_id, token)
    confirm_entry(entry=entry, by=Actor.visitor())
    return redirect_page(request, reverse("entry_page", args=[tournament_id, token]))


@require_POST
def entry_answer(
    request: HtmxHttpRequest, tournament_id: int, token: str, evening_id: int
) -> HttpResponse:
    """« Je viens » / « Je ne viens pas » for one of the club's evenings."""
    entry = _entry_of_page(tournament_id, token)
    evening = _tournament(request, evening_id)
    if entry.player is None:
        raise Http404
    try:
        answer_evening(
            tournament=evening,
            player=entry.player,
            email=entry.email,
            coming=request.POST.get("vient") == "oui",
            by=Actor.visitor(),
        )
    except Refused as refusal:
        messages.error(request, refusal.message)
    return redirect_page(request, reverse("entry_page", args=[tournament_id, token]))


@require_http_methods(["GET", "POST"])
def entry_withdraw(request: HtmxHttpRequest, tournament_id: int, token: str) -> HttpResponse:
    """The e-mail's withdrawal link: a page asking to confirm (a mail reader opening links
    withdraws nobody), then the withdrawal, once."""
    payload = withdraw_payload(token)
    if payload is None:
        raise Http404
    entry_id, nonce = payload
    entry = get_object_or_404(
        Entry.objects.select_related("tournament"), pk=entry_id, tournament_id=tournament_id
    )
    context = {"entry": entry, "tournament": entry.tournament, "token": token, "done": False}
    if nonce != entry.withdraw_nonce:
        context["refusal"] = _("Ce lien de désistement a déjà servi.")
    elif request.method == "POST":
        try:
            withdraw_entry(entry=entry, nonce=nonce, by=Actor.visitor())
        except Refused as refusal:
            context["refusal"] = refusal.message
        else:
            context["done"] = True
    return render_page(request, WITHDRAW, context, partial="withdraw")
