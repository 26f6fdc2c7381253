"""A club's evenings: its members' « je viens » / « je ne viens pas » from their page, and the
reminder of the day before to every player registered."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from common.actors import Actor
from common.journal import fields_of
from common.refusals import Refused
from entries.models import LIVE, Eligibility, Entry, EntryStatus
from entries.selectors.entries import closed_reason
from entries.services import journal
from entries.services.entries import (
    ALREADY,
    CLOSED,
    ENTRY_FIELDS,
    _enter,
    _leave,
    _locked_opening,
    _member_of_club,
)
from entries.tasks import send_after_commit
from tournaments.models import Tournament


@transaction.atomic
def answer_evening(
    *, tournament: Tournament, player: Player, email: str, coming: bool, by: Actor
) -> Entry:
    """A club member's answer for one of the club's evenings: « je viens » enters them (or the
    waiting list), « je ne viens pas » takes their entry off, or says so."""
    if not _member_of_club(player, tournament):
        raise Refused(_("Cette soirée est celle d'un club dont vous n'êtes pas membre."))
    opening = _locked_opening(tournament)
    reason = closed_reason(opening, tournament, timezone.now())
    if reason:
        raise Refused(str(CLOSED[reason]), code="closed")
    live = Entry.objects.filter(tournament=tournament, player=player, status__in=LIVE).first()
    if coming and opening.eligibility == Eligibility.LICENSED and not player.licence:
        raise Refused(
            _(
                "Cette soirée est réservée aux licenciés FFT : votre fiche n'a pas de n° de "
                "licence."
            ),
            code="licence_required",
        )
    if coming:
        if live is not None or tournament.registrations.filter(player=player).exists():
            raise Refused(str(ALREADY), code="already_registered")
        return _enter(
            tournament=tournament,
            opening=opening,
            player=player,
            typed={
                "last_name": player.last_name,
                "first_name": player.first_name,
                "licence": player.licence,
                "club": player.club,
                "email": email,
            },
            by=by,
        )
    if live is not None:
        return _leave(live, status=EntryStatus.DECLINED, action=journal.Action.DECLINED, by=by)
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        last_name=player.last_name,
        first_name=player.first_name,
        licence=player.licence,
        club=player.club,
        email=email,
        status=EntryStatus.DECLINED,
    )
    journal.record(
        tournament=tournament,
        action=journal.Action.DECLINED,
        by=by,
        subject=entry,
        after=fields_of(entry, ENTRY_FIELDS),
    )
    return entry


@transaction.atomic
def mark_reminded(*, entries: list[Entry], by: Actor) -> list[Entry]:
    """The reminders of the day before: each entry once, its e-mail after the commit."""
    ids = [entry.pk for entry in entries]
    locked = list(
        Entry.objects.select_for_update(skip_locked=True)
        .filter(pk__in=ids, reminded_at__isnull=True, status=EntryStatus.REGISTERED)
        .select_related("tournament")
    )
    now = timezone.now()
    for entry in locked:
        entry.reminded_at = now
        entry.save(update_fields=["reminded_at"])
        journal.record(
            tournament=entry.tournament,
            action=journal.Action.REMINDED,
            by=by,
            subject=entry,
            after=fields_of(entry, ["reminded_at"]),
        )
        send_after_commit(entry, "reminder")
    return locked
