"""A season's public pages (its ranking, exports, projector) and a player's history.

Public: a season counts only published evenings, so it shows nothing an arbitre has not made
public. The history of a player who never sat a published evening is a 404: no name, no
licence, nothing of a private evening.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from common.htmx import HtmxHttpRequest, render_page
from documents.pace import public_document
from documents.views import document_response
from seasons import documents
from seasons.models import Season
from seasons.permissions import runs_season
from seasons.selectors.history import player_history
from seasons.selectors.live import evening_under_way
from seasons.selectors.ranking import season_ranking
from tournaments.selectors.projector import PROJECTOR_SECONDS, projector_pages, shown_screen


def _season(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


@require_GET
def season_page(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    context = {
        "season": season,
        "ranking": season_ranking(season),
        "can_edit": runs_season(request.user, season),
    }
    if not request.htmx:
        context["live_tournament"] = evening_under_way(season)
    return render_page(request, "seasons/season.html", context, partial="ranking")


def _document(request: HtmxHttpRequest, season_id: int, kind: str, extension: str):
    """One of the season's public documents, drawn by the queue and kept until the season
    changes (``seasons/documents.py``), limited per address as every public document."""
    season = _season(season_id)
    return document_response(
        request,
        kind,
        {"season": season.pk},
        filename=f"saison-{season.pk}.{extension}",
        public=True,
    )


@public_document
@require_GET
def season_csv(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    return _document(request, season_id, documents.RANKING_CSV, "csv")


@public_document
@require_GET
def season_xlsx(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """The season's ranking for Excel."""
    return _document(request, season_id, documents.RANKING_XLSX, "xlsx")


@public_document
@require_GET
def season_json(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """The season's ranking as JSON (its shape is fixed: docs, « Saisons »)."""
    return _document(request, season_id, documents.RANKING_JSON, "json")


@public_document
@require_GET
def season_pdf(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """The season's ranking as a PDF."""
    return _document(request, season_id, documents.RANKING, "pdf")


@require_GET
def season_projector(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """The room's screen: the season's ranking a page at a time, ten seconds a page."""
    season = _season(season_id)
    ranking = season_ranking(season)
    pages = projector_pages(ranking.ranked)
    index = shown_screen(request.GET.get("ecran", ""), len(pages))
    context = {
        "season": season,
        "ranking": ranking,
        "rows": pages[index],
        "page": index + 1,
        "pages": len(pages),
        "next_screen": (index + 1) % len(pages),
        "seconds": PROJECTOR_SECONDS,
    }
    return render_page(request, "seasons/projector.html", context, partial="screen")


@require_GET
def player_history_page(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    history = player_history(player_id)
    if history is None:
        raise Http404
    return render(request, "seasons/player_history.html", {"history": history})
