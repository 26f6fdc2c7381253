"""The prize list's document, registered with ``documents``: « Palmarès et prix » as a PDF,
drawn by the queue and kept until the ranking or the prize table changes. Each asked for,
failed or asked again is a line of the prizes' journal."""

from django.utils.translation import gettext_lazy

from common.actors import Actor
from documents.registry import PDF, Document, Happened, Params, register
from palmares.models import PrizeAction, PrizeTable
from palmares.selectors.prize_lists import prize_list, prizes_stamp
from palmares.services.journal import record
from tournaments.models import Tournament
from tournaments.prints.pdf import render_pdf

PRIZES = "palmares.prizes"
JOURNAL_ACTIONS = {
    Happened.ASKED: PrizeAction.DOCUMENT_ASKED,
    Happened.FAILED: PrizeAction.DOCUMENT_FAILED,
    Happened.RETRIED: PrizeAction.DOCUMENT_RETRIED,
}
WORDS = gettext_lazy("palmarès et prix (PDF)")


def _table(params: Params) -> PrizeTable:
    return PrizeTable.objects.select_related("tournament", "locked_by").get(
        tournament_id=params["tournament"]
    )


def stamp(params: Params) -> str:
    table = _table(params)
    return prizes_stamp(table.tournament)


def draw(params: Params) -> bytes:
    table = _table(params)
    tournament: Tournament = table.tournament
    context = {"tournament": tournament, "shown": prize_list(table)}
    return render_pdf("palmares/print.html", context)


def journal(*, kind: str, params: Params, happened: Happened, by: Actor, error: str) -> None:  # noqa: ARG001
    after = {"document": str(WORDS)}
    if error:
        after["error"] = error
    record(table=_table(params), action=JOURNAL_ACTIONS[happened], by=by, after=after)


def register_documents() -> None:
    register(Document(PRIZES, stamp, draw, content_type=PDF, journal=journal))
