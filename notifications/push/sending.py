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
import time
from dataclasses import dataclass
from functools import cache

import requests
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPushException, webpush
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from notifications.models import PushDelivery, PushSubscription
from notifications.push import messages
from notifications.push.endpoints import Endpoint, parse_endpoint, public_address
from notifications.services.push import forget_phone
from tournaments.models import Seat, Tournament
from tournaments.selectors.standings import current_ranking

logger = logging.getLogger(__name__)

SENT, GONE, FAILED = "sent", "gone", "failed"
# A notification that waited an hour says something stale: the push service may drop it.
TTL_SECONDS = 3600
TIMEOUT_SECONDS = 10


@dataclass(frozen=True)
class Batch:
    """What one batch did: the sends that failed, and the last subscription it reached
    (None: every phone was reached)."""

    failures: int
    resume_after: int | None


def send_notifications(event_key: str, tournament_id: int, kind: str, position: int | None) -> int:
    """Send the event's notification to every phone subscribed that has not had it yet, batch
    after batch; answer how many sends failed (the task retries those)."""
    failures, after = 0, 0
    while after is not None:
        batch = send_batch(event_key, tournament_id, kind, position, after=after)
        failures += batch.failures
        after = batch.resume_after
    return failures


def send_batch(
    event_key: str,
    tournament_id: int,
    kind: str,
    position: int | None,
    *,
    after: int = 0,
    size: int | None = None,
    seconds: float | None = None,
) -> Batch:
    """The phones subscribed after subscription ``after``, in their order, for at most
    ``size`` phones or ``seconds`` (settings ``PUSH_BATCH_SIZE``, ``PUSH_BATCH_SECONDS``): a
    batch ends well within the task's time limit, and the next one takes up where it stopped.
    One phone's failure, whatever it is, is logged and counted, and the others are served."""
    size = size or settings.PUSH_BATCH_SIZE
    seconds = settings.PUSH_BATCH_SECONDS if seconds is None else seconds
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return Batch(0, None)
    subscriptions = list(
        PushSubscription.objects.filter(registration__tournament=tournament, pk__gt=after)
        .select_related("registration")
        .order_by("pk")[: size + 1]
    )
    more = len(subscriptions) > size
    build = _builder(tournament, kind, position)
    session = push_session()
    started = time.monotonic()
    failures = 0
    for index, subscription in enumerate(subscriptions[:size]):
        if index and time.monotonic() - started >= seconds:
            return Batch(failures, subscriptions[index - 1].pk)
        try:
            outcome = _notify(subscription, event_key, build, session)
        except Exception:
            logger.exception("Push to subscription %s failed", subscription.pk)
            PushDelivery.objects.filter(subscription=subscription, event=event_key).delete()
            outcome = FAILED
        failures += outcome == FAILED
    return Batch(failures, subscriptions[size - 1].pk if more else None)


def _notify(subscription: PushSubscription, event_key: str, build, session) -> str | None:
    message = build(subscription.registration)
    if message is None:
        return None
    _delivery, claimed = PushDelivery.objects.get_or_create(
        subscription=subscription, event=event_key
    )
    if not claimed:
        return None
    outcome = deliver(subscription, message, session)
    if outcome == GONE:
        forget_phone(subscription=subscription)
    elif outcome == FAILED:
        PushDelivery.objects.filter(subscription=subscription, event=event_key).delete()
    return outcome


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


class _CheckedAddress:
    """A connection made to the address its name resolves to once checked
    (``endpoints.public_address``), in the same step: no second resolution, by the HTTP client,
    can lead it elsewhere. The TLS certificate is still checked against the name."""

    plain_for_tests = False

    def _new_conn(self):
        name = self._dns_host
        self._dns_host = public_address(name, self.port, plain_for_tests=self.plain_for_tests)
        try:
            return super()._new_conn()
        finally:
            self._dns_host = name


class _CheckedHTTPSConnection(_CheckedAddress, HTTPSConnection):
    pass


class _CheckedHTTPConnection(_CheckedAddress, HTTPConnection):
    plain_for_tests = True


class _CheckedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _CheckedHTTPSConnection


class _CheckedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _CheckedHTTPConnection


class _CheckedAdapter(HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": _CheckedHTTPPool,
            "https": _CheckedHTTPSPool,
        }


class _PushSession(requests.Session):
    """Posts only where it was told: no redirect followed, no proxy of the environment."""

    def __init__(self):
        super().__init__()
        self.trust_env = False
        self.max_redirects = 0
        adapter = _CheckedAdapter(max_retries=0)
        self.mount("https://", adapter)
        self.mount("http://", adapter)

    def request(self, *args, **kwargs):
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def push_session() -> requests.Session:
    return _PushSession()


def deliver(
    subscription: PushSubscription,
    message: messages.Message,
    session: requests.Session | None = None,
) -> str:
    """Post one notification to the phone's push service, encrypted for it (RFC 8291), at
    the address read from its endpoint and checked (``endpoints``)."""
    endpoint: Endpoint | None = parse_endpoint(subscription.endpoint)
    if endpoint is None:
        return GONE
    info = {
        "endpoint": endpoint.url,
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
            requests_session=session or push_session(),
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
