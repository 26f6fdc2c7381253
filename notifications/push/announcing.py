"""What hands an event's notifications to the task queue once a write commits
(``live.announce`` calls it).

The task is named here, not imported: it forgets, and journals, the phones their push service
no longer knows (``services.push``), and the journal announces its own lines through
``live``. Celery finds the task by its name among those registered (run at once when there is
no broker, as every task), or sends it by that name to the workers.
"""

import logging

from celery import signature

from notifications.models import PushSubscription
from notifications.push import messages
from notifications.push.endpoints import push_enabled

logger = logging.getLogger(__name__)

# The name it had in tournaments/, kept: the tasks already queued in the broker still find it.
SEND_EVENT_NOTIFICATIONS = "tournaments.push.tasks.send_event_notifications"


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
            signature(
                SEND_EVENT_NOTIFICATIONS,
                args=(f"{entry_id}:{kind}", tournament_id, kind, event["position"]),
            ).delay()
        except Exception:
            logger.exception("The notifications of %s could not be queued", event)
