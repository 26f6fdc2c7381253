"""The task that sends an event's notifications, one batch at a time
(``sending.send_batch``); what queues it once a write commits is
``announcing.notify_on_commit``.

It runs on a queue of its own (``settings.PUSH_QUEUE``), which the documents' workers do not
read: a thousand phones never keep an arbitre's PDF waiting. Each batch ends well within the
task's time limit and queues the next one, from the phone where it stopped; once every phone
was reached, the sends that failed are tried again from the start (the phones served are
skipped), up to ``RETRIES`` times.
"""

from celery import shared_task
from django.conf import settings

from notifications.push.announcing import SEND_EVENT_NOTIFICATIONS
from notifications.push.sending import send_batch

RETRIES = 5
RETRY_DELAY_SECONDS = 30


@shared_task(
    name=SEND_EVENT_NOTIFICATIONS,
    bind=True,
    ignore_result=True,
    time_limit=settings.PUSH_TASK_TIME_LIMIT,
)
def send_event_notifications(
    self,
    event_key: str,
    tournament_id: int,
    kind: str,
    position,
    after: int = 0,
    failures: int = 0,
    attempt: int = 0,
):
    """Notify the phones waiting for this event, one batch; queue the rest, then the retry."""
    batch = send_batch(event_key, tournament_id, kind, position, after=after)
    failures += batch.failures
    args = (event_key, tournament_id, kind, position)
    if batch.resume_after is not None:
        self.apply_async(
            args=args,
            kwargs={"after": batch.resume_after, "failures": failures, "attempt": attempt},
        )
    elif failures and attempt < RETRIES and not self.request.is_eager:
        self.apply_async(args=args, kwargs={"attempt": attempt + 1}, countdown=RETRY_DELAY_SECONDS)
