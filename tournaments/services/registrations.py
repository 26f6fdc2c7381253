"""The players of a tournament: registering and correcting them, their teams, check-in on the
day, late arrivals and withdrawals.

Players form one directory, keyed by licence, shared by every club: the same person plays
many tournaments. A club finds only the players it may see, and a player's name, licence and
club change only where no other club shows them (docs, « Players, clubs and tenancy »).
Positions already under way never change: arrivals and departures take effect from the first
position not started.
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.services.players import corrected_player, new_player, refuse_licence_taken
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.names import same_name
from common.refusals import Refused
from tournaments.choices import Formula
from tournaments.models import Registration, Team, Tournament
from tournaments.selectors.registrations import (
    last_played_position_number,
    next_participant_number,
    players_visible_to,
    seen_in_another_club,
)
from tournaments.services import journal
from tournaments.services.homonyms import refuse_homonym

PARTICIPANT_NUMBER_MAX = 32767  # The database keeps them in a small integer.

# What the journal keeps of a participant, before and after a change.
PLAYER_FIELDS = ("last_name", "first_name", "licence", "club")
REGISTRATION_FIELDS = ("number", "team", "checked_in", "joins_from", "withdrawn_from")


def participant_fields(registration: Registration) -> dict:
    return {
        **fields_of(registration.player, PLAYER_FIELDS),
        **fields_of(registration, REGISTRATION_FIELDS),
    }


def known_player(*, licence: str, last_name: str, club_id: int) -> Player | None:
    """The player of licence ``licence`` that the club may see, or None for a new player.

    A licence held by a player the club may see names that player, and is refused under
    another last name (naming them). A licence held only by players the club may not see is
    treated as a licence nobody holds: nothing says it is known, nor by whom (see
    ``clubs.services.players.new_player``).
    """
    if not licence:
        return None
    holder = (
        players_visible_to(club_ids=[club_id])
        .filter(licence=licence)
        .order_by("licence_pending", "pk")
        .first()
    )
    if holder is not None and not same_name(last_name, holder.last_name):
        refuse_licence_taken(licence, holder)
    return holder


def _refuse_unknown_player() -> None:
    # The words of a form's unknown choice: a forged id learns nothing of who it names.
    raise Refused(_("Joueur inconnu."), code="unknown_player", field="player")


def check_open_for_registration(tournament: Tournament) -> None:
    """A finished tournament takes no new player: its ranking is final (a late arrival
    joins a tournament under way, never one that is over)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused(
            _(
                "Le tournoi est terminé et son classement définitif : on n'y inscrit plus "
                "de joueur."
            ),
            code="finished",
        )


def _check_team(*, tournament: Tournament, team: Team | None, joining: int = 1) -> None:
    if team is None:
        return
    if tournament.formula == Formula.INDIVIDUAL:
        raise Refused(
            _("Le tournoi est individuel : il n'a pas d'équipes."), code="no_teams", field="team"
        )
    if team.tournament_id != tournament.pk:
        raise Refused(_("Équipe inconnue."), code="unknown_team", field="team")
    if team.registrations.count() + joining > tournament.team_size:
        raise Refused(
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
        raise Refused(message, code="conflict", field="number") from error


@retry_once_on_conflict
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
    another_person: bool = False,
    entered_online: bool = False,
    by: Actor,
) -> Registration:
    """Register a known ``player``, or a new one from their name, licence and club.

    A licence already known names the same player (never a second one); a new player under
    the name of one the club may see is refused until the arbitre says it is
    ``another_person`` (``refuse_homonym``); the participant number is the next free one
    unless given. A ``player`` who ``entered_online`` (entries/) was found by the licence they
    typed themselves, in the whole directory: the club need not have seen them before.
    """
    check_open_for_registration(tournament)
    if player is None:
        last_name, first_name, licence = last_name.strip(), first_name.strip(), licence.strip()
        player = known_player(licence=licence, last_name=last_name, club_id=tournament.club_id)
        if player is None and not another_person:
            refuse_homonym(
                club_id=tournament.club_id,
                last_name=last_name,
                first_name=first_name,
                licence=licence,
            )
    elif (
        not entered_online
        and not players_visible_to(club_ids=[tournament.club_id]).filter(pk=player.pk).exists()
    ):
        _refuse_unknown_player()
    if player is not None and tournament.registrations.filter(player=player).exists():
        raise Refused(
            _("%(player)s figure déjà parmi les participants de ce tournoi.") % {"player": player},
            code="already_registered",
            field="licence",
        )
    _check_team(tournament=tournament, team=team)
    if number is None:
        number = next_participant_number(tournament=tournament)
        if number > PARTICIPANT_NUMBER_MAX:
            raise Refused(
                _("Plus de n° de participant libre après %(max)s : indiquez-en un.")
                % {"max": PARTICIPANT_NUMBER_MAX},
                code="number_taken",
                field="number",
            )
    elif tournament.registrations.filter(number=number).exists():
        raise Refused(
            _("Le n° de participant %(number)s est déjà pris.") % {"number": number},
            code="number_taken",
            field="number",
        )
    if player is None:
        player = new_player(last_name=last_name, first_name=first_name, licence=licence, club=club)
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
        _point(registration, present=True)
    journal.record_change(
        action=journal.Action.REGISTRATION_REGISTERED,
        by=by,
        subject=registration,
        before={},
        after=participant_fields(registration),
    )
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
    by: Actor,
) -> Registration:
    """Correct a participant: the player's name, licence and club, their number and team.

    The player is one person across tournaments, and one record: a corrected name shows in
    every tournament that names them, of this club or another, and the registration keeps its
    record whether or not another club lists the player privately (its members, its
    unpublished evenings), so that nothing tells this club of them. Only where this club may
    see them in another club (a published tournament) is the record kept as it is: a
    correction that keeps the licence is refused, one that changes it gives the registration a
    record of its own. A licence another player holds is refused naming them when the club may
    see them, and otherwise kept as typed, « à rapprocher »
    (``clubs.services.players.new_player``).
    """
    tournament = registration.tournament
    player = registration.player
    before = participant_fields(registration)
    licence = licence.strip()
    if licence:
        holder = (
            players_visible_to(club_ids=[tournament.club_id])
            .filter(licence=licence)
            .exclude(pk=player.pk)
            .first()
        )
        if holder is not None:
            refuse_licence_taken(licence, holder)
    identity = (last_name.strip(), first_name.strip(), licence, club.strip())
    changed = identity != (player.last_name, player.first_name, player.licence, player.club)
    # The record itself is corrected, whoever else lists the player privately; this
    # registration's own record only where another club's published evening shows them.
    player = corrected_player(
        player=player,
        last_name=identity[0],
        first_name=identity[1],
        licence=licence,
        club=identity[3],
        seen=changed and seen_in_another_club(player, club_id=tournament.club_id),
    )
    if number is not None and number != registration.number:
        if tournament.registrations.filter(number=number).exists():
            raise Refused(
                _("Le n° de participant %(number)s est déjà pris.") % {"number": number},
                code="number_taken",
                field="number",
            )
        registration.number = number
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
    journal.record_change(
        action=journal.Action.REGISTRATION_UPDATED,
        by=by,
        subject=registration,
        before=before,
        after=participant_fields(registration),
    )
    return registration


@transaction.atomic
def unregister_player(*, registration: Registration, by: Actor) -> None:
    """Take a player off the list, which is only possible before they were ever seated, and
    while the register of penalties names them nowhere (it never forgets one, even cancelled:
    a player seated, penalised, pointed absent and seated out again stays on the list)."""
    if registration.seats.exists():
        raise Refused(
            _("%(player)s a déjà été placé : déclarez plutôt un retrait.")
            % {"player": registration.player},
            code="already_seated",
        )
    if registration.penalties.exists():
        raise Refused(
            _(
                "%(player)s figure au registre des pénalités, qui garde chaque pénalité même "
                "annulée : son inscription reste. Pointez-le absent s'il ne joue pas."
            )
            % {"player": registration.player},
            code="has_penalties",
        )
    before = participant_fields(registration)
    journal.record(
        tournament=registration.tournament,
        action=journal.Action.REGISTRATION_UNREGISTERED,
        by=by,
        subject=registration,
        before=before,
    )
    registration.delete()


@transaction.atomic
def create_team(
    *, tournament: Tournament, name: str, members: Sequence[Registration] = (), by: Actor
) -> Team:
    """A team of a DUO or quadrette tournament, with its members if given."""
    if tournament.formula == Formula.INDIVIDUAL:
        raise Refused(
            _("Le tournoi est individuel : il n'a pas d'équipes."), code="no_teams", field="name"
        )
    name = name.strip()
    if not name:
        raise Refused(_("Donnez un nom à l'équipe."), code="required", field="name")
    if tournament.teams.filter(name__iexact=name).exists():
        raise Refused(
            _("L'équipe %(team)s existe déjà.") % {"team": name}, code="team_exists", field="name"
        )
    if len(members) > tournament.team_size:
        raise Refused(
            _("Une équipe compte %(size)s joueurs au plus.") % {"size": tournament.team_size},
            code="team_full",
            field="members",
        )
    team = Team.objects.create(tournament=tournament, name=name)
    for registration in members:
        _join_team(registration, team)
    journal.record(
        tournament=tournament,
        action=journal.Action.TEAM_CREATED,
        by=by,
        subject=team,
        after={"name": team.name, "members": [str(member) for member in members]},
    )
    return team


def _join_team(registration: Registration, team: Team | None) -> None:
    if team is not None and team.pk != registration.team_id:
        _check_team(tournament=registration.tournament, team=team)
    registration.team = team
    registration.save(update_fields=["team"])


@transaction.atomic
def set_team(*, registration: Registration, team: Team | None, by: Actor) -> Registration:
    """Put a participant in ``team`` (or in none)."""
    before = fields_of(registration, ["team"])
    _join_team(registration, team)
    journal.record(
        tournament=registration.tournament,
        action=journal.Action.TEAM_CHANGED,
        by=by,
        subject=registration,
        before=before,
        after=fields_of(registration, ["team"]),
    )
    return registration


@transaction.atomic
def delete_team(*, team: Team, by: Actor) -> None:
    """Remove a team; its members stay registered, without a team."""
    members = [str(member) for member in team.registrations.select_related("player")]
    journal.record(
        tournament=team.tournament,
        action=journal.Action.TEAM_DELETED,
        by=by,
        subject=team,
        before={"name": team.name, "members": members},
    )
    team.registrations.update(team=None)
    team.delete()


def first_open_position(*, tournament: Tournament) -> int:
    """The first position where nothing was played yet: arrivals and departures start there.

    Positions already under way never change; a position seated but not started yet can be
    seated again to take the change in (the placement screen says so).
    """
    number = last_played_position_number(tournament=tournament) + 1
    if number > tournament.positions_count:
        raise Refused(
            _("Toutes les positions ont commencé : plus d'arrivée ni de retrait possible."),
            code="all_positions_started",
        )
    return number


@retry_once_on_conflict
@transaction.atomic
def check_in(*, registration: Registration, present: bool, by: Actor) -> Registration:
    """Point a player present (or absent) on the day.

    Once play has started, a player pointed present is a late arrival and plays from the
    first position not started yet; a player who sat at a position already under way cannot
    be pointed absent, only withdrawn, so that the positions they played stay as they were.
    """
    before = participant_fields(registration)
    _point(registration, present=present)
    if participant_fields(registration) == before:
        return registration  # pointed as they already were: nothing to keep
    if not present:
        action = journal.Action.REGISTRATION_CHECKED_OUT
    elif registration.joins_from:
        action = journal.Action.REGISTRATION_LATE
    else:
        action = journal.Action.REGISTRATION_CHECKED_IN
    journal.record_change(
        action=action,
        by=by,
        subject=registration,
        before=before,
        after=participant_fields(registration),
    )
    return registration


def _point(registration: Registration, *, present: bool) -> None:
    tournament = registration.tournament
    if present and not registration.checked_in:
        registration.checked_in = True
        number = first_open_position(tournament=tournament)
        registration.joins_from = number if number > 1 else None
    elif not present and registration.checked_in:
        played = last_played_position_number(tournament=tournament)
        if registration.seats.filter(position__number__lte=played).exists():
            raise Refused(
                _("%(player)s a déjà joué : déclarez plutôt un retrait.")
                % {"player": registration.player},
                code="already_played",
            )
        registration.checked_in = False
        registration.joins_from = None
    registration.save(update_fields=["checked_in", "joins_from"])


@retry_once_on_conflict
@transaction.atomic
def withdraw_player(*, registration: Registration, by: Actor) -> Registration:
    """A player leaves: not seated from the first position not started, keeping their points."""
    if registration.withdrawn_from is not None:
        return registration
    before = participant_fields(registration)
    registration.withdrawn_from = first_open_position(tournament=registration.tournament)
    registration.save(update_fields=["withdrawn_from"])
    journal.record_change(
        action=journal.Action.REGISTRATION_WITHDRAWN,
        by=by,
        subject=registration,
        before=before,
        after=participant_fields(registration),
    )
    return registration


@retry_once_on_conflict
@transaction.atomic
def cancel_withdrawal(*, registration: Registration, by: Actor) -> Registration:
    """Undo a withdrawal; the player comes back from the first position not started."""
    if registration.withdrawn_from is None:
        return registration
    before = participant_fields(registration)
    number = first_open_position(tournament=registration.tournament)
    if registration.withdrawn_from < number:
        # They missed positions already under way: they come back as a late arrival would.
        registration.joins_from = max(registration.joins_from or 1, number)
    registration.withdrawn_from = None
    registration.save(update_fields=["withdrawn_from", "joins_from"])
    journal.record_change(
        action=journal.Action.REGISTRATION_RETURNED,
        by=by,
        subject=registration,
        before=before,
        after=participant_fields(registration),
    )
    return registration
