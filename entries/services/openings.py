"""What a tournament offers online: its opening and closing times, capacity, who may enter and
the note on the form; closing it early. A place freed by a larger capacity goes to the waiting
list's first (``entries.promote_waiting``)."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.journal import fields_of
from common.refusals import Refused, clean_or_refuse
from entries.models import Opening
from entries.services import journal
from entries.services.entries import promote_waiting
from tournaments.models import Tournament

OPENING_FIELDS = ("opens_at", "closes_at", "capacity", "eligibility", "note")


@transaction.atomic
def set_opening(
    *,
    tournament: Tournament,
    opens_at: datetime.datetime,
    closes_at: datetime.datetime,
    capacity: int | None,
    eligibility: str,
    note: str = "",
    by: Actor,
) -> Opening:
    """Open (or change) the tournament's online registration."""
    opening = Opening.objects.select_for_update().filter(tournament=tournament).first()
    before = fields_of(opening, OPENING_FIELDS) if opening is not None else {}
    if opening is None:
        opening = Opening(tournament=tournament)
    opening.opens_at, opening.closes_at = opens_at, closes_at
    opening.capacity, opening.eligibility, opening.note = capacity, eligibility, note.strip()
    clean_or_refuse(opening)
    opening.save()
    journal.record(
        tournament=tournament,
        action=journal.Action.OPENING_SET,
        by=by,
        subject=opening,
        before=before,
        after=fields_of(opening, OPENING_FIELDS),
    )
    promote_waiting(tournament=tournament, by=by)
    return opening


@transaction.atomic
def close_opening_early(*, tournament: Tournament, by: Actor) -> Opening:
    """Close the online registration now, before its closing time."""
    opening = Opening.objects.select_for_update().filter(tournament=tournament).first()
    now = timezone.now()
    if opening is None or opening.closes_at <= now:
        raise Refused(_("Les inscriptions en ligne sont déjà closes."), code="closed")
    before = fields_of(opening, ["opens_at", "closes_at"])
    # Not open yet: it opens and closes in the same second, and never takes an entry.
    opening.opens_at = min(opening.opens_at, now - datetime.timedelta(seconds=1))
    opening.closes_at = now
    opening.save(update_fields=["opens_at", "closes_at"])
    journal.record(
        tournament=tournament,
        action=journal.Action.OPENING_CLOSED,
        by=by,
        subject=opening,
        before=before,
        after=fields_of(opening, ["opens_at", "closes_at"]),
    )
    return opening
