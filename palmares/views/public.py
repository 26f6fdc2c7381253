"""The prize list for everyone who may read the ranking (``visible_tournaments``: published,
or the arbitre's own): its page, its JSON (``prix.json``, fixed), its PDF and the room's
screen at the prize-giving. A tournament without a prize table has none: a 404."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from common.htmx import HtmxHttpRequest, render_page
from documents.pace import public_document
from documents.views import document_response, throttled_response
from palmares import documents
from palmares.exports import prize_json_bytes
from palmares.models import PrizeTable
from palmares.selectors.prize_lists import prize_list, prize_table_of, prizes_stamp
from tournaments.exports import kept_per_change
from tournaments.models import Tournament
from tournaments.permissions import runs_tournament, visible_tournaments
from tournaments.selectors.projector import PROJECTOR_SECONDS, projector_pages, shown_screen


def _table(request: HtmxHttpRequest, tournament_id: int) -> tuple[Tournament, PrizeTable]:
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    table = prize_table_of(tournament)
    if table is None:
        raise Http404
    return tournament, table


@require_GET
def prize_list_page(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """« Palmarès et prix »: the pot, its arithmetic, who receives what (live, polled)."""
    tournament, table = _table(request, tournament_id)
    context = {
        "tournament": tournament,
        "shown": prize_list(table),
        "can_edit": runs_tournament(request.user, tournament),
    }
    return render_page(request, "palmares/prize_list.html", context, partial="prizes")


@public_document
@require_GET
def prize_list_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """``prix.json`` (its shape is fixed: docs/reference/prizes.md), paced as every public
    file before anything is read, and written once per change of the ranking or the table."""
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    refused = throttled_response(request)
    if refused:
        return refused
    table = prize_table_of(tournament)
    if table is None:
        raise Http404
    content = kept_per_change(
        "prix-json", prizes_stamp(tournament), lambda: prize_json_bytes(prize_list(table))
    )
    return HttpResponse(content, content_type="application/json")


@public_document
@require_GET
def prize_list_pdf(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament, _table_ = _table(request, tournament_id)
    return document_response(
        request,
        documents.PRIZES,
        {"tournament": tournament.pk},
        filename=f"palmares-{tournament.pk}.pdf",
        public=True,
    )


@require_GET
def prize_projector(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The room's screen at the prize-giving: the prizes a page at a time, large."""
    tournament, table = _table(request, tournament_id)
    shown = prize_list(table)
    pages = projector_pages(shown.paid)
    index = shown_screen(request.GET.get("ecran", ""), len(pages))
    context = {
        "tournament": tournament,
        "shown": shown,
        "rows": pages[index],
        "page": index + 1,
        "pages": len(pages),
        "next_screen": (index + 1) % len(pages),
        "seconds": PROJECTOR_SECONDS,
    }
    return render_page(request, "palmares/projector.html", context, partial="screen")
