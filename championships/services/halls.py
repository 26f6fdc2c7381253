"""A championship's halls (« salles ») and the roles given for one tournament: adding and
removing a hall, giving and taking back the roles « arbitre de salle » and « pointeur ».
Only the club's arbitres call them (the views check it); each write is journalled."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from championships.models import Hall, TournamentRole
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.refusals import Refused, clean_or_refuse
from tournaments.models import Tournament
from tournaments.services import journal
from tournaments.services.locks import lock_tournament


@retry_once_on_conflict
@transaction.atomic
def add_hall(
    *, tournament: Tournament, name: str, first_table: int, last_table: int, by: Actor
) -> Hall:
    """A hall holding tables ``first_table`` to ``last_table``, which no other hall holds."""
    tournament = lock_tournament(tournament)
    name = " ".join(name.split())
    if not name:
        raise Refused(_("Donnez un nom à la salle."), field="name", code="name")
    overlapping = tournament.halls.filter(
        first_table__lte=last_table, last_table__gte=first_table
    ).first()
    if overlapping is not None:
        raise Refused(
            _("Les tables %(first)s à %(last)s sont déjà celles de la salle « %(hall)s ».")
            % {
                "first": overlapping.first_table,
                "last": overlapping.last_table,
                "hall": overlapping.name,
            },
            field="first_table",
            code="overlap",
        )
    highest = tournament.halls.order_by("-number").values_list("number", flat=True).first()
    hall = Hall(
        tournament=tournament,
        number=(highest or 0) + 1,
        name=name,
        first_table=first_table,
        last_table=last_table,
    )
    clean_or_refuse(hall)
    hall.save()
    journal.record(
        tournament=tournament,
        action=journal.Action.HALL_ADDED,
        by=by,
        subject=hall,
        after={"name": hall.name, "tables": f"{first_table}–{last_table}"},
    )
    return hall


@retry_once_on_conflict
@transaction.atomic
def remove_hall(*, hall: Hall, by: Actor) -> None:
    """Take a hall off the tournament; refused while an arbitre de salle holds it."""
    tournament = lock_tournament(hall.tournament)
    if hall.roles.exists():
        raise Refused(
            _("Un arbitre de salle tient cette salle : retirez-lui d'abord son rôle."),
            code="hall_staffed",
        )
    journal.record(
        tournament=tournament,
        action=journal.Action.HALL_REMOVED,
        by=by,
        subject=hall,
        before={"name": hall.name, "tables": f"{hall.first_table}–{hall.last_table}"},
    )
    hall.delete()


@retry_once_on_conflict
@transaction.atomic
def give_role(
    *, tournament: Tournament, username: str, role: str, hall: Hall | None, by: Actor
) -> TournamentRole:
    """Give the account ``username`` a role in ``tournament``: « arbitre de salle » of
    ``hall``, or « pointeur » (no hall)."""
    tournament = lock_tournament(tournament)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise Refused(
            _("Aucun compte ne porte l'identifiant « %(username)s ».") % {"username": username},
            field="username",
            code="no_account",
        )
    if tournament.club.arbitres.filter(pk=user.pk).exists():
        raise Refused(
            _("%(username)s est arbitre du club : il a déjà tous les droits sur le tournoi.")
            % {"username": user.get_username()},
            field="username",
            code="club_arbitre",
        )
    if hall is not None and hall.tournament_id != tournament.pk:
        raise Refused(_("Cette salle n'est pas de ce tournoi."), field="hall", code="other_hall")
    if role == TournamentRole.Kind.HALL_ARBITRE and hall is None:
        raise Refused(_("Un arbitre de salle a sa salle."), field="hall", code="no_hall")
    if role == TournamentRole.Kind.POINTEUR:
        hall = None
    if tournament.roles.filter(user=user).exists():
        raise Refused(
            _("%(username)s a déjà un rôle dans ce tournoi.") % {"username": user.get_username()},
            field="username",
            code="has_role",
        )
    given = TournamentRole(tournament=tournament, user=user, role=role, hall=hall)
    clean_or_refuse(given)
    given.save()
    journal.record(
        tournament=tournament,
        action=journal.Action.ROLE_GIVEN,
        by=by,
        subject=given,
        after={"account": user.get_username(), "role": given.get_role_display(), "hall": hall},
    )
    return given


@retry_once_on_conflict
@transaction.atomic
def remove_role(*, role: TournamentRole, by: Actor) -> None:
    tournament = lock_tournament(role.tournament)
    journal.record(
        tournament=tournament,
        action=journal.Action.ROLE_REMOVED,
        by=by,
        subject=role,
        before={
            "account": role.user.get_username(),
            "role": role.get_role_display(),
            "hall": role.hall,
        },
    )
    role.delete()
