"""The notifications' tasks, where Celery's ``autodiscover_tasks`` looks for them."""

from notifications.push.tasks import send_event_notifications as send_event_notifications
