"""A club's writes: the club itself, its arbitres, its members, and an evening filled from
its members. Each one is a service in one transaction, journalled in the club's journal
(``clubs.services.journal.record``), or in the tournament's for the registrations.

A member's name and licence are the player's, in the directory shared by every club: they
change from here only where no other club shows that player (the rule of
``registrations.update_registration``), and a licence typed is resolved as a registration
resolves it (``registrations.known_player``).
"""

from collections.abc import Callable, Sequence

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.actors import Actor
from clubs.models import Club, Member, Player
from clubs.services import journal
from clubs.services.errors import Refused, clean_or_refuse
from clubs.services.players import licence_held_elsewhere, new_player
from tournaments.models import Registration, Tournament
from tournaments.selectors.registrations import players_visible_to, shown_by_another_club
from tournaments.services.registrations import known_player, register_player

CLUB_FIELDS = ("name", "town")
MEMBER_FIELDS = ("last_name", "first_name", "licence")
USERNAME_MAX_LENGTH = 150


def _one_line(text: str) -> str:
    """What is typed, on one line: every run of blanks (tabs, non-breaking spaces) one space."""
    return " ".join((text or "").split())


def _club_fields(*, name: str, town: str) -> tuple[str, str]:
    name, town = _one_line(name), _one_line(town)
    if not name:
        raise Refused(_("Donnez un nom au club."), code="required", field="name")
    return name, town


@transaction.atomic
def create_club(*, name: str, town: str = "", by: Actor) -> Club:
    """A new club, whose first arbitre is the account that creates it."""
    name, town = _club_fields(name=name, town=town)
    club = Club(name=name, town=town)
    clean_or_refuse(club)
    club.save()
    if by.user is not None:
        club.arbitres.add(by.user)
    journal.record(
        club=club,
        action=journal.Action.CLUB_CREATED,
        by=by,
        subject=club,
        after={**journal.fields_of(club, CLUB_FIELDS), "arbitres": _arbitre_names(club)},
    )
    return club


@transaction.atomic
def update_club(*, club: Club, name: str, town: str = "", by: Actor) -> Club:
    """Rename the club, or change its town."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = journal.fields_of(club, CLUB_FIELDS)
    club.name, club.town = _club_fields(name=name, town=town)
    clean_or_refuse(club)
    club.save(update_fields=list(CLUB_FIELDS))
    journal.record(
        club=club,
        action=journal.Action.CLUB_UPDATED,
        by=by,
        subject=club,
        before=before,
        after=journal.fields_of(club, CLUB_FIELDS),
    )
    return club


def _arbitre_names(club: Club) -> list[str]:
    return sorted(user.get_username() for user in club.arbitres.all())


def _account_label(user: AbstractBaseUser) -> str:
    full_name = user.get_full_name()
    return f"{full_name} ({user.get_username()})" if full_name else user.get_username()


@transaction.atomic
def add_arbitre(*, club: Club, username: str, by: Actor) -> AbstractBaseUser:
    """Make the account ``username`` an arbitre of the club: they run all its tournaments."""
    username = (username or "").strip()
    if not username:
        raise Refused(_("Indiquez l'identifiant du compte."), code="required", field="username")
    # The club's row first, as every write to the club: two arbitres added at once take turns.
    club = Club.objects.select_for_update().get(pk=club.pk)
    user = (
        get_user_model()
        .objects.filter(**{get_user_model().USERNAME_FIELD: username[:USERNAME_MAX_LENGTH]})
        .first()
    )
    if user is None or not user.is_active:
        raise Refused(
            _("Aucun compte ne porte l'identifiant « %(username)s ».") % {"username": username},
            code="unknown_account",
            field="username",
        )
    if club.arbitres.filter(pk=user.pk).exists():
        raise Refused(
            _("%(account)s est déjà arbitre du club.") % {"account": _account_label(user)},
            code="already_arbitre",
            field="username",
        )
    _change_arbitres(
        club, lambda: club.arbitres.add(user), action=journal.Action.CLUB_ARBITRE_ADDED, by=by
    )
    return user


@transaction.atomic
def remove_arbitre(*, club: Club, user: AbstractBaseUser, by: Actor) -> None:
    """Take an account off the club's arbitres; the club keeps one at least."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if not club.arbitres.filter(pk=user.pk).exists():
        raise Refused(
            _("%(account)s n'est pas arbitre du club.") % {"account": _account_label(user)},
            code="not_arbitre",
        )
    if club.arbitres.count() == 1:
        raise Refused(
            _(
                "%(account)s est le dernier arbitre du club : ajoutez-en un autre avant de le "
                "retirer."
            )
            % {"account": _account_label(user)},
            code="last_arbitre",
        )
    _change_arbitres(
        club, lambda: club.arbitres.remove(user), action=journal.Action.CLUB_ARBITRE_REMOVED, by=by
    )


def _change_arbitres(club: Club, change: Callable[[], None], *, action, by: Actor) -> None:
    """Make ``change`` to the club's arbitres and journal them as they were and are."""
    before = {"arbitres": _arbitre_names(club)}
    change()
    journal.record(
        club=club,
        action=action,
        by=by,
        subject=club,
        before=before,
        after={"arbitres": _arbitre_names(club)},
    )


def _member_fields(member: Member) -> dict:
    return journal.fields_of(member.player, MEMBER_FIELDS)


def _refuse_unknown_player() -> None:
    # The same words as a form's unknown choice: a forged id learns nothing.
    raise Refused(_("Joueur inconnu."), code="unknown_player", field="player")


@transaction.atomic
def add_member(
    *,
    club: Club,
    player: Player | None = None,
    last_name: str = "",
    first_name: str = "",
    licence: str = "",
    by: Actor,
) -> Member:
    """Make a player a member of the club: a known ``player`` the club may see, or a player
    typed in (a licence already known names the same player, as for a registration)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if player is not None:
        if not players_visible_to(club_ids=[club.pk]).filter(pk=player.pk).exists():
            _refuse_unknown_player()
    else:
        last_name, first_name, licence = (
            _one_line(last_name),
            _one_line(first_name),
            _one_line(licence),
        )
        if not last_name:
            raise Refused(_("Le nom est obligatoire."), code="required", field="last_name")
        if not first_name:
            raise Refused(_("Le prénom est obligatoire."), code="required", field="first_name")
        player = known_player(licence=licence, last_name=last_name, club_id=club.pk)
        if player is None:
            player = new_player(
                last_name=last_name, first_name=first_name, licence=licence, club=club.name
            )
    if club.members.filter(player=player).exists():
        raise Refused(
            _("%(player)s est déjà membre du club.") % {"player": player},
            code="already_member",
            field="last_name",
        )
    try:
        with transaction.atomic():
            member = Member.objects.create(club=club, player=player)
    except IntegrityError as error:
        raise Refused(
            _("%(player)s vient d'être ajouté au club.") % {"player": player},
            code="conflict",
            field="last_name",
        ) from error
    journal.record(
        club=club,
        action=journal.Action.MEMBER_ADDED,
        by=by,
        subject=member,
        after=_member_fields(member),
    )
    return member


@transaction.atomic
def update_member(
    *, member: Member, last_name: str, first_name: str, licence: str = "", by: Actor
) -> Member:
    """Correct a member's name or licence.

    The player is one person across clubs: where another club shows them (its tournaments, its
    members), their record never changes from here; a correction that keeps their licence is
    refused, one that drops or changes it gives the member a record of their own.
    """
    club = Club.objects.select_for_update().get(pk=member.club_id)
    member = Member.objects.select_related("player").get(pk=member.pk)
    before = _member_fields(member)
    last_name, first_name, licence = _one_line(last_name), _one_line(first_name), _one_line(licence)
    if not last_name:
        raise Refused(_("Le nom est obligatoire."), code="required", field="last_name")
    if not first_name:
        raise Refused(_("Le prénom est obligatoire."), code="required", field="first_name")
    player = member.player
    if (last_name, first_name, licence) == (player.last_name, player.first_name, player.licence):
        return member
    if licence and licence != player.licence:
        holder = known_player(licence=licence, last_name=last_name, club_id=club.pk)
        if holder is not None and holder.pk != player.pk:
            raise Refused(
                _("Le n° de licence %(licence)s est déjà celui de %(player)s.")
                % {"licence": licence, "player": holder},
                code="licence_taken",
                field="licence",
            )
    if shown_by_another_club(player, club_id=club.pk):
        if licence and licence == player.licence:
            raise Refused(
                _(
                    "%(player)s figure aussi dans un autre club : son nom ne se corrige pas "
                    "ici. Demandez-le à l'administrateur."
                )
                % {"player": player},
                code="shared_player",
                field="last_name",
            )
        # The member's own record, so that the other club keeps showing theirs; the club's
        # tournaments follow the member.
        own = new_player(
            last_name=last_name, first_name=first_name, licence=licence, club=club.name
        )
        Registration.objects.filter(player=player, tournament__club=club).update(player=own)
        member.player = own
        member.save(update_fields=["player"])
    else:
        player.last_name, player.first_name = last_name, first_name
        player.licence = licence
        player.licence_pending = licence_held_elsewhere(licence, player=player)
        clean_or_refuse(player)
        try:
            with transaction.atomic():
                player.save()
        except IntegrityError as error:
            raise Refused(
                _("Ce n° de licence vient d'être pris ; réessayez."),
                code="conflict",
                field="licence",
            ) from error
    journal.record(
        club=club,
        action=journal.Action.MEMBER_UPDATED,
        by=by,
        subject=member,
        before=before,
        after=_member_fields(member),
    )
    return member


@transaction.atomic
def remove_member(*, member: Member, by: Actor) -> None:
    """Take a player off the club's members; the evenings they played keep them."""
    club = Club.objects.select_for_update().get(pk=member.club_id)
    before = _member_fields(member)
    journal.record(
        club=club, action=journal.Action.MEMBER_REMOVED, by=by, subject=member, before=before
    )
    member.delete()


@transaction.atomic
def register_members(
    *, tournament: Tournament, players: Sequence[Player], by: Actor
) -> list[Registration]:
    """Register each of ``players`` (ticked on the players page) not yet registered, through
    the registration service, all of them or none."""
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    return [
        register_player(tournament=tournament, player=player, by=by)
        for player in players
        if player.pk not in registered
    ]
