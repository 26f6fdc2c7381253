"""The results to take away: the ranking and every deal, as CSV and JSON (and as the same
tables in Excel's own format, ``tournaments/spreadsheets.py``).

CSV is what French spreadsheets open directly: UTF-8 with a byte-order mark (or Excel reads
the accents as cp1252), ``;`` between cells (the comma is the decimal separator in French),
half points written « 40,5 ». A text cell that a spreadsheet would run as a formula (it starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is neutralised with a leading
apostrophe (OWASP « CSV injection »); numbers are written as numbers, negative ones included.
"""

import csv
import io
import json
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext as _

from common.db import one_snapshot
from tournaments.championship import hall_of, span_of, tournament_halls, tournament_stages
from tournaments.choices import MARQUE_FIELDS, MisereShown, Place
from tournaments.models import Deal, Seat, Tournament
from tournaments.selectors.ranking import TABLE_SIZES, Ranking
from tournaments.selectors.ranking_filters import RankingFilter
from tournaments.selectors.standings import CACHE_SECONDS, tournament_stamp

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(value):
    """A cell as written: text that could run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_TRIGGERS):
        return "'" + value
    if isinstance(value, Decimal):
        return decimal_text(value)
    return value


def decimal_text(value: Decimal) -> str:
    whole = value == value.to_integral_value()
    return str(int(value)) if whole else str(value).replace(".", ",")


def csv_bytes(header: list[str], rows) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow([neutralised(cell) for cell in header])
    for row in rows:
        writer.writerow([neutralised(cell) for cell in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


# The ranking ------------------------------------------------------------------------------


def ranking_csv(ranking: Ranking) -> bytes:
    return csv_bytes(*ranking_table(ranking))


def ranking_table(ranking: Ranking) -> tuple[list[str], list[list]]:
    """The individual ranking as a spreadsheet's header and rows (CSV and xlsx alike)."""
    numbers = ranking.position_numbers
    header = [
        _("Rang"),
        _("Ex aequo"),
        _("N°"),
        _("Nom"),
        _("Prénom"),
        _("Licence"),
        _("Club"),
        _("Équipe"),
        _("Retiré"),
        *[_("Position %(number)s") % {"number": number} for number in numbers],
        _("Pénalités"),
        _("Total"),
        *[_("Donnes à %(size)s") % {"size": size} for size in TABLE_SIZES],
        _("Règles"),
        *([_("Phase atteinte"), _("Qualifié·e")] if ranking.stages else []),
    ]
    rules = ranking.tournament.rules_label
    rows = []
    for ranked in ranking.players:
        registration = ranked.registration
        player = registration.player
        rows.append(
            [
                _blank(ranked.rank),
                _("oui") if ranked.tied else "",
                registration.number,
                player.last_name,
                player.first_name,
                player.licence,
                player.club,
                registration.team.name if registration.team else "",
                _("oui") if ranked.withdrawn else "",
                *[_blank(cell and cell.bilan) for cell in ranked.cells],
                ranked.penalties_signed,
                ranked.total,
                *[ranked.deals_by_table_size[size] for size in TABLE_SIZES],
                rules,
                *(_stage_cells(ranked) if ranking.stages else []),
            ]
        )
    return header, rows


def _stage_cells(ranked) -> list:
    """The stage a player reached and whether its cut qualified them (« en position » while
    the stage is under way)."""
    if ranked.qualifying:
        return [ranked.stage_reached.name, _("en position de se qualifier")]
    return [ranked.stage_reached.name, _("oui") if ranked.qualified else ""]


def teams_csv(ranking: Ranking) -> bytes:
    return csv_bytes(*teams_table(ranking))


def teams_table(ranking: Ranking) -> tuple[list[str], list[list]]:
    """The team ranking as a spreadsheet's header and rows."""
    header = [_("Rang"), _("Ex aequo"), _("Équipe"), _("Membres (n°)"), _("Total")]
    rows = [
        [
            team.rank,
            _("oui") if team.tied else "",
            team.team.name,
            " ".join(str(member.number) for member in team.members),
            team.total,
        ]
        for team in ranking.teams
    ]
    return header, rows


def ranking_json(ranking: Ranking) -> dict:
    """The ranking in the shape other tools rely on (docs, « Exports »)."""
    return {
        **_ranking_json_head(ranking),
        "players": [_ranked_player_json(ranked) for ranked in ranking.players],
        "teams": _teams_json(ranking),
    }


def ranking_json_bytes(ranking: Ranking, *, stamp: str, only: RankingFilter | None = None) -> bytes:
    """``ranking_json`` as ``classement.json`` sends it. Its players (1.3 MB at 2,000) are
    written once per change of the tournament (its ``stamp``, under which ``ranking`` was
    read: ``selectors.standings``) and shared by every reader, as ``plan_json_bytes`` is;
    the tournament's own fields are read fresh, as the ranking's are. ``only`` keeps the
    players of one série or catégorie (``?serie=``, ``?categorie=``), written for the one
    reader who asks."""
    if only is not None and only.active:
        players = _json_text(
            [_ranked_player_json(ranked) for ranked in only.players(ranking.players)]
        )
    else:
        key = f"classement-json:{stamp}"
        players = cache.get(key)
        if players is None:
            players = _json_text([_ranked_player_json(ranked) for ranked in ranking.players])
            cache.set(key, players, CACHE_SECONDS)
    # The text ``json.dumps`` writes for the whole document, its keys in the same order.
    head = _json_text(_ranking_json_head(ranking))
    teams = _json_text(_teams_json(ranking))
    return f'{head[:-1]}, "players": {players}, "teams": {teams}}}'.encode()


def _json_text(value) -> str:
    """``value`` as ``JsonResponse`` writes it, accents as they are."""
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)


def _ranking_json_head(ranking: Ranking) -> dict:
    """The tournament and its stages, as ``ranking_json`` starts."""
    tournament = ranking.tournament
    return {
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "formula": tournament.formula,
            "rules": tournament.rules_label,
            "final": ranking.final,
            "positions": tournament.positions_count,
            "positions_closed": ranking.positions_closed,
        },
        "stages": [
            {
                "name": stage.span.name,
                "positions": list(stage.span.positions),
                "cut": stage.span.cut,
                "carry_over": stage.span.carry_over_text,
            }
            for stage in ranking.stages
        ],
    }


def _ranked_player_json(ranked) -> dict:
    registration = ranked.registration
    player = registration.player
    return {
        "rank": ranked.rank,
        "tied": ranked.tied,
        "number": registration.number,
        "player_id": registration.player_id,
        "last_name": player.last_name,
        "first_name": player.first_name,
        "licence": player.licence,
        "club": player.club,
        "team": registration.team.name if registration.team else None,
        "withdrawn": ranked.withdrawn,
        "total": ranked.total,
        "penalties": ranked.penalties_signed,
        "positions": [
            {
                "number": result.number,
                "table": result.table,
                "seat": result.seat,
                "bilan": result.bilan,
            }
            for result in ranked.positions.values()
        ],
        "deals_by_table_size": {
            str(size): ranked.deals_by_table_size[size] for size in TABLE_SIZES
        },
        "stage_reached": ranked.stage_reached.name if ranked.stage_reached else None,
        "qualified": ranked.qualified_or_unknown,
        # As the federation's licence list writes them (empty when it says nothing).
        "serie": player.serie,
        "categorie": player.categorie,
    }


def _teams_json(ranking: Ranking) -> list[dict]:
    return [
        {
            "rank": team.rank,
            "tied": team.tied,
            "name": team.team.name,
            "members": [member.number for member in team.members],
            "total": team.total,
        }
        for team in ranking.teams
    ]


# The seating plan --------------------------------------------------------------------------


@one_snapshot
def plan_json(tournament: Tournament) -> dict:
    """Every published position's seating, in the shape other tools rely on (docs,
    « Exports »): with it anyone can check who sat with whom. Three queries whatever the
    size."""
    spans = tournament_stages(tournament)
    halls = tournament_halls(tournament)
    rows = (
        Seat.objects.filter(
            position__tournament=tournament, position__seating_published_at__isnull=False
        )
        .order_by("position__number", "table__number", "place")
        .values_list("position__number", "table__number", "place", "registration__player_id")
    )
    positions: dict[int, dict] = {}
    tables: dict[tuple[int, int], list] = {}
    for number, table, place, player_id in rows:
        position = positions.get(number)
        if position is None:
            span = span_of(spans, number)
            position = positions[number] = {
                "number": number,
                "stage": span.name if span else None,
                "tables": [],
            }
        seats = tables.get((number, table))
        if seats is None:
            seats = tables[(number, table)] = []
            hall = hall_of(halls, table)
            position["tables"].append(
                {"number": table, "hall": hall.name if hall else None, "seats": seats}
            )
        seats.append({"place": place, "player_id": player_id})
    for position in positions.values():
        for table in position["tables"]:
            table["seats"].sort(key=lambda seat: SEAT_ORDER[seat["place"]])
    return {"positions": list(positions.values())}


SEAT_ORDER = {place.value: index for index, place in enumerate(Place)}


def plan_json_bytes(tournament: Tournament) -> bytes:
    """``plan_json`` as the export sends it, written once per change of the tournament (its
    stamp, as the ranking is: ``selectors.standings``) and shared by every reader: at 2,000
    players it holds 20,000 seats, which anyone may fetch as often as they like."""
    return kept_per_change(
        "plan",
        tournament_stamp(tournament),
        lambda: json.dumps(plan_json(tournament), ensure_ascii=False).encode(),
    )


def kept_per_change(name: str, stamp: str, write: Callable[[], bytes]) -> bytes:
    """The public file ``name`` as ``write`` makes it, written once per change of the
    tournament (its ``stamp``) and shared by every reader until the next change."""
    key = f"{name}:{stamp}"
    content = cache.get(key)
    if content is None:
        content = write()
        cache.set(key, content, CACHE_SECONDS)
    return content


def deals_json_bytes(tournament: Tournament) -> bytes:
    """``donnes.json`` as it is sent, kept per change of the tournament."""
    return kept_per_change(
        "donnes-json",
        tournament_stamp(tournament),
        lambda: json.dumps(deals_json(tournament), ensure_ascii=False).encode(),
    )


def deals_csv_bytes(tournament: Tournament) -> bytes:
    """``donnes.csv`` as it is sent, kept per change of the tournament."""
    return kept_per_change(
        "donnes-csv", tournament_stamp(tournament), lambda: deals_csv(tournament)
    )


# Every deal -------------------------------------------------------------------------------


def _deals_and_seats(tournament: Tournament):
    deals = (
        Deal.objects.filter(table__position__tournament=tournament)
        .select_related("table__position")
        .order_by("table__position__number", "table__number", "number")
    )
    seated: dict[int, dict[str, Seat]] = defaultdict(dict)
    for seat in Seat.objects.filter(position__tournament=tournament).select_related(
        "registration__player"
    ):
        seated[seat.table_id][seat.place] = seat
    return deals, seated


def _player_text(seat: Seat | None) -> str:
    if seat is None:
        return ""
    player = seat.registration.player
    return f"{player.last_name} {player.first_name}"


def _number(seats: dict[str, Seat], place: str | None) -> int | None:
    seat = seats.get(place) if place else None
    return seat.registration.number if seat else None


def _ordered(seats: dict[str, Seat]) -> list[tuple[str, Seat]]:
    return sorted(seats.items(), key=lambda item: list(Place.values).index(item[0]))


@one_snapshot
def deals_json(tournament: Tournament) -> list[dict]:
    """Every deal of the tournament, in position, table and deal order, with its marques and
    the rules that scored it (the list stays a list: other tools read it)."""
    deals, seated = _deals_and_seats(tournament)
    rules = tournament.rules_label
    return [
        {
            "position": deal.table.position.number,
            "table": deal.table.number,
            "deal": deal.number,
            "all_pass": deal.all_pass,
            "contract": deal.contract,
            "taker": _number(seated[deal.table_id], deal.taker),
            "partner": _number(seated[deal.table_id], deal.partner),
            "sitting_out": _number(seated[deal.table_id], deal.sitting_out),
            "bouts": deal.bouts,
            "points": None if deal.points is None else float(deal.points),
            "petit_au_bout": deal.petit_au_bout,
            "chelem": deal.chelem,
            "poignees": {
                str(_number(seated[deal.table_id], place)): size
                for place, size in deal.poignees().items()
            },
            "miseres": {
                str(_number(seated[deal.table_id], place)): kinds
                for place, kinds in deal.miseres().items()
            },
            "rules": rules,
            "marques": [
                {"number": seat.registration.number, "seat": place, "marque": deal.marque(place)}
                for place, seat in _ordered(seated[deal.table_id])
            ],
        }
        for deal in deals
    ]


@one_snapshot
def deals_csv(tournament: Tournament) -> bytes:
    return csv_bytes(*deals_table(tournament))


def deals_table(tournament: Tournament) -> tuple[list[str], list[list]]:
    """Every deal as a spreadsheet's header and rows, in position, table and deal order."""
    places = list(MARQUE_FIELDS)
    header = [
        _("Position"),
        _("Table"),
        _("Donne"),
        _("Contrat"),
        _("Preneur (n°)"),
        _("Preneur"),
        _("Partenaire (n°)"),
        _("Mort (n°)"),
        _("Bouts"),
        _("Points de l'attaque"),
        _("Petit au bout"),
        _("Chelem"),
        _("Poignées"),
    ]
    for place in places:
        header += [
            _("%(place)s (n°)") % {"place": place.label},
            _("Marque %(place)s") % {"place": place.label},
        ]
    header += [_("Misères"), _("Règles")]
    deals, seated = _deals_and_seats(tournament)
    rows = []
    for deal in deals:
        seats = seated[deal.table_id]
        row = [
            deal.table.position.number,
            deal.table.number,
            deal.number,
            _("Tous passent") if deal.all_pass else deal.get_contract_display(),
            _blank(_number(seats, deal.taker)),
            _player_text(seats.get(deal.taker)) if deal.taker else "",
            _blank(_number(seats, deal.partner)),
            _blank(_number(seats, deal.sitting_out)),
            _blank(deal.bouts),
            _blank(deal.points),
            deal.get_petit_au_bout_display() if deal.petit_au_bout else "",
            deal.get_chelem_display() if deal.chelem else "",
            ", ".join(
                f"{_player_text(seats.get(place))} : {size}"
                for place, size in deal.poignees().items()
            ),
        ]
        for place in places:
            seat = seats.get(place.value)
            marque = None if seat is None else deal.marque(place)
            row += [_blank(seat and seat.registration.number), _blank(marque)]
        row += [
            ", ".join(
                f"{_player_text(seats.get(place))} : {MisereShown(kinds).label}"
                for place, kinds in deal.miseres().items()
            ),
            tournament.rules_label,
        ]
        rows.append(row)
    return header, rows


def _blank(value):
    return "" if value is None else value
