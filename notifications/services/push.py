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

from django.conf import settings
from django.db import transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from common.actors import Actor
from common.refusals import Refused
from notifications.models import PushSubscription
from notifications.push.endpoints import parse_endpoint, push_enabled
from tournaments.models import JournalEntry, Registration, Tournament
from tournaments.services.journal import record
from tournaments.services.locks import lock_tournament

Action = JournalEntry.Action

# Who forgets a phone its push service no longer knows, in the journal, and why.
NOTIFICATIONS = Actor.running("envoi des notifications")

# A player's own phone, a tablet, a relative's: a few each.
PHONES_PER_PLAYER = 3
P256DH_BYTES = 65  # an uncompressed P-256 point
AUTH_BYTES = 16


def _decoded_length(value: str) -> int | None:
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return None


def address_key(address: str) -> str:
    """The address a subscription came from, keyed with the site's secret: comparable, never
    readable back."""
    return (
        # The salt it had in tournaments/, kept: the addresses already stored still match.
        salted_hmac("tournaments.push.address", address, algorithm="sha256").hexdigest()
        if address
        else ""
    )


@transaction.atomic
def subscribe_phone(
    *,
    registration: Registration,
    endpoint: str,
    p256dh: str,
    auth: str,
    by: Actor,
    address: str = "",
) -> PushSubscription:
    """Subscribe the phone (its push service's ``endpoint`` and its keys) to the notifications
    of ``registration``; a phone already subscribed keeps its one subscription, keys renewed.
    A player has at most ``PHONES_PER_PLAYER`` phones, and the client's ``address`` at most
    ``settings.PUSH_PHONES_PER_ADDRESS`` in the tournament."""
    if not push_enabled():
        raise Refused(_("Les notifications ne sont pas proposées sur ce site."), code="disabled")
    parsed = parse_endpoint(endpoint)
    if parsed is None:
        raise Refused(_("Ce navigateur n'a pas donné une adresse de notification reconnue."))
    endpoint = parsed.url
    if _decoded_length(p256dh) != P256DH_BYTES or _decoded_length(auth) != AUTH_BYTES:
        raise Refused(_("Les clés de ce navigateur sont illisibles."))
    # The tournament first (services.locks' order): two subscriptions from one address are
    # counted one after the other; then the player, for their phones.
    lock_tournament(Tournament(pk=registration.tournament_id))
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
        key = address_key(address)
        _hold_the_address(registration, key)
        subscription = PushSubscription(
            registration=registration, endpoint=endpoint, address_key=key
        )
    subscription.p256dh = p256dh
    subscription.auth = auth
    subscription.save()
    _record(Action.PUSH_SUBSCRIBED, registration, endpoint, by)
    return subscription


def _hold_the_address(registration: Registration, key: str) -> None:
    """Refuses a new phone past the address's bound in this tournament (its row locked)."""
    if not key:
        return
    bound = settings.PUSH_PHONES_PER_ADDRESS
    held = PushSubscription.objects.filter(
        registration__tournament_id=registration.tournament_id, address_key=key
    ).count()
    if held >= bound:
        raise Refused(
            _(
                "Déjà %(count)s téléphones sont prévenus depuis cette connexion pour ce "
                "tournoi : c'est le maximum. Demandez à l'arbitre."
            )
            % {"count": bound},
            code="address",
        )


@transaction.atomic
def unsubscribe_phone(*, registration: Registration, endpoint: str, by: Actor) -> None:
    """« Ne plus me prévenir »: this phone no longer hears about ``registration`` (journalled
    when it did)."""
    parsed = parse_endpoint(endpoint)
    if parsed is not None:
        endpoint = parsed.url
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
