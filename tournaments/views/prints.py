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

from documents.pace import public_document
from documents.views import document_response
from tournaments.championship import Hall
from tournaments.models import Position, Tournament
from tournaments.permissions import (
    arbitre_tournament_or_404,
    hall_room_or_404,
    visible_tournaments,
)
from tournaments.prints import documents
from tournaments.selectors.positions import is_seated
from tournaments.table_access import table_or_404


def site_base(request: HttpRequest) -> str:
    """The site's address as this request reached it, printed on the QR codes."""
    return request.build_absolute_uri("/").rstrip("/")


def _seated_position(tournament: Tournament, number: int) -> Position:
    position = get_object_or_404(Position, tournament=tournament, number=number)
    if not is_seated(tournament=tournament, number=number):
        raise Http404(_("La position %(number)s n'est pas encore placée.") % {"number": number})
    return position


@require_GET
def table_sheet_pdf(request: HttpRequest, table_id: int) -> HttpResponse:
    """One feuille de marque: pre-filled before play, filled as the deals come in."""
    table, access = table_or_404(request, table_id)
    params = {"table": table.pk}
    if access.is_arbitre:
        params["base"] = site_base(request)
    return document_response(
        request,
        documents.TABLE_SHEET,
        params,
        filename=f"feuille-position-{table.position.number}-table-{table.number}.pdf",
        public=not access.can_edit,
        by=access.actor,
    )


def _in_hall(params: dict, hall: Hall | None) -> dict:
    """A document's parameters, narrowed to one hall's tables when a hall is named."""
    return params if hall is None else params | {"hall": hall.number}


def _sheets_pdf(request: HttpRequest, tournament: Tournament, number: int, hall: Hall | None):
    position = _seated_position(tournament, number)
    name = f"feuilles-position-{position.number}"
    return document_response(
        request,
        documents.POSITION_SHEETS,
        _in_hall(
            {"tournament": tournament.pk, "position": position.number, "base": site_base(request)},
            hall,
        ),
        filename=f"{name}-salle-{hall.number}.pdf" if hall else f"{name}.pdf",
    )


@require_GET
@login_required
def position_sheets_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Every feuille de marque of a position, the arbitre's copies, one sheet per page."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return _sheets_pdf(request, tournament, number, None)


@require_GET
@login_required
def hall_sheets_pdf(
    request: HttpRequest, tournament_id: int, number: int, hall_number: int
) -> HttpResponse:
    """The feuilles de marque of one hall's tables: its arbitre de salle's copies too."""
    tournament, hall = hall_room_or_404(request, tournament_id, hall_number)
    return _sheets_pdf(request, tournament, number, hall)


def _plan_pdf(request: HttpRequest, tournament: Tournament, number: int, hall: Hall | None):
    position = _seated_position(tournament, number)
    name = f"plan-position-{number}"
    return document_response(
        request,
        documents.PLAN,
        _in_hall({"tournament": tournament.pk, "position": position.number}, hall),
        filename=f"{name}-salle-{hall.number}.pdf" if hall else f"{name}.pdf",
    )


@require_GET
@login_required
def position_plan_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The seating plan for the wall: by table, then every player by name."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    return _plan_pdf(request, tournament, number, None)


@require_GET
@login_required
def hall_plan_pdf(
    request: HttpRequest, tournament_id: int, number: int, hall_number: int
) -> HttpResponse:
    """One hall's seating plan, for its wall."""
    tournament, hall = hall_room_or_404(request, tournament_id, hall_number)
    return _plan_pdf(request, tournament, number, hall)


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


@public_document
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
