from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        # The tasks are registered in every process, not only in the workers (Celery imports
        # an app's tasks there alone): the notifications are queued by their task's name
        # (push/announcing.py), which Celery runs at once, with no broker, only if it knows it.
        from notifications import tasks  # noqa: F401
        from notifications.live import announce
        from tournaments.models import JournalEntry
        from tournaments.signals import entry_recorded

        def announced(*, entry, subject, table, **_signal) -> None:
            announce(entry, subject=subject, table=table)

        # Every journalled write that changes a page becomes an event (live.py).
        entry_recorded.connect(announced, sender=JournalEntry, weak=False, dispatch_uid="live")
