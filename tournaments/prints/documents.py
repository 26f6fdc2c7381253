"""The tournament's documents, registered with ``documents`` (drawn by the queue, kept until the
tournament changes): the prints and the .xlsx exports; each asked for, failed or asked again is
a line of the tournament's journal (``journal_document``).

Each is stamped by the tournament's stamp (its journal and the players' records,
``tournament_stamp``): any write to the tournament makes a new file; but the position's plan
and the players' cards, which show who plays where, by ``seating_stamp``: the tables' play
(a deal saved, a sheet signed) leaves them as they were drawn. ``base`` is the site's
address as the request saw it, printed on the QR codes; a worker has no request to read it
from.
"""

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.actors import Actor
from documents.registry import (
    XLSX,
    Document,
    Happened,
    Params,
    even_parts,
    on_worker_start,
    register,
)
from tournaments import spreadsheets
from tournaments.championship import Hall, draw_in_force, hall_numbered, in_hall
from tournaments.checkin_links import checkin_url
from tournaments.choices import JournalAction
from tournaments.models import Position, Table, Tournament
from tournaments.prints.cards import CARDS_A_PAGE, card_holders, cards_document, printed_cards
from tournaments.prints.pdf import html_to_pdf, render_pdf
from tournaments.prints.plan import printed_plan, table_sizes_label
from tournaments.prints.ranking import ranking_document
from tournaments.prints.sheets import printed_sheets, sheets_document
from tournaments.selectors.standings import current_ranking, seating_stamp, tournament_stamp
from tournaments.services.journal import record

TABLE_SHEET = "tournaments.table_sheet"
POSITION_SHEETS = "tournaments.position_sheets"
PLAN = "tournaments.plan"
CARDS = "tournaments.cards"
RANKING = "tournaments.ranking"
RANKING_XLSX = "tournaments.ranking_xlsx"
TEAMS_XLSX = "tournaments.teams_xlsx"
DEALS_XLSX = "tournaments.deals_xlsx"


def table_access_url(base: str, table: Table) -> str:
    """The page where a phone types the table's code, the code already filled in (QR code)."""
    path = reverse("sheet_access", kwargs={"table_id": table.pk})
    return f"{base}{path}?{urlencode({'code': table.code})}"


def player_page_url(base: str, tournament_id: int, number: int) -> str:
    """A player's public page, printed on their card as a QR code."""
    path = reverse("player_page", kwargs={"tournament_id": tournament_id, "number": number})
    return f"{base}{path}"


def _tournament(params: Params) -> Tournament:
    return Tournament.objects.select_related("arbitre").get(pk=params["tournament"])


def _stamp(params: Params) -> str:
    return tournament_stamp(_tournament(params))


def _seating_stamp(params: Params) -> str:
    return seating_stamp(_tournament(params))


def _table_stamp(params: Params) -> str:
    return tournament_stamp(Table.objects.get(pk=params["table"]).position.tournament)


def _position(params: Params) -> Position:
    return Position.objects.select_related("tournament").get(
        tournament=params["tournament"], number=params["position"]
    )


def _sheets(tables, base: str | None) -> bytes:
    access_url = (lambda table: table_access_url(base, table)) if base is not None else None
    context, stamps = sheets_document(printed_sheets(tables, access_url=access_url))
    return render_pdf("prints/sheets.html", context, stamps=stamps)


def draw_table_sheet(params: Params) -> bytes:
    """One sheet: the arbitre's copy (code and QR code) when ``base`` is given, else the public
    copy."""
    return _sheets(Table.objects.filter(pk=params["table"]), params.get("base"))


def _hall(params: Params, position: Position) -> Hall | None:
    """The hall a document is narrowed to (``hall``, its number), or None for the whole room."""
    if params.get("hall") is None:
        return None
    return hall_numbered(tournament_id=position.tournament_id, number=params["hall"])


# Tables in each part of a position's sheets when several workers draw them at once: some
# 1.5 s of drawing each, so that a room of 100 tables is drawn by up to four workers together.
SHEETS_PER_PART = 25


def _position_tables(params: Params) -> QuerySet[Table]:
    """The position's tables (of its hall, if named; those of one part, if named)."""
    position = _position(params)
    tables = position.tables.filter(in_hall(_hall(params, position)))
    if "tables" in params:
        tables = tables.filter(pk__in=params["tables"])
    return tables


def split_position_sheets(params: Params) -> list[Params]:
    """The parts of the position's sheets: its tables in order, at most ``SHEETS_PER_PART`` to
    a part. A sheet is a page of its own, unnumbered: the parts' pages one after the other are
    the whole."""
    tables = list(_position_tables(params).order_by("number").values_list("pk", flat=True))
    return [{**params, "tables": part} for part in even_parts(tables, SHEETS_PER_PART)]


def draw_position_sheets(params: Params) -> bytes:
    return _sheets(_position_tables(params), str(params["base"]))


def draw_plan(params: Params) -> bytes:
    position = _position(params)
    plan = printed_plan(position, _hall(params, position))
    context = {
        "plan": plan,
        "tournament": position.tournament,
        "sizes": table_sizes_label(plan),
        "draw": draw_in_force(tournament=position.tournament, number=position.number),
    }
    return render_pdf("prints/plan.html", context)


# Cards in each part of the players' cards when several workers draw them at once: twelve
# pages of eight, about a second of drawing.
CARDS_PER_PART = 12 * CARDS_A_PAGE


def split_cards(params: Params) -> list[Params]:
    """The parts of the players' cards: their holders in the cards' order, whole pages to a
    part, each numbering its pages as the whole does (« 13 / 50 »)."""
    holders = card_holders(_tournament(params))
    page_count = -(-len(holders) // CARDS_A_PAGE)
    parts, first_page = [], 1
    for part in even_parts(holders, CARDS_PER_PART, step=CARDS_A_PAGE):
        parts.append({**params, "cards": part, "first_page": first_page, "page_count": page_count})
        first_page += len(part) // CARDS_A_PAGE
    return parts


def draw_cards(params: Params) -> bytes:
    tournament = _tournament(params)
    base = str(params["base"])
    cards = printed_cards(
        tournament,
        player_url=lambda number: player_page_url(base, tournament.pk, number),
        only=params.get("cards"),
        checkin_url=lambda registration: checkin_url(registration, base=base),
    )
    numbering = {key: params[key] for key in ("first_page", "page_count") if key in params}
    context, stamps = cards_document(cards, tournament, **numbering)
    return render_pdf("prints/cards.html", context, stamps=stamps)


def draw_ranking(params: Params) -> bytes:
    return render_pdf("prints/ranking.html", ranking_document(_tournament(params)))


def draw_ranking_xlsx(params: Params) -> bytes:
    return spreadsheets.ranking_xlsx(current_ranking(_tournament(params)))


def draw_teams_xlsx(params: Params) -> bytes:
    return spreadsheets.teams_xlsx(current_ranking(_tournament(params)))


def draw_deals_xlsx(params: Params) -> bytes:
    return spreadsheets.deals_xlsx(_tournament(params))


# Each document in the journal's words (its position and table are the line's own).
DOCUMENT_WORDS = {
    TABLE_SHEET: gettext_lazy("feuille de marque de la table"),
    POSITION_SHEETS: gettext_lazy("feuilles de marque de la position"),
    PLAN: gettext_lazy("plan de la position"),
    CARDS: gettext_lazy("cartes des joueurs"),
    RANKING: gettext_lazy("classement (PDF)"),
    RANKING_XLSX: gettext_lazy("classement (.xlsx)"),
    TEAMS_XLSX: gettext_lazy("classement des équipes (.xlsx)"),
    DEALS_XLSX: gettext_lazy("donnes (.xlsx)"),
}
JOURNAL_ACTIONS = {
    Happened.ASKED: JournalAction.DOCUMENT_ASKED,
    Happened.FAILED: JournalAction.DOCUMENT_FAILED,
    Happened.RETRIED: JournalAction.DOCUMENT_RETRIED,
}


def document_words(kind: str, params: Params) -> str:
    words = str(DOCUMENT_WORDS[kind])
    if kind == TABLE_SHEET and params.get("base") is not None:
        words = _("%(document)s, copie de l'arbitre") % {"document": words}
    if params.get("hall") is not None:
        words = _("%(document)s, salle %(hall)s") % {"document": words, "hall": params["hall"]}
    return words


def journal_document(
    *, kind: str, params: Params, happened: Happened, by: Actor, error: str
) -> None:
    """The tournament's journal line for one of its documents (``documents.registry``)."""
    table = position = None
    if "table" in params:
        table = Table.objects.select_related("position__tournament").get(pk=params["table"])
        position = table.position
        tournament = position.tournament
    else:
        tournament = _tournament(params)
        if "position" in params:
            position = tournament.positions.get(number=params["position"])
    after = {"document": document_words(kind, params)}
    if error:
        after["error"] = error
    record(
        tournament=tournament,
        action=JOURNAL_ACTIONS[happened],
        by=by,
        position=position,
        table=table,
        after=after,
    )


def warm_up() -> None:
    """A first tiny PDF: the fonts found, the stylesheet parsed, WeasyPrint's layout loaded."""
    html_to_pdf("<p>Tarot</p>")


def register_documents() -> None:
    on_worker_start(warm_up)
    journal = journal_document
    register(Document(TABLE_SHEET, _table_stamp, draw_table_sheet, journal=journal))
    register(
        Document(
            POSITION_SHEETS,
            _stamp,
            draw_position_sheets,
            journal=journal,
            long=True,
            split=split_position_sheets,
        )
    )
    register(Document(PLAN, _seating_stamp, draw_plan, journal=journal))
    register(
        Document(CARDS, _seating_stamp, draw_cards, journal=journal, long=True, split=split_cards)
    )
    register(Document(RANKING, _stamp, draw_ranking, journal=journal, long=True))
    for kind, draw in (
        (RANKING_XLSX, draw_ranking_xlsx),
        (TEAMS_XLSX, draw_teams_xlsx),
        (DEALS_XLSX, draw_deals_xlsx),
    ):
        register(Document(kind, _stamp, draw, content_type=XLSX, journal=journal))
