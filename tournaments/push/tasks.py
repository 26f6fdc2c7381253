"""The task that sends an event's notifications (``sending.send_notifications``); what queues
it once a write commits is ``announcing.notify_on_commit``."""

from celery import shared_task

from tournaments.push.announcing import SEND_EVENT_NOTIFICATIONS
from tournaments.push.sending import send_notifications

RETRIES = 5


@shared_task(
    name=SEND_EVENT_NOTIFICATIONS,
    bind=True,
    max_retries=RETRIES,
    default_retry_delay=30,
    ignore_result=True,
)
def send_event_notifications(self, event_key: str, tournament_id: int, kind: str, position):
    """Notify every phone waiting for this event, once each; retry the sends that failed."""
    failures = send_notifications(event_key, tournament_id, kind, position)
    if failures and self.request.retries < RETRIES and not self.request.is_eager:
        raise self.retry()
