"""The season's documents, registered with ``documents``: its ranking as a PDF, an .xlsx, a
CSV and JSON, drawn by the queue and kept until anything it shows changes (its evenings, its
settings, its recounts, the players' names). Each asked for, failed or asked again is a line
of the seasons' journal (``journal_document``)."""

import hashlib
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext_lazy

from common.actors import Actor
from documents.registry import CSV, JSON, PDF, XLSX, Document, Happened, Params, register
from seasons import exports
from seasons.models import Season, SeasonAction
from seasons.selectors.evenings import seasons_tournaments
from seasons.selectors.ranking import season_ranking
from seasons.services.journal import record
from tournaments.prints.pdf import render_pdf
from tournaments.selectors.standings import journal_stamps, players_generation

RANKING = "seasons.ranking"
RANKING_XLSX = "seasons.ranking_xlsx"
RANKING_CSV = "seasons.ranking_csv"
RANKING_JSON = "seasons.ranking_json"

DOCUMENT_WORDS = {
    RANKING: gettext_lazy("classement de la saison (PDF)"),
    RANKING_XLSX: gettext_lazy("classement de la saison (.xlsx)"),
    RANKING_CSV: gettext_lazy("classement de la saison (CSV)"),
    RANKING_JSON: gettext_lazy("classement de la saison (JSON)"),
}
JOURNAL_ACTIONS = {
    Happened.ASKED: SeasonAction.DOCUMENT_ASKED,
    Happened.FAILED: SeasonAction.DOCUMENT_FAILED,
    Happened.RETRIED: SeasonAction.DOCUMENT_RETRIED,
}


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


def draw_season_csv(params: Params) -> bytes:
    return exports.season_csv(season_ranking(_season(params)))


def draw_season_json(params: Params) -> bytes:
    """The bytes ``JsonResponse`` answered when the JSON was written in the request (its shape
    is fixed: docs, « Saisons »)."""
    data = exports.season_json(season_ranking(_season(params)))
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False).encode()


def journal_document(
    *, kind: str, params: Params, happened: Happened, by: Actor, error: str
) -> None:
    """The seasons' journal line for one of the season's documents (``documents.registry``)."""
    after = {"document": str(DOCUMENT_WORDS[kind])}
    if error:
        after["error"] = error
    record(season=_season(params), action=JOURNAL_ACTIONS[happened], by=by, after=after)


def register_documents() -> None:
    for kind, draw, content_type, long in (
        (RANKING, draw_season_ranking, PDF, True),
        (RANKING_XLSX, draw_season_xlsx, XLSX, False),
        (RANKING_CSV, draw_season_csv, CSV, False),
        (RANKING_JSON, draw_season_json, JSON, False),
    ):
        register(
            Document(
                kind,
                season_stamp,
                draw,
                content_type=content_type,
                journal=journal_document,
                long=long,
            )
        )
