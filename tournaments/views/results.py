"""The results, for everyone once the tournament is published: the ranking, each player's
page, the exports and the projector in the room.

Read-only pages: they take the tournament through ``visible_tournaments`` (published, or the
arbitre's own), so an unpublished tournament is a 404 to anyone else. Their URLs are printed
on QR codes and read by other tools: they are fixed (docs, « Résultats »).
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common.htmx import HtmxHttpRequest, render_page
from documents.pace import public_document
from documents.views import document_response, throttled_response
from tournaments import exports
from tournaments.championship import Hall, commitment_to_show
from tournaments.models import Tournament
from tournaments.permissions import visible_tournaments
from tournaments.prints import documents
from tournaments.selectors.players import find_players, player_page
from tournaments.selectors.projector import PROJECTOR_SECONDS, projector_screens, shown_screen
from tournaments.selectors.ranking_filters import RankingFilter, filter_choices
from tournaments.selectors.standings import CACHE_SECONDS, current_ranking, tournament_stamp


def _tournament(request: HtmxHttpRequest, tournament_id: int) -> Tournament:
    return get_object_or_404(visible_tournaments(request), pk=tournament_id)


@require_GET
def ranking(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The live ranking: its page is rendered once per change of the tournament and cached
    under its stamp; the ranking is computed only when that rendering is not cached yet."""
    tournament = _tournament(request, tournament_id)
    stamp = tournament_stamp(tournament)
    wanted = RankingFilter.of(request.GET)
    ranking = SimpleLazyObject(lambda: current_ranking(tournament, stamp=stamp))
    choices = SimpleLazyObject(lambda: filter_choices(ranking.players))
    context = {
        "tournament": tournament,
        "stamp": stamp,
        "cache_seconds": CACHE_SECONDS,
        "ranking": ranking,
        "players": SimpleLazyObject(lambda: wanted.players(ranking.players)),
        "wanted": wanted,
        "choices": choices,
        # A value none of the players has is kept out of the page's cache key: it shows
        # nobody, whatever was typed. No filter asked: the page kept needs no ranking read.
        "filter_key": (
            (wanted.serie, wanted.categorie)
            if not wanted.active or choices.knows(wanted)
            else "inconnu"
        ),
    }
    return render_page(request, "results/ranking.html", context, partial="ranking")


def _csv(content: bytes, *, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _json(content: bytes) -> HttpResponse:
    return HttpResponse(content, content_type="application/json")


def _public_file(
    request: HtmxHttpRequest, tournament_id: int, answer: Callable[[Tournament], HttpResponse]
) -> HttpResponse:
    """A public CSV or JSON file: a visitor's request counted and paced as every public
    document's (``documents.views.throttled_response``), before anything is read; the file
    itself kept per change of the tournament (``exports.kept_per_change``)."""
    tournament = _tournament(request, tournament_id)
    return throttled_response(request) or answer(tournament)


def _ranking_csv(
    request: HtmxHttpRequest, tournament_id: int, *, export: Callable, name: str
) -> HttpResponse:
    """The ranking as a CSV file: ``export`` writes it, ``name`` (with the tournament's id)
    names it."""

    def answer(tournament: Tournament) -> HttpResponse:
        stamp = tournament_stamp(tournament)
        content = exports.kept_per_change(
            f"{name}-csv", stamp, lambda: export(current_ranking(tournament, stamp=stamp))
        )
        return _csv(content, filename=f"{name}-{tournament.pk}.csv")

    return _public_file(request, tournament_id, answer)


@public_document
@require_GET
def ranking_csv(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _ranking_csv(request, tournament_id, export=exports.ranking_csv, name="classement")


@public_document
@require_GET
def teams_csv(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _ranking_csv(request, tournament_id, export=exports.teams_csv, name="classement-equipes")


def _xlsx(request: HtmxHttpRequest, tournament_id: int, kind: str, name: str) -> HttpResponse:
    """An .xlsx export, drawn by the queue and kept until the tournament changes."""
    tournament = _tournament(request, tournament_id)
    return document_response(
        request,
        kind,
        {"tournament": tournament.pk},
        filename=f"{name}-{tournament.pk}.xlsx",
        public=True,
    )


@public_document
@require_GET
def ranking_xlsx(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _xlsx(request, tournament_id, documents.RANKING_XLSX, "classement")


@public_document
@require_GET
def teams_xlsx(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _xlsx(request, tournament_id, documents.TEAMS_XLSX, "classement-equipes")


@public_document
@require_GET
def deals_xlsx(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _xlsx(request, tournament_id, documents.DEALS_XLSX, "donnes")


def _ranking_json(tournament: Tournament, only: RankingFilter) -> HttpResponse:
    stamp = tournament_stamp(tournament)
    ranking = current_ranking(tournament, stamp=stamp)
    return _json(exports.ranking_json_bytes(ranking, stamp=stamp, only=only))


@public_document
@require_GET
def ranking_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The ranking, of one série or catégorie with ``?serie=`` or ``?categorie=``."""
    only = RankingFilter.of(request.GET)
    return _public_file(request, tournament_id, lambda tournament: _ranking_json(tournament, only))


@public_document
@require_GET
def plan_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every published position's seating (docs, « Exports »)."""
    return _public_file(
        request, tournament_id, lambda tournament: _json(exports.plan_json_bytes(tournament))
    )


@public_document
@require_GET
def deals_csv(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _public_file(
        request,
        tournament_id,
        lambda tournament: _csv(
            exports.deals_csv_bytes(tournament), filename=f"donnes-{tournament.pk}.csv"
        ),
    )


@public_document
@require_GET
def deals_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    return _public_file(
        request, tournament_id, lambda tournament: _json(exports.deals_json_bytes(tournament))
    )


# Players ----------------------------------------------------------------------------------


@require_GET
def player_search(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Find yourself by name (accents optional) or by participant number."""
    tournament = _tournament(request, tournament_id)
    query = request.GET.get("q", "")
    found = find_players(tournament=tournament, query=query)
    if len(found) == 1 and not request.htmx:
        return redirect("player_page", tournament_id=tournament.pk, number=found[0].number)
    context = {"tournament": tournament, "query": query[:100], "found": found}
    return render_page(request, "results/player_search.html", context, partial="found")


@require_GET
def player(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    page = player_page(tournament=tournament, ranking=current_ranking(tournament), number=number)
    if page is None:
        return render(
            request,
            "results/player_search.html",
            {
                "tournament": tournament,
                "query": str(number),
                "found": [],
                "missing": _("Aucun participant ne porte le numéro %(number)s.")
                % {"number": number},
            },
            status=404,
        )
    context = {
        "tournament": tournament,
        "page": page,
        # « Me prévenir » is offered where the site can send (both VAPID keys set).
        "push_key": settings.VAPID_PUBLIC_KEY if settings.VAPID_PRIVATE_KEY else "",
    }
    return render_page(request, "results/player.html", context, partial="player")


# The projector ----------------------------------------------------------------------------


@require_GET
def projector(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The room's screen: no controls, large type, a new screen every ten seconds (htmx)."""
    return _projector(request, _tournament(request, tournament_id), None)


@require_GET
def hall_projector(request: HtmxHttpRequest, tournament_id: int, hall_number: int) -> HttpResponse:
    """One hall's screen: the same ranking, and « Trouver sa place » for its tables only."""
    tournament = _tournament(request, tournament_id)
    return _projector(request, tournament, get_object_or_404(tournament.halls, number=hall_number))


def _projector(request: HtmxHttpRequest, tournament: Tournament, hall: Hall | None) -> HttpResponse:
    screens, ranking = projector_screens(tournament, hall)
    index = shown_screen(request.GET.get("ecran", ""), len(screens))
    context = {
        "tournament": tournament,
        "ranking": ranking,
        "screen": screens[index],
        "this_screen": index,
        "next_screen": (index + 1) % len(screens),
        "commitment": commitment_to_show(tournament=tournament),
        "hall": hall,
        "seconds": PROJECTOR_SECONDS,
    }
    return render_page(request, "results/projector.html", context, partial="screen")
