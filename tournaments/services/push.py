"""« Me prévenir »: a phone subscribes to a player's notifications, or stops.

Journalled in the tournament's journal, by whoever asked (a visitor, mostly: the player's
phone has no account), with the player and the push service's host alone: never the phone's
address at that service nor its keys, which would let anyone reading the journal notify it.
These lines change nothing the tournament shows (``choices.QUIET_ACTIONS``). The number of
phones per player is bounded, so that nobody fills the table from a script.
"""

import base64
import binascii
from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext as _

from common.actors import Actor
from common.refusals import Refused
from tournaments.models import JournalEntry, PushSubscription, Registration
from tournaments.push.endpoints import allowed_endpoint, push_enabled
from tournaments.services.journal import record

Action = JournalEntry.Action

# Who forgets a phone its push service no longer knows, in the journal, and why.
NOTIFICATIONS = Actor.running("envoi des notifications")

PHONES_PER_PLAYER = 10
P256DH_BYTES = 65  # an uncompressed P-256 point
AUTH_BYTES = 16


def _decoded_length(value: str) -> int | None:
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return None


@transaction.atomic
def subscribe_phone(
    *, registration: Registration, endpoint: str, p256dh: str, auth: str, by: Actor
) -> PushSubscription:
    """Subscribe the phone (its push service's ``endpoint`` and its keys) to the notifications
    of ``registration``; a phone already subscribed keeps its one subscription, keys renewed."""
    if not push_enabled():
        raise Refused(_("Les notifications ne sont pas proposées sur ce site."), code="disabled")
    if len(endpoint) > 1000 or not allowed_endpoint(endpoint):
        raise Refused(_("Ce navigateur n'a pas donné une adresse de notification reconnue."))
    if _decoded_length(p256dh) != P256DH_BYTES or _decoded_length(auth) != AUTH_BYTES:
        raise Refused(_("Les clés de ce navigateur sont illisibles."))
    Registration.objects.select_for_update().filter(pk=registration.pk).first()
    subscription = PushSubscription.objects.filter(
        registration=registration, endpoint=endpoint
    ).first()
    if subscription is None:
        if registration.push_subscriptions.count() >= PHONES_PER_PLAYER:
            raise Refused(
                _("Déjà %(count)s téléphones sont prévenus pour ce joueur : c'est le maximum.")
                % {"count": PHONES_PER_PLAYER}
            )
        subscription = PushSubscription(registration=registration, endpoint=endpoint)
    subscription.p256dh = p256dh
    subscription.auth = auth
    subscription.save()
    _record(Action.PUSH_SUBSCRIBED, registration, endpoint, by)
    return subscription


@transaction.atomic
def unsubscribe_phone(*, registration: Registration, endpoint: str, by: Actor) -> None:
    """« Ne plus me prévenir »: this phone no longer hears about ``registration`` (journalled
    when it did)."""
    deleted, _kinds = PushSubscription.objects.filter(
        registration=registration, endpoint=endpoint
    ).delete()
    if deleted:
        _record(Action.PUSH_UNSUBSCRIBED, registration, endpoint, by)


@transaction.atomic
def forget_phone(*, subscription: PushSubscription) -> None:
    """The phone's push service no longer knows it (it answered 404 or 410: the phone
    unsubscribed in its settings, or the browser was reset): the subscription is deleted,
    journalled as the notifications' own doing, once (a task run again finds it gone)."""
    deleted, _kinds = PushSubscription.objects.filter(pk=subscription.pk).delete()
    if deleted:
        reason = _("le service de notification ne connaît plus ce téléphone")
        _record(
            Action.PUSH_UNSUBSCRIBED,
            subscription.registration,
            subscription.endpoint,
            NOTIFICATIONS,
            reason=reason,
        )


def _record(
    action: Action, registration: Registration, endpoint: str, by: Actor, *, reason: str = ""
) -> None:
    """The journal's line: the player, and the push service by its host only."""
    after = {"push_service": urlsplit(endpoint).hostname or ""}
    if reason:
        after["reason"] = reason
    record(
        tournament=registration.tournament,
        action=action,
        by=by,
        subject=registration,
        after=after,
    )
