"""The printed documents as PDFs: feuilles de marque, the seating plan, the player cards.

Who may print what: a table's code lets a phone write on its sheet, so it is printed on the
arbitre's copies only. ``/tables/<id>/feuille.pdf`` is the arbitre's copy (code and QR code)
for the tournament's arbitre, and the public copy (neither) for anyone who may read the sheet
(the tournament published, or the table's own device). The position's sheets, its seating plan
and the player cards are the arbitre's alone.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.models import Hall, Position, Table, Tournament
from tournaments.permissions import (
    arbitre_tournament_or_404,
    hall_room_or_404,
    visible_tournaments,
)
from tournaments.prints.cards import cards_document, printed_cards
from tournaments.prints.pdf import pdf_response
from tournaments.prints.plan import printed_plan, table_sizes_label
from tournaments.prints.ranking import ranking_document
from tournaments.prints.sheets import printed_sheets, sheets_document
from tournaments.selectors.draws import draw_in_force
from tournaments.selectors.halls import in_hall
from tournaments.table_access import sheet_access


def table_access_url(request: HttpRequest, table: Table) -> str:
    """The page where a phone types the table's code, the code already filled in (QR code)."""
    path = reverse("sheet_access", kwargs={"table_id": table.pk})
    return request.build_absolute_uri(f"{path}?{urlencode({'code': table.code})}")


def player_page_url(request: HttpRequest, tournament: Tournament, number: int) -> str:
    """A player's public page, printed on their card as a QR code."""
    path = reverse("player_page", kwargs={"tournament_id": tournament.pk, "number": number})
    return request.build_absolute_uri(path)


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
    access_url = (lambda table: table_access_url(request, table)) if access.is_arbitre else None
    context, stamps = sheets_document(
        printed_sheets(Table.objects.filter(pk=table.pk), access_url=access_url)
    )
    filename = f"feuille-position-{table.position.number}-table-{table.number}.pdf"
    return pdf_response(request, "prints/sheets.html", context, filename=filename, stamps=stamps)


def _sheets_pdf(request: HttpRequest, tournament: Tournament, number: int, hall: Hall | None):
    position = _seated_position(tournament, number)
    context, stamps = sheets_document(
        printed_sheets(
            position.tables.filter(in_hall(hall)),
            access_url=lambda table: table_access_url(request, table),
        )
    )
    name = f"feuilles-position-{position.number}"
    return pdf_response(
        request,
        "prints/sheets.html",
        context,
        filename=f"{name}-salle-{hall.number}.pdf" if hall else f"{name}.pdf",
        stamps=stamps,
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
    plan = printed_plan(_seated_position(tournament, number), hall)
    draw = draw_in_force(tournament=tournament, number=number)
    name = f"plan-position-{number}"
    return pdf_response(
        request,
        "prints/plan.html",
        {"plan": plan, "tournament": tournament, "sizes": table_sizes_label(plan), "draw": draw},
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
    cards = printed_cards(
        tournament, player_url=lambda number: player_page_url(request, tournament, number)
    )
    context, stamps = cards_document(cards, tournament)
    return pdf_response(
        request, "prints/cards.html", context, filename="cartes-joueurs.pdf", stamps=stamps
    )


@require_GET
def ranking_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ranking, individual and by team, for the wall and the federation: public once the
    tournament is published, its arbitre's always."""
    tournament = get_object_or_404(
        visible_tournaments(request).select_related("arbitre"), pk=tournament_id
    )
    context = ranking_document(tournament)
    return pdf_response(
        request, "prints/ranking.html", context, filename=f"classement-{tournament.pk}.pdf"
    )
