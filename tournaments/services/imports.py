"""Registering a whole list of players from a CSV file, all of it or none, and its report.

A row under the name of a record the club may see, and no licence that names or tells them
apart, is held (``HeldRow``), as the registration form refuses such a name
(``homonyms.refuse_homonym``): nothing is registered, and the report names the row and who is
already known, for the arbitre to say of each whether it is them or another person
(``choices``), then import the same file again with those answers.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Player, validate_licence
from clubs.services.players import new_player
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.names import fold
from common.refusals import Refused
from tournaments.choices import Formula
from tournaments.models import Registration, Team, Tournament
from tournaments.selectors.clubs import Homonym, homonyms_of
from tournaments.selectors.registrations import next_participant_number
from tournaments.services import journal
from tournaments.services.csv_file import CSV_COLUMNS, CSV_MAX_ROWS, csv_rows, decode_csv
from tournaments.services.homonyms import homonym_message
from tournaments.services.registrations import (
    PARTICIPANT_NUMBER_MAX,
    check_open_for_registration,
    known_player,
)


@dataclass(frozen=True)
class RefusedRow:
    line: int  # 0 when the file as a whole is refused, before any row is read
    reason: str


@dataclass(frozen=True)
class RowNote:
    """What the arbitre should know of a row that is kept (a known player's other spelling)."""

    line: int
    text: str


ANOTHER_PERSON = None  # the choice, for a row held, of a new record: « C'est une autre personne »


@dataclass(frozen=True)
class HeldRow:
    """A row under the name of records the club may see (``known``): is it one of them?"""

    line: int
    name: str  # as the row writes it
    known: list[Homonym]

    @property
    def message(self) -> str:
        then = _("dites ci-dessous si c'est l'une de ces fiches, ou une autre personne.")
        return homonym_message(self.known[0].player, then=then)


@dataclass
class ImportReport:
    """What an import did: every row registered, or none and the reasons why, or the rows to
    say who they are before anything is registered."""

    registered: list[Registration] = field(default_factory=list)
    refused: list[RefusedRow] = field(default_factory=list)
    teams_created: list[Team] = field(default_factory=list)
    notes: list[RowNote] = field(default_factory=list)
    held: list[HeldRow] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.refused and not self.held

    @property
    def refused_file(self) -> list[RefusedRow]:
        """Why the file as a whole was refused (too big, empty, unreadable…), if it was."""
        return [row for row in self.refused if not row.line]

    @property
    def refused_lines(self) -> list[RefusedRow]:
        """The rows refused, each with its line number."""
        return [row for row in self.refused if row.line]


def _whole_file_refusal(*, tournament: Tournament, row_count: int) -> str:
    """Why a file of ``row_count`` players cannot be imported at all, or nothing."""
    if not row_count:
        return _("Le fichier ne contient aucun joueur.")
    if row_count > CSV_MAX_ROWS:
        return _("Le fichier compte plus de %(max)s joueurs : découpez-le.") % {"max": CSV_MAX_ROWS}
    if next_participant_number(tournament=tournament) + row_count - 1 > PARTICIPANT_NUMBER_MAX:
        return _("Les n° de participant dépasseraient %(max)s.") % {"max": PARTICIPANT_NUMBER_MAX}
    return ""


@retry_once_on_conflict
@transaction.atomic
def import_registrations(
    *,
    tournament: Tournament,
    content: bytes,
    choices: Mapping[int, int | None] | None = None,
    by: Actor,
) -> ImportReport:
    """Register every player of a CSV file (nom, prénom, licence, club, équipe), or none.

    Separators ``;`` and ``,`` are both accepted, as French spreadsheets export either, and a
    first row of column names is optional. A row is refused, with its line number and the
    reason, when it lacks a name, repeats a licence of the file, names a player already
    registered, or gives a team the tournament cannot have; any refused row means nothing is
    registered, so the arbitre fixes the file and imports it again. A row under the name of a
    record the club may see is held until ``choices`` says, by line, which of those records it
    is (its id) or that it is ``ANOTHER_PERSON``: nothing is registered while one is held.
    """
    report = ImportReport()
    try:
        columns, rows = _file_rows(tournament=tournament, content=content)
    except Refused as refusal:
        report.refused.append(RefusedRow(line=0, reason=refusal.message))
        return report
    reader = _RowReader(tournament=tournament, columns=columns, choices=choices or {})
    reader.find_homonyms(rows)
    accepted = []
    for line, cells in rows:
        try:
            accepted.append(reader.accept(line, cells))
        except Refused as refusal:
            report.refused.append(RefusedRow(line=line, reason=refusal.message))
    report.notes = reader.notes
    report.held = reader.held
    if report.ok:
        _register_all(
            tournament=tournament, rows=accepted, teams=reader.teams, report=report, by=by
        )
    return report


def _file_rows(
    *, tournament: Tournament, content: bytes
) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The columns and numbered rows of the file; Refused when the file as a whole is."""
    check_open_for_registration(tournament)
    columns, rows = csv_rows(decode_csv(content))
    whole_file_refusal = _whole_file_refusal(tournament=tournament, row_count=len(rows))
    if whole_file_refusal:
        raise Refused(whole_file_refusal, code="whole_file")
    return columns, rows


class _RowReader:
    """Reads the rows of one file in order: each row is checked against the tournament and
    against the rows before it, which it refuses by raising Refused with the reason."""

    def __init__(
        self, *, tournament: Tournament, columns: list[str], choices: Mapping[int, int | None]
    ):
        self.tournament = tournament
        self.columns = columns
        self.choices = choices
        self.homonyms: dict[int, list[Homonym]] = {}
        self.held: list[HeldRow] = []
        self.players_seen: dict[int, int] = {}
        self.registered_players = set(tournament.registrations.values_list("player_id", flat=True))
        self.teams = {team.name.casefold(): team for team in tournament.teams.all()}
        self.team_counts = {key: team.registrations.count() for key, team in self.teams.items()}
        self.licences_seen: dict[str, int] = {}
        self.names_seen: dict[tuple[str, str], int] = {}
        self.notes: list[RowNote] = []

    def find_homonyms(self, rows: list[tuple[int, list[str]]]) -> None:
        """Who the club may already know under each row's name (``homonyms_of``, the rule of
        every homonym warning), read for the whole file at once."""
        named = []
        for line, cells in rows:
            try:
                row = self._row(cells)
            except Refused:
                continue  # refused for its columns when read
            if row["last_name"] and row["first_name"]:
                named.append((line, (row["last_name"], row["first_name"], row["licence"])))
        found = homonyms_of(club_id=self.tournament.club_id, typed=[typed for _, typed in named])
        self.homonyms = {line: known for (line, _), known in zip(named, found, strict=True)}

    def accept(self, line: int, cells: list[str]) -> tuple[dict[str, str], Player | None]:
        """The row and the known player it names (None for a new one), or Refused with every
        reason the row is refused, so that the arbitre corrects it once."""
        row = self._row(cells)
        reasons = []
        player = None
        for check in (_check_names, _check_licence, self._check_not_seen):
            try:
                check(row)
            except Refused as refusal:
                reasons.append(refusal.message)
        if not reasons:
            try:
                player = self._player(row, line=line) or self._homonym(row, line=line)
                self._check_once(player, line=line)
            except Refused as refusal:
                reasons.append(refusal.message)
        if row["team"]:
            try:
                self._count_in_team(row["team"])
            except Refused as refusal:
                reasons.append(refusal.message)
        self._remember(line, row)
        if reasons:
            raise Refused(" ; ".join(reason.rstrip(".") for reason in reasons) + ".")
        return row, player

    def _row(self, cells: list[str]) -> dict[str, str]:
        columns = self.columns
        if len(cells) > len(columns) and any(cell.strip() for cell in cells[len(columns) :]):
            raise Refused(
                _("%(count)s colonnes, %(expected)s au plus (nom, prénom, licence, club, équipe).")
                % {"count": len(cells), "expected": len(columns)}
            )
        row = dict.fromkeys(CSV_COLUMNS, "")
        for name, cell in zip(columns, cells, strict=False):
            if name:
                row[name] = cell.strip()
        return row

    def _check_not_seen(self, row: dict[str, str]) -> None:
        """A player comes once in a file: by licence, or by name when there is none."""
        licence = row["licence"]
        if licence and licence in self.licences_seen:
            raise Refused(
                _("la licence %(licence)s figure déjà ligne %(other)s.")
                % {"licence": licence, "other": self.licences_seen[licence]}
            )
        if not licence and _typed_name(row) in self.names_seen:
            raise Refused(
                _("%(name)s figure déjà ligne %(other)s.")
                % {
                    "name": f"{row['last_name']} {row['first_name']}",
                    "other": self.names_seen[_typed_name(row)],
                }
            )

    def _player(self, row: dict[str, str], *, line: int) -> Player | None:
        """The known player the row names, if any, not yet registered in the tournament.

        The licence names them: written otherwise (« Lefevre;Gaelle » for « LEFÈVRE
        Gaëlle »), the row still takes them, as they are known, and the report says so."""
        licence = row["licence"]
        player = known_player(
            licence=licence, last_name=row["last_name"], club_id=self.tournament.club_id
        )
        if player is not None and player.pk in self.registered_players:
            raise Refused(
                _("la licence %(licence)s est déjà inscrite (%(player)s).")
                % {"licence": licence, "player": player}
            )
        if player is not None and _spelt_otherwise(row, player):
            self.notes.append(RowNote(line=line, text=self._known_spelling(player)))
        return player

    def _check_once(self, player: Player | None, *, line: int) -> None:
        """A known player is one row of the file, by licence or chosen by name."""
        if player is None:
            return
        if player.pk in self.players_seen:
            raise Refused(
                _("%(player)s est déjà la fiche de la ligne %(other)s.")
                % {"player": player, "other": self.players_seen[player.pk]}
            )
        self.players_seen[player.pk] = line

    def _homonym(self, row: dict[str, str], *, line: int) -> Player | None:
        """For a row that names no known player, the record under its name the arbitre chose
        (``choices``), or None for a new one; held, to ask, while nothing is chosen."""
        known = self.homonyms.get(line, [])
        if not known or self.choices.get(line, ANOTHER_PERSON) is ANOTHER_PERSON:
            if known and line not in self.choices:
                name = f"{row['last_name']} {row['first_name']}"
                self.held.append(HeldRow(line=line, name=name, known=known))
            return None
        chosen = {homonym.player.pk: homonym.player for homonym in known}.get(self.choices[line])
        if chosen is None:
            raise Refused(_("fiche choisie inconnue : importez le fichier de nouveau."))
        if chosen.pk in self.registered_players:
            raise Refused(
                _("%(player)s figure déjà parmi les participants de ce tournoi.")
                % {"player": chosen}
            )
        if _spelt_otherwise(row, chosen):
            self.notes.append(RowNote(line=line, text=self._known_spelling(chosen)))
        return chosen

    def _known_spelling(self, player: Player) -> str:
        # known_player names only a player the club may see: naming them reveals nothing.
        return _("orthographe connue : %(player)s (inscrit sous ce nom).") % {"player": player}

    def _count_in_team(self, team: str) -> None:
        """One more player in ``team``, which the tournament's formula must leave room for."""
        tournament = self.tournament
        if tournament.formula == Formula.INDIVIDUAL:
            raise Refused(
                _("équipe « %(team)s » indiquée, mais le tournoi est individuel.") % {"team": team}
            )
        key = team.casefold()
        if self.team_counts.get(key, 0) >= tournament.team_size:
            raise Refused(
                _("l'équipe « %(team)s » aurait plus de %(size)s joueurs.")
                % {"team": team, "size": tournament.team_size}
            )
        self.team_counts[key] = self.team_counts.get(key, 0) + 1

    def _remember(self, line: int, row: dict[str, str]) -> None:
        if row["licence"]:
            self.licences_seen[row["licence"]] = line
        else:
            self.names_seen[_typed_name(row)] = line


def _spelt_otherwise(row: dict[str, str], player: Player) -> bool:
    """Whether the row writes the known player's name otherwise than they are known (case
    aside: « LEFÈVRE » and « Lefèvre » are one spelling)."""
    typed = (row["last_name"].casefold(), row["first_name"].casefold())
    return typed != (player.last_name.casefold(), player.first_name.casefold())


def _check_licence(row: dict[str, str]) -> None:
    """An FFT licence is written in digits only (« 0412345 »); it may be left empty."""
    licence = row["licence"]
    try:
        validate_licence(licence)
    except ValidationError as error:
        reason = error.messages[0]
        raise Refused(
            _("licence « %(licence)s » : %(reason)s")
            % {"licence": licence[:20], "reason": reason[:1].lower() + reason[1:]}
        ) from error


def _typed_name(row: dict[str, str]) -> tuple[str, str]:
    """A row's name as a repeat is found: « Élodie » and « ELODIE » are one name."""
    return fold(row["last_name"]), fold(row["first_name"])


def _check_names(row: dict[str, str]) -> None:
    """A row gives a last and a first name, and no field longer than a player's holds."""
    if not row["last_name"]:
        raise Refused(_("nom manquant."))
    if not row["first_name"]:
        raise Refused(_("prénom manquant."))
    for name in CSV_COLUMNS[:4]:
        player_field = Player._meta.get_field(name)
        if len(row[name]) > player_field.max_length:
            raise Refused(
                _("%(field)s trop long.") % {"field": player_field.verbose_name.capitalize()}
            )


def _register_all(
    *,
    tournament: Tournament,
    rows: Sequence[tuple[dict[str, str], Player | None]],
    teams: dict[str, Team],
    report: ImportReport,
    by: Actor,
) -> None:
    """Register the accepted rows with the next participant numbers, all of them or, when
    someone else registered meanwhile, none: the report then says to import again."""
    try:
        with transaction.atomic():
            first = next_participant_number(tournament=tournament)
            for number, (row, player) in enumerate(rows, start=first):
                team = _team(row["team"], tournament=tournament, teams=teams, report=report)
                registration = Registration.objects.create(
                    tournament=tournament,
                    player=player
                    or new_player(
                        last_name=row["last_name"],
                        first_name=row["first_name"],
                        licence=row["licence"],
                        club=row["club"],
                    ),
                    number=number,
                    team=team,
                )
                report.registered.append(registration)
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


def _team(
    name: str, *, tournament: Tournament, teams: dict[str, Team], report: ImportReport
) -> Team | None:
    """The team a row names (None for none), created at its first row."""
    if not name:
        return None
    team = teams.get(name.casefold())
    if team is None:
        team = Team.objects.create(tournament=tournament, name=name)
        teams[name.casefold()] = team
        report.teams_created.append(team)
    return team
