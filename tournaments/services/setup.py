"""The arbitre's set-up: the tournament, its players and teams, check-in, and each position's
seating, planned by ``tournaments.seating`` and stored here.

Past positions never change: a position is seated once the previous one is, late arrivals and
withdrawals take effect from the first position where no deal was played yet, and a seating can
be redone or swapped by hand only while no deal was played in it.
"""

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, Max, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    PLACES_BY_TABLE_SIZE,
    Deal,
    Formula,
    Player,
    Position,
    Registration,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.seating import (
    SeatingError,
    SeatingReport,
    plan_positions,
    seating_report,
    table_sizes,
)
from tournaments.selectors.names import (
    by_name,
    name_key,
    name_matches,
    registration_player,
    seat_player,
)


class SetupRefused(ValueError):
    """A set-up step the tournament cannot take, with the reason in French.

    ``field`` names the form field the reason is about, when there is one.
    """

    def __init__(self, message: str, *, code: str = "refused", field: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field


@transaction.atomic
def seat_position(*, position: Position, tables: Sequence[Sequence[Registration]]) -> list[Table]:
    """Seat the players of one position, a table per list, in seat order (Nord, Est, ...).

    Replaces any seating the position had, which is only allowed while no deal was played.
    """
    if Deal.objects.filter(table__position=position).exists():
        raise SetupRefused(
            _("Des donnes ont déjà été jouées dans cette position : son placement est figé."),
            code="position_played",
        )
    position.tables.all().delete()
    created = []
    for number, players in enumerate(tables, start=1):
        if len(players) not in PLACES_BY_TABLE_SIZE:
            raise SetupRefused(
                _("Une table compte 3, 4 ou 5 joueurs, pas %(count)s.") % {"count": len(players)},
                code="table_size",
            )
        table = Table.objects.create(position=position, number=number)
        Seat.objects.bulk_create(
            Seat(position=position, table=table, place=place, registration=registration)
            for place, registration in zip(PLACES_BY_TABLE_SIZE[len(players)], players, strict=True)
        )
        created.append(table)
    return created


# The tournament ---------------------------------------------------------------------------

TOURNAMENT_SETTINGS = (
    "name",
    "date",
    "venue",
    "organiser",
    "positions_count",
    "deals_per_position",
    "formula",
    "allow_five",
    "five_mode",
    "counts_all_pass",
    "status",
    "published",
)


def _save_tournament(tournament: Tournament) -> Tournament:
    try:
        tournament.full_clean()
    except ValidationError as error:
        first_field, messages = next(iter(error.message_dict.items()))
        raise SetupRefused(messages[0], code="invalid", field=first_field) from error
    tournament.save()
    return tournament


@transaction.atomic
def create_tournament(*, arbitre: AbstractBaseUser, settings: Mapping[str, Any]) -> Tournament:
    """A new tournament run by ``arbitre``, with the given settings (see TOURNAMENT_SETTINGS)."""
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    return _save_tournament(Tournament(arbitre=arbitre, **settings))


@transaction.atomic
def update_tournament(*, tournament: Tournament, settings: Mapping[str, Any]) -> Tournament:
    """Change a tournament's settings, as long as they still fit the positions already seated.

    The number of positions cannot drop below the last position seated, and the formula
    (individual or teams) is fixed once a position is seated, since its tables were drawn
    to keep team-mates apart.
    """
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    last_seated = last_seated_position_number(tournament=tournament)
    if settings.get("positions_count", tournament.positions_count) < last_seated:
        raise SetupRefused(
            _("La position %(number)s est déjà placée : le tournoi en compte au moins autant.")
            % {"number": last_seated},
            code="positions_seated",
            field="positions_count",
        )
    if last_seated and settings.get("formula", tournament.formula) != tournament.formula:
        raise SetupRefused(
            _("Des positions sont déjà placées : la formule ne peut plus changer."),
            code="formula_fixed",
            field="formula",
        )
    for name, value in settings.items():
        setattr(tournament, name, value)
    return _save_tournament(tournament)


@transaction.atomic
def publish_tournament(*, tournament: Tournament, published: bool) -> Tournament:
    """Show the tournament to everyone on the home page (or hide it again)."""
    tournament.published = published
    tournament.save(update_fields=["published"])
    return tournament


# Players ----------------------------------------------------------------------------------


# Tenancy: who may see and change which players -------------------------------------------
#
# Players form one directory, keyed by licence, shared by every arbitre: the same person plays
# many tournaments. An arbitre sees the players of published tournaments and of their own;
# a player's name, licence and club change only where no other arbitre's tournament shows them
# (README, "Players, arbitres and tenancy").


def players_visible_to(*, arbitre_id: int) -> QuerySet[Player]:
    """The players an arbitre may find: in a published tournament, in one of theirs, or in
    none at all; never one known only from another arbitre's unpublished tournament."""
    registrations = Registration.objects.filter(player=OuterRef("pk"))
    seen = Q(tournament__published=True) | Q(tournament__arbitre_id=arbitre_id)
    return Player.objects.filter(Exists(registrations.filter(seen)) | ~Exists(registrations))


def _shown_by_another_arbitre(player: Player, *, arbitre_id: int) -> bool:
    return player.registrations.exclude(tournament__arbitre_id=arbitre_id).exists()


def _matching_players(query: str, *, player: str = "") -> Q:
    """Every word of ``query`` in the player's names (accents and case aside) or starting
    their licence; ``player`` is the path to the player (« player__ » from a registration)."""
    match = Q()
    for word in query.split():
        match &= name_matches(word, player=player) | Q(**{f"{player}licence__istartswith": word})
    return match


def search_players(*, tournament: Tournament, query: str, limit: int = 20) -> list[Player]:
    """Known players whose name (accents and case aside) or licence matches ``query``, and not
    yet in ``tournament``, in French alphabetical order."""
    if not query.split():
        return []
    players = (
        players_visible_to(arbitre_id=tournament.arbitre_id)
        .exclude(registrations__tournament=tournament)
        .filter(_matching_players(query))
    )
    return by_name(players.order_by("search_name", "pk")[:limit])


def search_registered(*, tournament: Tournament, query: str, limit: int = 20) -> list[Registration]:
    """The participants of ``tournament`` that ``query`` names (by name or licence): a search
    for someone already registered says under which number, rather than « nobody »."""
    if not query.split():
        return []
    registrations = tournament.registrations.select_related("player").filter(
        _matching_players(query, player="player__")
    )
    return by_name(
        registrations.order_by("player__search_name", "pk")[:limit], player=registration_player
    )


# The database keeps participant numbers in a small integer.
PARTICIPANT_NUMBER_MAX = 32767
# A CSV import registers at most this many players: a tournament is a few hundred at most, and
# a bigger file is a mistake that must be refused quickly, not written for half a minute.
CSV_MAX_ROWS = 1000


def next_participant_number(*, tournament: Tournament) -> int:
    highest = tournament.registrations.aggregate(highest=Max("number"))["highest"]
    return (highest or 0) + 1


def _known_player(*, licence: str, last_name: str, arbitre_id: int) -> Player | None:
    """The player who holds ``licence``, refusing a licence that belongs to someone else
    (named only if this arbitre may see them)."""
    if not licence:
        return None
    player = Player.objects.filter(licence=licence).first()
    if player is not None and player.last_name.casefold() != last_name.casefold():
        _refuse_licence_taken(licence, player, arbitre_id=arbitre_id)
    return player


def _refuse_licence_taken(licence: str, holder: Player, *, arbitre_id: int) -> None:
    if players_visible_to(arbitre_id=arbitre_id).filter(pk=holder.pk).exists():
        message = _("Le n° de licence %(licence)s est déjà celui de %(player)s.") % {
            "licence": licence,
            "player": holder,
        }
    else:
        message = _("Le n° de licence %(licence)s est déjà celui d'un autre joueur.") % {
            "licence": licence
        }
    raise SetupRefused(message, code="licence_taken", field="licence")


def _check_team(*, tournament: Tournament, team: Team | None, joining: int = 1) -> None:
    if team is None:
        return
    if tournament.formula == Formula.INDIVIDUAL:
        raise SetupRefused(
            _("Le tournoi est individuel : il n'a pas d'équipes."), code="no_teams", field="team"
        )
    if team.tournament_id != tournament.pk:
        raise SetupRefused(_("Équipe inconnue."), code="unknown_team", field="team")
    if team.registrations.count() + joining > tournament.team_size:
        raise SetupRefused(
            _("L'équipe %(team)s compte déjà %(size)s joueurs.")
            % {"team": team.name, "size": tournament.team_size},
            code="team_full",
            field="team",
        )


@contextmanager
def _refused_on_conflict(message: str) -> Iterator[None]:
    """Run the writes in a savepoint; a unique constraint that another write won in the
    meantime becomes a French refusal on the number, never a 500."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as error:
        raise SetupRefused(message, code="conflict", field="number") from error


@transaction.atomic
def register_player(
    *,
    tournament: Tournament,
    player: Player | None = None,
    last_name: str = "",
    first_name: str = "",
    licence: str = "",
    club: str = "",
    team: Team | None = None,
    number: int | None = None,
    checked_in: bool = False,
) -> Registration:
    """Register a known ``player``, or a new one from their name, licence and club.

    A licence already known names the same player (never a second one); the participant
    number is the next free one unless given.
    """
    if player is None:
        last_name, first_name, licence = last_name.strip(), first_name.strip(), licence.strip()
        player = _known_player(
            licence=licence, last_name=last_name, arbitre_id=tournament.arbitre_id
        )
    if player is not None and tournament.registrations.filter(player=player).exists():
        raise SetupRefused(
            _("%(player)s figure déjà parmi les participants de ce tournoi.") % {"player": player},
            code="already_registered",
            field="licence",
        )
    _check_team(tournament=tournament, team=team)
    if number is None:
        number = next_participant_number(tournament=tournament)
        if number > PARTICIPANT_NUMBER_MAX:
            raise SetupRefused(
                _("Plus de n° de participant libre après %(max)s : indiquez-en un.")
                % {"max": PARTICIPANT_NUMBER_MAX},
                code="number_taken",
                field="number",
            )
    elif tournament.registrations.filter(number=number).exists():
        raise SetupRefused(
            _("Le n° de participant %(number)s est déjà pris.") % {"number": number},
            code="number_taken",
            field="number",
        )
    if player is None:
        player = Player(
            last_name=last_name, first_name=first_name, licence=licence, club=club.strip()
        )
        try:
            player.full_clean()
        except ValidationError as error:
            first_field, messages = next(iter(error.message_dict.items()))
            raise SetupRefused(messages[0], code="invalid", field=first_field) from error
        player.save()
    registration = Registration(
        tournament=tournament,
        player=player,
        number=number,
        team=team,
    )
    # Two arbitres registering at once: the database's unique number or player wins.
    with _refused_on_conflict(
        _("Ce joueur ou ce n° de participant vient d'être inscrit ; réessayez.")
    ):
        registration.save()
    if checked_in:
        check_in(registration=registration, present=True)
    return registration


@transaction.atomic
def update_registration(
    *,
    registration: Registration,
    last_name: str,
    first_name: str,
    licence: str = "",
    club: str = "",
    number: int | None = None,
    team: Team | None = None,
) -> Registration:
    """Correct a participant: the player's name, licence and club, their number and team.

    The player is one person across tournaments: a corrected name shows in every tournament
    of this arbitre. Where another arbitre's tournament shows the same player, their record
    never changes from here: a player without licence, or given another licence, gets a
    record of their own for this registration; one whose licence stays is refused.
    """
    tournament = registration.tournament
    player = registration.player
    licence = licence.strip()
    if licence and Player.objects.filter(licence=licence).exclude(pk=player.pk).exists():
        holder = Player.objects.get(licence=licence)
        _refuse_licence_taken(licence, holder, arbitre_id=tournament.arbitre_id)
    identity = (last_name.strip(), first_name.strip(), licence, club.strip())
    changed = identity != (player.last_name, player.first_name, player.licence, player.club)
    if changed and _shown_by_another_arbitre(player, arbitre_id=tournament.arbitre_id):
        if licence and licence == player.licence:
            raise SetupRefused(
                _(
                    "%(player)s figure aussi dans le tournoi d'un autre arbitre : son nom "
                    "et son club ne se corrigent pas ici. Demandez-le à l'administrateur."
                )
                % {"player": player},
                code="shared_player",
                field="last_name",
            )
        # This registration's own record, so that the other tournament keeps showing theirs.
        player = Player()
        registration.player = player
    if number is not None and number != registration.number:
        if tournament.registrations.filter(number=number).exists():
            raise SetupRefused(
                _("Le n° de participant %(number)s est déjà pris.") % {"number": number},
                code="number_taken",
                field="number",
            )
        registration.number = number
    player.last_name, player.first_name = last_name.strip(), first_name.strip()
    player.licence, player.club = licence, club.strip()
    try:
        player.full_clean()
    except ValidationError as error:
        first_field, messages = next(iter(error.message_dict.items()))
        raise SetupRefused(messages[0], code="invalid", field=first_field) from error
    if team is not None and team.pk != registration.team_id:
        _check_team(tournament=tournament, team=team)
    registration.team = team if tournament.team_size > 1 else None
    # Someone else may have taken the licence or the number in the meantime.
    with _refused_on_conflict(
        _("Ce n° de licence ou ce n° de participant vient d'être pris ; réessayez.")
    ):
        player.save()
        registration.player = player
        registration.save(update_fields=["number", "team", "player"])
    return registration


@transaction.atomic
def unregister_player(*, registration: Registration) -> None:
    """Take a player off the list, which is only possible before they were ever seated."""
    if registration.seats.exists():
        raise SetupRefused(
            _("%(player)s a déjà été placé : déclarez plutôt un retrait.")
            % {"player": registration.player},
            code="already_seated",
        )
    registration.delete()


# CSV import -------------------------------------------------------------------------------

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
        raise SetupRefused(
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
        raise SetupRefused(
            _("Encodage du fichier illisible : enregistrez-le en « CSV UTF-8 »."),
            code="encoding",
        ) from error


def _csv_rows(text: str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The column names and the numbered non-blank rows of a CSV text, separator guessed."""
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    if not first_line:
        raise SetupRefused(_("Le fichier est vide."), code="empty")
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
        raise SetupRefused(_("Le fichier ne contient aucun joueur."), code="empty")
    header = [" ".join(cell.split()).casefold() for cell in rows[0][1]]
    if any(CSV_HEADERS.get(cell) == "last_name" for cell in header):
        unknown = [cell for cell in header if cell and cell not in CSV_HEADERS]
        if unknown:
            raise SetupRefused(
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
def import_registrations(*, tournament: Tournament, content: bytes) -> ImportReport:
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
    except SetupRefused as refusal:
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
            player = _known_player(
                licence=licence, last_name=row["last_name"], arbitre_id=tournament.arbitre_id
            )
        except SetupRefused as refusal:
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


# Teams ------------------------------------------------------------------------------------


@transaction.atomic
def create_team(*, tournament: Tournament, name: str, members: Sequence[Registration] = ()) -> Team:
    """A team of a DUO or quadrette tournament, with its members if given."""
    if tournament.formula == Formula.INDIVIDUAL:
        raise SetupRefused(
            _("Le tournoi est individuel : il n'a pas d'équipes."), code="no_teams", field="name"
        )
    name = name.strip()
    if not name:
        raise SetupRefused(_("Donnez un nom à l'équipe."), code="required", field="name")
    if tournament.teams.filter(name__iexact=name).exists():
        raise SetupRefused(
            _("L'équipe %(team)s existe déjà.") % {"team": name}, code="team_exists", field="name"
        )
    if len(members) > tournament.team_size:
        raise SetupRefused(
            _("Une équipe compte %(size)s joueurs au plus.") % {"size": tournament.team_size},
            code="team_full",
            field="members",
        )
    team = Team.objects.create(tournament=tournament, name=name)
    for registration in members:
        set_team(registration=registration, team=team)
    return team


@transaction.atomic
def set_team(*, registration: Registration, team: Team | None) -> Registration:
    """Put a participant in ``team`` (or in none)."""
    tournament = registration.tournament
    if team is not None and team.pk != registration.team_id:
        _check_team(tournament=tournament, team=team)
    registration.team = team
    registration.save(update_fields=["team"])
    return registration


@transaction.atomic
def delete_team(*, team: Team) -> None:
    """Remove a team; its members stay registered, without a team."""
    team.registrations.update(team=None)
    team.delete()


# Check-in, late arrivals and withdrawals --------------------------------------------------


def last_seated_position_number(*, tournament: Tournament) -> int:
    """The number of the last position that has tables, 0 before the first is seated."""
    highest = tournament.positions.filter(tables__isnull=False).aggregate(highest=Max("number"))
    return highest["highest"] or 0


def last_played_position_number(*, tournament: Tournament) -> int:
    """The last position under way (a deal played) or closed; 0 before play starts."""
    highest = tournament.positions.filter(
        Q(tables__deals__isnull=False) | Q(closed_at__isnull=False)
    ).aggregate(highest=Max("number"))
    return highest["highest"] or 0


def first_open_position(*, tournament: Tournament) -> int:
    """The first position where nothing was played yet: arrivals and departures start there.

    Positions already under way never change; a position seated but not started yet can be
    seated again to take the change in (the placement screen says so).
    """
    number = last_played_position_number(tournament=tournament) + 1
    if number > tournament.positions_count:
        raise SetupRefused(
            _("Toutes les positions ont commencé : plus d'arrivée ni de retrait possible."),
            code="all_positions_started",
        )
    return number


@transaction.atomic
def check_in(*, registration: Registration, present: bool) -> Registration:
    """Point a player present (or absent) on the day.

    Once play has started, a player pointed present is a late arrival and plays from the
    first position not started yet; a player who sat at a position already under way cannot
    be pointed absent, only withdrawn, so that the positions they played stay as they were.
    """
    tournament = registration.tournament
    if present and not registration.checked_in:
        registration.checked_in = True
        number = first_open_position(tournament=tournament)
        registration.joins_from = number if number > 1 else None
    elif not present and registration.checked_in:
        played = last_played_position_number(tournament=tournament)
        if registration.seats.filter(position__number__lte=played).exists():
            raise SetupRefused(
                _("%(player)s a déjà joué : déclarez plutôt un retrait.")
                % {"player": registration.player},
                code="already_played",
            )
        registration.checked_in = False
        registration.joins_from = None
    registration.save(update_fields=["checked_in", "joins_from"])
    return registration


@transaction.atomic
def withdraw_player(*, registration: Registration) -> Registration:
    """A player leaves: not seated from the first position not started, keeping their points."""
    if registration.withdrawn_from is not None:
        return registration
    registration.withdrawn_from = first_open_position(tournament=registration.tournament)
    registration.save(update_fields=["withdrawn_from"])
    return registration


@transaction.atomic
def cancel_withdrawal(*, registration: Registration) -> Registration:
    """Undo a withdrawal; the player comes back from the first position not started."""
    if registration.withdrawn_from is None:
        return registration
    number = first_open_position(tournament=registration.tournament)
    if registration.withdrawn_from < number:
        # They missed positions already under way: they come back as a late arrival would.
        registration.joins_from = max(registration.joins_from or 1, number)
    registration.withdrawn_from = None
    registration.save(update_fields=["withdrawn_from", "joins_from"])
    return registration


def position_participants(*, tournament: Tournament, number: int) -> list[Registration]:
    """Who plays position ``number``: present, already joined, not withdrawn."""
    return list(
        tournament.registrations.filter(checked_in=True)
        .filter(Q(joins_from__isnull=True) | Q(joins_from__lte=number))
        .filter(Q(withdrawn_from__isnull=True) | Q(withdrawn_from__gt=number))
        .select_related("player", "team")
    )


@dataclass(frozen=True)
class TableCount:
    """What a number of present players gives: the tables of 4, 3 and 5 of one position."""

    players: int
    fours: int
    threes: int
    fives: int
    error: str = ""


def count_tables(*, player_count: int, allow_five: bool) -> TableCount:
    """How ``player_count`` players sit, by the generator's own rule (``table_sizes``)."""
    try:
        sizes = table_sizes(player_count=player_count, allow_five=allow_five)
    except SeatingError as error:
        return TableCount(player_count, 0, 0, 0, error=str(error))
    return TableCount(player_count, sizes.count(4), sizes.count(3), sizes.count(5))


# Seating ----------------------------------------------------------------------------------


def _seating_of(position: Position) -> list[list[int]]:
    """A seated position as the generator sees it: registration ids by table, in seat order."""
    tables: dict[int, list[tuple[int, int]]] = {}
    order = {place: index for index, place in enumerate(PLACES_BY_TABLE_SIZE[5])}
    for seat in Seat.objects.filter(position=position).select_related("table"):
        tables.setdefault(seat.table.number, []).append((order[seat.place], seat.registration_id))
    return [[reg for _, reg in sorted(seats)] for _, seats in sorted(tables.items())]


def _history(tournament: Tournament, before: int) -> list[list[list[int]]]:
    positions = tournament.positions.filter(number__lt=before).order_by("number")
    return [_seating_of(position) for position in positions]


def _teams_of(registrations: Sequence[Registration]) -> dict[int, int]:
    return {r.pk: r.team_id for r in registrations if r.team_id is not None}


def _locked_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def plan_position(*, tournament: Tournament, number: int, seed: int = 0) -> Position:
    """Seat position ``number`` with the generator, keeping every earlier position as it is.

    The generator plans every position still to come, so that this one leaves the later ones
    room to avoid repeat meetings. This one is stored, and so are the later positions already
    seated ahead of time, all in this one step: their seating was drawn after this one's, so
    it is drawn again with it (a position where a deal was played never changes). The later
    positions not seated yet are planned again when their turn comes, with the players then
    present. Every seating stored here is unpublished.
    """
    # One planning at a time per tournament: a double tap on « Générer » waits for the first,
    # then draws again, instead of both creating table 1.
    tournament = _locked_tournament(tournament)
    if not 1 <= number <= tournament.positions_count:
        raise SetupRefused(
            _("Le tournoi compte %(count)s positions.") % {"count": tournament.positions_count},
            code="no_such_position",
        )
    last_seated = last_seated_position_number(tournament=tournament)
    if number > last_seated + 1:
        raise SetupRefused(
            _("Placez d'abord la position %(number)s.") % {"number": last_seated + 1},
            code="previous_not_seated",
        )
    later_played = last_played_position_number(tournament=tournament)
    if number < later_played:
        raise SetupRefused(
            _("La position %(later)s a commencé : la position %(number)s ne change plus.")
            % {"later": later_played, "number": number},
            code="later_played",
        )
    position, _created = Position.objects.get_or_create(tournament=tournament, number=number)
    if position.closed_at:
        raise SetupRefused(_("Cette position est close."), code="position_closed")
    seated_ahead = list(
        tournament.positions.filter(number__gt=number, number__lte=last_seated).order_by("number")
    )
    # Arrivals and withdrawals take effect from the first position not started, and every
    # position planned here comes after it: the same players play them all.
    participants = position_participants(tournament=tournament, number=number)
    try:
        plan = plan_positions(
            players=[r.pk for r in participants],
            positions=tournament.positions_count - number + 1,
            teams=_teams_of(participants),
            allow_five=tournament.allow_five,
            history=_history(tournament, number),
            seed=seed,
        )
    except SeatingError as error:
        raise SetupRefused(str(error), code="seating") from error
    by_id = {r.pk: r for r in participants}
    for planned, tables in zip([position, *seated_ahead], plan, strict=False):
        seat_position(position=planned, tables=[[by_id[pk] for pk in table] for table in tables])
        if planned.seating_published_at:
            planned.seating_published_at = None
            planned.save(update_fields=["seating_published_at"])
    return position


def position_report(*, position: Position) -> SeatingReport:
    """The quality of a position's seating, with every earlier position counted in.

    Odd tables are counted for the players seated at this position only: those who left
    before it no longer need their turn at a table of 3 or 5.
    """
    tournament = position.tournament
    registrations = list(tournament.registrations.all())
    seating = _seating_of(position)
    return seating_report(
        [seating],
        teams=_teams_of(registrations),
        history=_history(tournament, position.number),
        players=[player for table in seating for player in table],
    )


@dataclass(frozen=True)
class SeatingChanges:
    """How a seated position differs from who plays it now (arrivals and withdrawals since).

    ``gone`` holds the players seated who withdrew or were pointed absent, ``missing`` the
    players who play the position without a seat; both in alphabetical order.
    """

    gone: list[Registration]
    missing: list[Registration]

    @property
    def stale(self) -> bool:
        return bool(self.gone or self.missing)

    @property
    def message(self) -> str:
        """Why the seating can no longer be published, naming everyone, in French."""
        parts = [_("Ce placement ne correspond plus aux joueurs présents.")]
        if self.gone:
            parts.append(
                _("Retrait ou absence, mais une place au plan : %(names)s.")
                % {"names": _names(self.gone)}
            )
        if self.missing:
            parts.append(
                _("Présence pointée, mais pas de place : %(names)s.")
                % {"names": _names(self.missing)}
            )
        parts.append(_("Générez de nouveau le placement avant de le publier."))
        return " ".join(parts)


def _names(registrations: Sequence[Registration]) -> str:
    return ", ".join(str(registration.player) for registration in registrations)


def seating_changes(*, position: Position) -> SeatingChanges:
    """Who is seated at ``position`` but no longer plays it, and who plays it without a seat."""
    participants = position_participants(tournament=position.tournament, number=position.number)
    playing = {registration.pk for registration in participants}
    seated = list(
        Registration.objects.filter(seats__position=position).select_related("player", "team")
    )
    seated_ids = {registration.pk for registration in seated}
    return SeatingChanges(
        gone=sorted(
            (registration for registration in seated if registration.pk not in playing),
            key=lambda registration: name_key(registration.player),
        ),
        missing=sorted(
            (registration for registration in participants if registration.pk not in seated_ids),
            key=lambda registration: name_key(registration.player),
        ),
    )


@transaction.atomic
def swap_seats(*, position: Position, first: Seat, second: Seat) -> None:
    """Swap the players of two seats of one position, by the arbitre's hand."""
    _locked_tournament(position.tournament)
    # Read again under the lock: the same swap posted twice finds its seats already rewritten.
    current = {seat.pk: seat for seat in Seat.objects.filter(pk__in=[first.pk, second.pk])}
    if first.pk not in current or second.pk not in current:
        raise SetupRefused(
            _("Le placement vient de changer : vérifiez-le avant d'échanger."), code="stale"
        )
    first, second = current[first.pk], current[second.pk]
    if first.position_id != position.pk or second.position_id != position.pk:
        raise SetupRefused(_("Ces places ne sont pas de cette position."), code="other_position")
    if first.pk == second.pk:
        raise SetupRefused(
            _("Choisissez deux joueurs différents."), code="same_seat", field="second"
        )
    if position.closed_at or Deal.objects.filter(table__position=position).exists():
        raise SetupRefused(
            _("Des donnes ont déjà été jouées dans cette position : son placement est figé."),
            code="position_played",
        )
    # A player is seated once per position (a constraint checked at every row), so the two
    # seats are written again rather than updated one after the other.
    swapped = [
        Seat(
            position=position,
            table_id=first.table_id,
            place=first.place,
            registration_id=second.registration_id,
        ),
        Seat(
            position=position,
            table_id=second.table_id,
            place=second.place,
            registration_id=first.registration_id,
        ),
    ]
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    Seat.objects.bulk_create(swapped)


@transaction.atomic
def publish_seating(*, position: Position) -> Position:
    """Show a position's seating to the players; the tournament is then under way.

    A seating that no longer matches who plays the position (an arrival or a withdrawal
    since it was drawn) is refused, naming the players concerned.
    """
    # Under the lock that planning takes, so that a seating drawn again meanwhile is the one
    # checked and published.
    _locked_tournament(position.tournament)
    if not position.tables.exists():
        raise SetupRefused(_("Cette position n'est pas encore placée."), code="not_seated")
    changes = seating_changes(position=position)
    if changes.stale:
        raise SetupRefused(changes.message, code="seating_stale")
    position.seating_published_at = timezone.now()
    position.save(update_fields=["seating_published_at"])
    tournament = position.tournament
    if tournament.status == Tournament.Status.PREPARATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    return position


@dataclass(frozen=True)
class SeatingPlan:
    """A seated position as people read it: table by table, and every seat by player name."""

    position: Position
    tables: list[tuple[Table, list[Seat]]]

    @property
    def seats(self) -> list[Seat]:
        return [seat for _table, seats in self.tables for seat in seats]

    @property
    def by_name(self) -> list[Seat]:
        return by_name(self.seats, player=seat_player)


def seating_plan(*, position: Position) -> SeatingPlan:
    order = {place: index for index, place in enumerate(PLACES_BY_TABLE_SIZE[5])}
    tables = {table.pk: table for table in position.tables.order_by("number")}
    seats: dict[int, list[Seat]] = {pk: [] for pk in tables}
    for seat in position.seats.select_related("registration__player", "registration__team"):
        seat.table = tables[seat.table_id]
        seats[seat.table_id].append(seat)
    return SeatingPlan(
        position=position,
        tables=[
            (table, sorted(seats[table.pk], key=lambda seat: order[seat.place]))
            for table in tables.values()
        ],
    )
