"""The printed documents as PDFs: feuilles de marque, the seating plan, the player cards.

Who may print what: a table's code lets a phone write on its sheet, so it is printed on the
arbitre's copies only. ``/tables/<id>/feuille.pdf`` is the arbitre's copy (code and QR code)
for the tournament's arbitre, and the public copy (neither) for anyone who may read the sheet
(the tournament published, or the table's own device). The position's sheets, its seating plan
and the player cards are the arbitre's alone.

Each is drawn by the queue and kept until the tournament changes (``documents``,
``tournaments/prints/documents.py``): the URL answers the kept file, or « Impression en
préparation… » while it is drawn.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from documents.views import document_response
from tournaments.models import Position, Table, Tournament
from tournaments.permissions import arbitre_tournament_or_404, visible_tournaments
from tournaments.prints import documents
from tournaments.table_access import sheet_access


def site_base(request: HttpRequest) -> str:
    """The site's address as this request reached it, printed on the QR codes."""
    return request.build_absolute_uri("/").rstrip("/")


def _seated_position(tournament: Tournament, number: int) -> Position:
    position = get_object_or_404(Position, tournament=tournament, number=number)
    if not position.tables.exists():
        raise Http404(_("La position %(number)s n'est pas encore placée.") % {"number": number})
    return position


@require_GET
def table_sheet_pdf(request: HttpRequest, table_id: int) -> HttpResponse:
    """One feuille de marque: pre-filled before play, filled as the deals come in."""
    table = get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)
    access = sheet_access(request, table)
    if not table.position.tournament.published and not access.can_edit:
        raise Http404
    params = {"table": table.pk}
    if access.is_arbitre:
        params["base"] = site_base(request)
    return document_response(
        request,
        documents.TABLE_SHEET,
        params,
        filename=f"feuille-position-{table.position.number}-table-{table.number}.pdf",
        public=not access.can_edit,
    )


@require_GET
@login_required
def position_sheets_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Every feuille de marque of a position, the arbitre's copies, one sheet per page."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = _seated_position(tournament, number)
    return document_response(
        request,
        documents.POSITION_SHEETS,
        {"tournament": tournament.pk, "position": position.number, "base": site_base(request)},
        filename=f"feuilles-position-{position.number}.pdf",
    )


@require_GET
@login_required
def position_plan_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The seating plan for the wall: by table, then every player by name."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    position = _seated_position(tournament, number)
    return document_response(
        request,
        documents.PLAN,
        {"tournament": tournament.pk, "position": position.number},
        filename=f"plan-position-{number}.pdf",
    )


@require_GET
@login_required
def player_cards_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A card per player: their seats so far and a QR code to their page."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return document_response(
        request,
        documents.CARDS,
        {"tournament": tournament.pk, "base": site_base(request)},
        filename="cartes-joueurs.pdf",
    )


@require_GET
def ranking_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ranking, individual and by team, for the wall and the federation: public once the
    tournament is published, its arbitre's always."""
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    return document_response(
        request,
        documents.RANKING,
        {"tournament": tournament.pk},
        filename=f"classement-{tournament.pk}.pdf",
        public=True,
    )
