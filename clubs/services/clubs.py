"""A club's writes: the club itself, its arbitres, and a member taken off its list. Each one
is a service in one transaction, journalled in the club's journal
(``clubs.services.journal.record``).

Adding a member and correcting one read which players the club may see, and that depends on
the tournaments they played: those two are ``tournaments.services.members``.
"""

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from clubs.services import journal
from common.actors import Actor
from common.journal import fields_of
from common.refusals import Refused, clean_or_refuse

CLUB_FIELDS = ("name", "town")
MEMBER_FIELDS = ("last_name", "first_name", "licence")
USERNAME_MAX_LENGTH = 150


def one_line(text: str) -> str:
    """What is typed, on one line: every run of blanks (tabs, non-breaking spaces) one space."""
    return " ".join((text or "").split())


def _club_fields(*, name: str, town: str) -> tuple[str, str]:
    name, town = one_line(name), one_line(town)
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
        after={**fields_of(club, CLUB_FIELDS), "arbitres": _arbitre_names(club)},
    )
    return club


@transaction.atomic
def update_club(*, club: Club, name: str, town: str = "", by: Actor) -> Club:
    """Rename the club, or change its town."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = fields_of(club, CLUB_FIELDS)
    club.name, club.town = _club_fields(name=name, town=town)
    clean_or_refuse(club)
    club.save(update_fields=list(CLUB_FIELDS))
    journal.record(
        club=club,
        action=journal.Action.CLUB_UPDATED,
        by=by,
        subject=club,
        before=before,
        after=fields_of(club, CLUB_FIELDS),
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


def member_email(email: str) -> str:
    """A member's address as the club keeps it: on one line, checked, or empty (none)."""
    email = "".join((email or "").split())
    if not email:
        return ""
    if len(email) > Member._meta.get_field("email").max_length:
        raise Refused(
            _("Adresse e-mail trop longue : 254 caractères au plus."), code="email", field="email"
        )
    try:
        validate_email(email)
    except ValidationError as error:
        raise Refused(
            _("Cette adresse e-mail ne semble pas valide : vérifiez-la."),
            code="email",
            field="email",
        ) from error
    return email


def member_fields(member: Member) -> dict:
    return fields_of(member.player, MEMBER_FIELDS) | fields_of(member, ["email"])


@transaction.atomic
def remove_member(*, member: Member, by: Actor) -> None:
    """Take a player off the club's members; the evenings they played keep them."""
    club = Club.objects.select_for_update().get(pk=member.club_id)
    before = member_fields(member)
    journal.record(
        club=club, action=journal.Action.MEMBER_REMOVED, by=by, subject=member, before=before
    )
    member.delete()
