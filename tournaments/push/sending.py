"""The notifications an event sends, one per phone subscribed (docs, « Me prévenir »).

After a write commits, ``announcing.notify_on_commit`` hands each event that notifies (a seating
published, a position closed, the final ranking) to the task queue (``tasks.py``). The task
sends one notification per subscribed phone, each claimed first in ``PushDelivery`` (one row
per event and phone, unique): a task run again, after a worker died or a push service failed,
skips the phones already served and never notifies twice. A subscription its push service
answers 404 or 410 for is gone (the phone unsubscribed, or the browser was reset): deleted,
and the tournament's journal says so (``services.push.forget_phone``).
"""

import json
import logging
from functools import cache

import requests
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from tournaments.models import PushDelivery, PushSubscription, Seat, Tournament
from tournaments.push import messages
from tournaments.push.endpoints import allowed_endpoint
from tournaments.selectors.standings import current_ranking
from tournaments.services.push import forget_phone

logger = logging.getLogger(__name__)

SENT, GONE, FAILED = "sent", "gone", "failed"
# A notification that waited an hour says something stale: the push service may drop it.
TTL_SECONDS = 3600
TIMEOUT_SECONDS = 10


def send_notifications(event_key: str, tournament_id: int, kind: str, position: int | None) -> int:
    """Send the event's notification to every phone subscribed that has not had it yet;
    answer how many sends failed (the task retries those)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    subscriptions = PushSubscription.objects.filter(
        registration__tournament=tournament
    ).select_related("registration")
    build = _builder(tournament, kind, position)
    failures = 0
    for subscription in subscriptions:
        message = build(subscription.registration)
        if message is None:
            continue
        _delivery, claimed = PushDelivery.objects.get_or_create(
            subscription=subscription, event=event_key
        )
        if not claimed:
            continue
        outcome = deliver(subscription, message)
        if outcome == GONE:
            forget_phone(subscription=subscription)
        elif outcome == FAILED:
            PushDelivery.objects.filter(subscription=subscription, event=event_key).delete()
            failures += 1
    return failures


def _builder(tournament: Tournament, kind: str, position: int | None):
    """What each registration is told for this event (None: nothing)."""
    if kind == messages.SEATING_PUBLISHED:
        seats = {
            seat.registration_id: seat
            for seat in Seat.objects.filter(
                position__tournament=tournament, position__number=position
            ).select_related("position", "table", "registration")
        }
        return lambda registration: (
            messages.seat_message(tournament, seats[registration.pk])
            if registration.pk in seats
            else None
        )
    ranking = current_ranking(tournament)
    if kind == messages.POSITION_CLOSED:
        return lambda registration: messages.closing_message(
            tournament, ranking, position, registration.number
        )
    return lambda registration: messages.final_message(tournament, ranking, registration.number)


@cache
def _vapid(private_key: str) -> Vapid:
    return Vapid.from_string(private_key=private_key)


def deliver(subscription: PushSubscription, message: messages.Message) -> str:
    """Post one notification to the phone's push service, encrypted for it (RFC 8291)."""
    if not allowed_endpoint(subscription.endpoint):
        return GONE
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        webpush(
            info,
            data=json.dumps(message.payload(), ensure_ascii=False),
            vapid_private_key=_vapid(settings.VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in (404, 410):
            return GONE
        logger.warning("Push refused (%s) for subscription %s", status, subscription.pk)
        return FAILED
    except (requests.RequestException, ValueError) as error:
        logger.warning("Push failed for subscription %s: %s", subscription.pk, error)
        return FAILED
    return SENT
