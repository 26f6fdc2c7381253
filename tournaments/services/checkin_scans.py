"""A player checked in by the QR code of their card or e-mail, scanned at the door (docs,
« Pointage par QR code »): checked in at once, or told when they already were."""

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.refusals import Refused
from tournaments.models import Registration
from tournaments.selectors.checkin import checked_in_at
from tournaments.services.registrations import check_in


@dataclass(frozen=True)
class Scanned:
    """What a scan did: ``already`` when the player was checked in before, at ``at``."""

    registration: Registration
    already: bool
    at: datetime.datetime | None


@retry_once_on_conflict
@transaction.atomic
def check_in_scanned(*, registration: Registration, by: Actor) -> Scanned:
    """Check in the player of a scanned link; scanned again (at another door, a second time),
    nothing changes and the answer says since when they are present. A withdrawn player is
    not checked in by a scan: the arbitre decides."""
    locked = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("player", "tournament")
        .get(pk=registration.pk)
    )
    if locked.withdrawn_from is not None:
        raise Refused(
            _("%(player)s s'est retiré(e) du tournoi : voyez l'arbitre.")
            % {"player": locked.player},
            code="withdrawn",
        )
    if locked.checked_in:
        return Scanned(registration=locked, already=True, at=checked_in_at(locked))
    check_in(registration=locked, present=True, by=by)
    return Scanned(registration=locked, already=False, at=None)
