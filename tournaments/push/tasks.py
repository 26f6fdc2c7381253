"""The task that sends an event's notifications (``sending.send_notifications``), and what
queues it once a write commits."""

import logging

from celery import shared_task

from tournaments.models import PushSubscription
from tournaments.push import messages
from tournaments.push.sending import push_enabled, send_notifications

logger = logging.getLogger(__name__)

RETRIES = 5


@shared_task(bind=True, max_retries=RETRIES, default_retry_delay=30, ignore_result=True)
def send_event_notifications(self, event_key: str, tournament_id: int, kind: str, position):
    """Notify every phone waiting for this event, once each; retry the sends that failed."""
    failures = send_notifications(event_key, tournament_id, kind, position)
    if failures and self.request.retries < RETRIES and not self.request.is_eager:
        raise self.retry()


def notify_on_commit(entry_id: int, events: list[dict]) -> None:
    """Queue the notifications of ``events`` (those that send one), if a phone waits for them.

    Called after the write committed: a queue that cannot be reached costs the notifications,
    never the write's answer."""
    if not push_enabled():
        return
    for event in events:
        kind = event["kind"]
        if kind not in messages.NOTIFYING:
            continue
        tournament_id = event["tournament"]
        if not PushSubscription.objects.filter(registration__tournament_id=tournament_id).exists():
            return
        try:
            send_event_notifications.delay(
                f"{entry_id}:{kind}", tournament_id, kind, event["position"]
            )
        except Exception:
            logger.exception("The notifications of %s could not be queued", event)
