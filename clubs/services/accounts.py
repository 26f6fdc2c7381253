"""Accounts for a tournament's team (« arbitre de salle », « pointeur »), made by one of the
club's arbitres: a login, and a one-time link to choose the password (Django's password
reset token: it is spent once the password is set, and lapses after
``PASSWORD_RESET_TIMEOUT``). No email: the arbitre hands the link over."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from clubs.models import Club, ClubAction
from clubs.services.journal import record
from common.actors import Actor
from common.refusals import Refused, clean_or_refuse


@transaction.atomic
def create_account(
    *, club: Club, username: str, first_name: str = "", last_name: str = "", by: Actor
) -> AbstractBaseUser:
    """A new account with no password yet: it cannot log in until its holder sets one
    through ``password_link``."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    User = get_user_model()
    username = (username or "").strip()
    if User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": username}).exists():
        raise Refused(
            _("Un compte porte déjà l'identifiant « %(username)s ».") % {"username": username},
            field="username",
            code="taken",
        )
    user = User(username=username, first_name=first_name.strip(), last_name=last_name.strip())
    user.set_unusable_password()
    clean_or_refuse(user)
    user.save()
    record(
        club=club,
        action=ClubAction.ACCOUNT_CREATED,
        by=by,
        subject=user,
        after={"account": user.get_username()},
    )
    return user


def password_link(user: AbstractBaseUser) -> str:
    """The path of the one-time page where ``user`` chooses their password."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("account_password", args=[uid, token])
