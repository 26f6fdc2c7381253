"""The season's documents, registered with ``documents``: its ranking as a PDF and as an
.xlsx, drawn by the queue and kept until anything it shows changes (its evenings, its
settings, its recounts, the players' names)."""

import hashlib

from documents.registry import XLSX, Document, Params, register
from seasons import exports
from seasons.models import Season
from seasons.selectors.evenings import seasons_tournaments
from seasons.selectors.ranking import season_ranking
from tournaments.prints.pdf import render_pdf
from tournaments.selectors.standings import journal_stamps, players_generation

RANKING = "seasons.ranking"
RANKING_XLSX = "seasons.ranking_xlsx"


def _season(params: Params) -> Season:
    return Season.objects.select_related("club").get(pk=params["season"])


def season_stamp(params: Params) -> str:
    season = _season(params)
    evenings = [evening.pk for evening in seasons_tournaments([season])[season.pk]]
    stamps = journal_stamps(evenings) if evenings else {}
    shown = [
        [(evening, stamps.get(evening)) for evening in evenings],
        players_generation(),
        season.has_ended(),
        season.name,
        season.club.name,
        season.start,
        season.end,
        season.method,
        season.best,
        season.minimum,
        *season.recounts.order_by("pk").values_list("pk", flat=True),
    ]
    return hashlib.sha256(repr(shown).encode()).hexdigest()


def draw_season_ranking(params: Params) -> bytes:
    season = _season(params)
    context = {"season": season, "ranking": season_ranking(season)}
    return render_pdf("seasons/season_print.html", context)


def draw_season_xlsx(params: Params) -> bytes:
    return exports.season_xlsx(season_ranking(_season(params)))


def register_documents() -> None:
    register(Document(RANKING, season_stamp, draw_season_ranking))
    register(Document(RANKING_XLSX, season_stamp, draw_season_xlsx, content_type=XLSX))
