"""Registering a whole list of players from a CSV file, all of it or none, and its report."""

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.actors import Actor
from tournaments.models import (
    Formula,
    Player,
    Registration,
    Team,
    Tournament,
)
from tournaments.selectors.registrations import next_participant_number
from tournaments.services import journal
from tournaments.services.errors import Refused
from tournaments.services.registrations import PARTICIPANT_NUMBER_MAX, known_player

# A CSV import registers at most this many players: a tournament is a few hundred at most, and
# a bigger file is a mistake that must be refused quickly, not written for half a minute.
CSV_MAX_ROWS = 1000


CSV_COLUMNS = ("last_name", "first_name", "licence", "club", "team")


CSV_HEADERS = {
    "nom": "last_name",
    "nom de famille": "last_name",
    "prénom": "first_name",
    "prenom": "first_name",
    "licence": "licence",
    "licence fft": "licence",
    "n° de licence": "licence",
    "n° licence": "licence",
    "n° de licence fft": "licence",
    "numéro de licence": "licence",
    "numéro de licence fft": "licence",
    "club": "club",
    "équipe": "team",
    "equipe": "team",
}


@dataclass(frozen=True)
class RefusedRow:
    line: int  # 0 when the file as a whole is refused, before any row is read
    reason: str


@dataclass
class ImportReport:
    """What an import did: every row registered, or none and the reasons why."""

    registered: list[Registration] = field(default_factory=list)
    refused: list[RefusedRow] = field(default_factory=list)
    teams_created: list[Team] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.refused

    @property
    def refused_file(self) -> list[RefusedRow]:
        """Why the file as a whole was refused (too big, empty, unreadable…), if it was."""
        return [row for row in self.refused if not row.line]

    @property
    def refused_lines(self) -> list[RefusedRow]:
        """The rows refused, each with its line number."""
        return [row for row in self.refused if row.line]


def _decode_csv(content: bytes) -> str:
    """The text of a CSV file: UTF-8 (with or without BOM), or Excel's Windows-1252."""
    if b"\x00" in content:
        raise Refused(
            _("Le fichier n'est pas un CSV texte (UTF-16 ?) : enregistrez-le en « CSV UTF-8 »."),
            code="encoding",
        )
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return content.decode("cp1252")
    except UnicodeDecodeError as error:
        raise Refused(
            _("Encodage du fichier illisible : enregistrez-le en « CSV UTF-8 »."),
            code="encoding",
        ) from error


def _csv_rows(text: str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The column names and the numbered non-blank rows of a CSV text, separator guessed."""
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    if not first_line:
        raise Refused(_("Le fichier est vide."), code="empty")
    delimiter = max((";", ",", "\t"), key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    for row in reader:
        if any(cell.strip() for cell in row):
            rows.append((reader.line_num, row))
            # One row past the limit is enough to refuse the file; the rest is not read.
            if len(rows) > CSV_MAX_ROWS + 1:
                break
    if not rows:
        # Separators and quotes only: what an empty spreadsheet exports.
        raise Refused(_("Le fichier ne contient aucun joueur."), code="empty")
    header = [" ".join(cell.split()).casefold() for cell in rows[0][1]]
    if any(CSV_HEADERS.get(cell) == "last_name" for cell in header):
        unknown = [cell for cell in header if cell and cell not in CSV_HEADERS]
        if unknown:
            raise Refused(
                _("Colonne inconnue : « %(column)s ». Colonnes attendues : %(expected)s.")
                % {"column": unknown[0], "expected": "nom, prénom, licence, club, équipe"},
                code="columns",
            )
        return [CSV_HEADERS.get(cell, "") for cell in header], rows[1:]
    return list(CSV_COLUMNS), rows


def _whole_file_refusal(*, tournament: Tournament, row_count: int) -> str:
    """Why a file of ``row_count`` players cannot be imported at all, or nothing."""
    if not row_count:
        return _("Le fichier ne contient aucun joueur.")
    if row_count > CSV_MAX_ROWS:
        return _("Le fichier compte plus de %(max)s joueurs : découpez-le.") % {"max": CSV_MAX_ROWS}
    if next_participant_number(tournament=tournament) + row_count - 1 > PARTICIPANT_NUMBER_MAX:
        return _("Les n° de participant dépasseraient %(max)s.") % {"max": PARTICIPANT_NUMBER_MAX}
    return ""


@transaction.atomic
def import_registrations(*, tournament: Tournament, content: bytes, by: Actor) -> ImportReport:
    """Register every player of a CSV file (nom, prénom, licence, club, équipe), or none.

    Separators ``;`` and ``,`` are both accepted, as French spreadsheets export either, and a
    first row of column names is optional. A row is refused, with its line number and the
    reason, when it lacks a name, repeats a licence of the file, names a player already
    registered, or gives a team the tournament cannot have; any refused row means nothing is
    registered, so the arbitre fixes the file and imports it again.
    """
    report = ImportReport()
    try:
        columns, rows = _csv_rows(_decode_csv(content))
    except Refused as refusal:
        report.refused.append(RefusedRow(line=0, reason=refusal.message))
        return report
    except csv.Error as error:
        report.refused.append(
            RefusedRow(line=0, reason=_("Fichier CSV illisible : %(error)s") % {"error": error})
        )
        return report
    whole_file_refusal = _whole_file_refusal(tournament=tournament, row_count=len(rows))
    if whole_file_refusal:
        report.refused.append(RefusedRow(line=0, reason=whole_file_refusal))
        return report

    registered_players = set(tournament.registrations.values_list("player_id", flat=True))
    teams = {team.name.casefold(): team for team in tournament.teams.all()}
    team_counts = {team.name.casefold(): team.registrations.count() for team in teams.values()}
    licences_seen: dict[str, int] = {}
    names_seen: dict[tuple[str, str], int] = {}
    accepted: list[tuple[dict[str, str], Player | None]] = []

    def refuse(line: int, reason: str) -> None:
        report.refused.append(RefusedRow(line=line, reason=reason))

    for line, cells in rows:
        if len(cells) > len(columns) and any(cell.strip() for cell in cells[len(columns) :]):
            refuse(
                line,
                _("%(count)s colonnes, %(expected)s au plus (nom, prénom, licence, club, équipe).")
                % {"count": len(cells), "expected": len(columns)},
            )
            continue
        row = dict.fromkeys(CSV_COLUMNS, "")
        for name, cell in zip(columns, cells, strict=False):
            if name:
                row[name] = cell.strip()
        if not row["last_name"]:
            refuse(line, _("nom manquant."))
            continue
        if not row["first_name"]:
            refuse(line, _("prénom manquant."))
            continue
        too_long = next(
            (
                name
                for name in CSV_COLUMNS[:4]
                if len(row[name]) > Player._meta.get_field(name).max_length
            ),
            None,
        )
        if too_long:
            refuse(
                line,
                _("%(field)s trop long.")
                % {"field": Player._meta.get_field(too_long).verbose_name.capitalize()},
            )
            continue
        licence = row["licence"]
        if licence and licence in licences_seen:
            refuse(
                line,
                _("la licence %(licence)s figure déjà ligne %(other)s.")
                % {"licence": licence, "other": licences_seen[licence]},
            )
            continue
        typed_name = (row["last_name"].casefold(), row["first_name"].casefold())
        if not licence and typed_name in names_seen:
            refuse(
                line,
                _("%(name)s figure déjà ligne %(other)s.")
                % {
                    "name": f"{row['last_name']} {row['first_name']}",
                    "other": names_seen[typed_name],
                },
            )
            continue
        try:
            player = known_player(
                licence=licence, last_name=row["last_name"], arbitre_id=tournament.arbitre_id
            )
        except Refused as refusal:
            refuse(line, refusal.message)
            continue
        if player is not None and player.pk in registered_players:
            refuse(
                line,
                _("la licence %(licence)s est déjà inscrite (%(player)s).")
                % {"licence": licence, "player": player},
            )
            continue
        if row["team"]:
            if tournament.formula == Formula.INDIVIDUAL:
                refuse(
                    line,
                    _("équipe « %(team)s » indiquée, mais le tournoi est individuel.")
                    % {"team": row["team"]},
                )
                continue
            team_key = row["team"].casefold()
            if team_counts.get(team_key, 0) >= tournament.team_size:
                refuse(
                    line,
                    _("l'équipe « %(team)s » aurait plus de %(size)s joueurs.")
                    % {"team": row["team"], "size": tournament.team_size},
                )
                continue
            team_counts[team_key] = team_counts.get(team_key, 0) + 1
        if licence:
            licences_seen[licence] = line
        else:
            names_seen[typed_name] = line
        accepted.append((row, player))

    if report.refused:
        return report
    try:
        with transaction.atomic():
            _register_rows(tournament=tournament, rows=accepted, teams=teams, report=report)
            # One entry for the whole file: the list of players shows who it registered.
            journal.record(
                tournament=tournament,
                action=journal.Action.REGISTRATION_IMPORTED,
                by=by,
                after={
                    "count": len(report.registered),
                    "teams": [team.name for team in report.teams_created],
                },
            )
    except IntegrityError:
        # Someone registered the same player or number while the file was read: nothing
        # of the file is kept, and the arbitre imports it again.
        report.registered.clear()
        report.teams_created.clear()
        report.refused.append(
            RefusedRow(
                line=0,
                reason=_("Un autre enregistrement a eu lieu pendant l'import ; réessayez."),
            )
        )
    return report


def _register_rows(
    *,
    tournament: Tournament,
    rows: Sequence[tuple[dict[str, str], Player | None]],
    teams: dict[str, Team],
    report: ImportReport,
) -> None:
    number = next_participant_number(tournament=tournament)
    for row, player in rows:
        team = None
        if row["team"]:
            team = teams.get(row["team"].casefold())
            if team is None:
                team = Team.objects.create(tournament=tournament, name=row["team"])
                teams[row["team"].casefold()] = team
                report.teams_created.append(team)
        if player is None:
            player = Player.objects.create(
                last_name=row["last_name"],
                first_name=row["first_name"],
                licence=row["licence"],
                club=row["club"],
            )
        report.registered.append(
            Registration.objects.create(
                tournament=tournament, player=player, number=number, team=team
            )
        )
        number += 1
