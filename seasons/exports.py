"""A season's ranking to take away: CSV (as the tournament's: ``;``, UTF-8 with its mark,
formulas neutralised), the same table as .xlsx (the licence as text, numbers as numbers) and
JSON (shape in the docs, « Saisons »)."""

from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.season import rounded
from seasons.selectors.ranking import PlayerLine, SeasonRanking
from tournaments.exports import csv_bytes, decimal_text
from tournaments.spreadsheets import xlsx_bytes


def _score(line: PlayerLine) -> Decimal:
    return rounded(line.score)


def season_csv(ranking: SeasonRanking) -> bytes:
    return csv_bytes(*season_table(ranking))


def season_xlsx(ranking: SeasonRanking) -> bytes:
    return xlsx_bytes(*season_table(ranking), title=_("Classement de la saison"))


def season_table(ranking: SeasonRanking) -> tuple[list[str], list[list]]:
    """The season's ranking as a spreadsheet's header and rows (CSV and xlsx alike)."""
    header = [
        _("Rang"),
        _("Ex aequo"),
        _("Classé"),
        _("Nom"),
        _("Prénom"),
        _("Licence"),
        _("Score"),
        _("Soirées jouées"),
        _("Soirées retenues"),
        *[f"{t.date:%d/%m/%Y} {t.name}" for t in ranking.evenings],
    ]
    rows = []
    for line in ranking.ranked + ranking.unranked:
        values = {evening.tournament.pk: evening for evening in line.evenings}
        rows.append(
            [
                line.rank if line.ranked else "",
                _("oui") if line.tied else "",
                _("oui") if line.ranked else _("non"),
                line.player.last_name,
                line.player.first_name,
                line.player.licence,
                _score(line),
                line.played,
                len(line.counted),
                *[_evening_cell(values.get(t.pk)) for t in ranking.evenings],
            ]
        )
    return header, rows


def _evening_cell(evening) -> Decimal | str:
    """What the evening gave (its value for the method), in brackets when not retained,
    written as the page writes it (« (87) », not « (87,0) »)."""
    if evening is None:
        return ""
    value = rounded(evening.result.value)
    return value if evening.counted else f"({decimal_text(value)})"


def season_json(ranking: SeasonRanking) -> dict:
    season = ranking.season
    return {
        "season": {
            "id": season.pk,
            "name": season.name,
            "club": season.club.name,
            "start": season.start.isoformat(),
            "end": season.end.isoformat(),
            "provisional": ranking.provisional,
        },
        "method": season.method,
        "best": season.best,
        "minimum": season.minimum,
        "evenings": [
            {"tournament_id": t.pk, "date": t.date.isoformat(), "name": t.name}
            for t in ranking.evenings
        ],
        "players": [_player(line) for line in ranking.ranked + ranking.unranked],
    }


def _player(line: PlayerLine) -> dict:
    return {
        "rank": line.rank,
        "tied": line.tied,
        "ranked": line.ranked,
        "player_id": line.player.pk,
        "last_name": line.player.last_name,
        "first_name": line.player.first_name,
        "licence": line.player.licence,
        "score": _number(_score(line)),
        "evenings_played": line.played,
        "tournaments_counted": [evening.tournament.pk for evening in line.counted],
    }


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)
