"""The penalties register: points the arbitre takes off a participant, for one position.

Penalties stand outside the sheets: a sheet still sums to zero, and the ranking subtracts the
penalties from the player's total. A penalty is never deleted; cancelling one keeps it in the
register, marked cancelled with who and when (as mahjong's Pantheon keeps its penalties).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused
from tournaments.models import Penalty, Position, Registration
from tournaments.services import journal
from tournaments.services.errors import required_reason

# A bound far above any penalty a tournament gives, so that a slip of the finger (10 000
# typed for 100) is refused rather than silently ruining a ranking.
MAX_PENALTY_POINTS = 5000


@retry_once_on_conflict
@transaction.atomic
def add_penalty(
    *,
    registration: Registration,
    position: Position,
    points: int,
    reason: str,
    by: Actor,
) -> Penalty:
    """Take ``points`` (a positive number) off a participant for one position, with a reason."""
    arbitre = _arbitre_account(by)
    if position.tournament_id != registration.tournament_id:
        raise Refused(
            _("Ce joueur et cette position ne sont pas du même tournoi."), code="other_tournament"
        )
    if (
        isinstance(points, bool)
        or not isinstance(points, int)
        or not 1 <= points <= (MAX_PENALTY_POINTS)
    ):
        raise Refused(
            _("Une pénalité retire de 1 à %(max)s points.") % {"max": MAX_PENALTY_POINTS},
            field="points",
            code="points",
        )
    # A penalty counts in the ranking, which ranks the players seated: one for a position the
    # player did not sit would be taken off nobody's total.
    if not position.seats.filter(registration=registration).exists():
        raise Refused(
            _("%(player)s n'a pas de place à la position %(number)s : aucune pénalité n'y compte.")
            % {"player": registration.player, "number": position.number},
            field="registration",
            code="not_seated",
        )
    reason = required_reason(reason, missing=_("Donnez le motif de la pénalité."))
    penalty = Penalty.objects.create(
        registration=registration, position=position, points=points, reason=reason, arbitre=arbitre
    )
    journal.record_change(
        action=journal.Action.PENALTY_ADDED,
        by=by,
        position=penalty.position,
        subject=penalty,
        before={},
        after=_penalty_fields(penalty),
    )
    return penalty


def _arbitre_account(by: Actor):
    """The register keeps the arbitre's account that gave or cancelled a penalty: only an
    arbitre, signed in, does either."""
    if by.user is None:
        raise Refused(
            _("Seul l'arbitre, connecté à son compte, donne ou annule une pénalité."),
            code="not_arbitre",
        )
    return by.user


def _penalty_fields(penalty: Penalty) -> dict:
    return {**fields_of(penalty, ["points", "reason"]), "cancelled": penalty.is_cancelled}


@retry_once_on_conflict
@transaction.atomic
def cancel_penalty(*, penalty: Penalty, by: Actor) -> Penalty:
    """Cancel a penalty: it stays in the register, marked cancelled, and no longer counts.

    Cancelling one already cancelled changes nothing (a double tap keeps the first who/when).
    """
    arbitre = _arbitre_account(by)
    penalty = (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("position__tournament", "registration__player")
        .get(pk=penalty.pk)
    )
    if penalty.cancelled_at is None:
        before = _penalty_fields(penalty)
        penalty.cancelled_at = timezone.now()
        penalty.cancelled_by = arbitre
        penalty.save(update_fields=["cancelled_at", "cancelled_by"])
        journal.record_change(
            action=journal.Action.PENALTY_CANCELLED,
            by=by,
            position=penalty.position,
            subject=penalty,
            before=before,
            after=_penalty_fields(penalty),
        )
    return penalty
