"""The e-mails of online registration, sent by the task queue once the write that asks for
them is committed (``entries.mail`` writes them)."""

from celery import shared_task
from django.db import transaction

from entries.mail import entry_message
from entries.models import Entry


@shared_task
def send_entry_mail(entry_id: int, kind: str) -> None:
    entry = Entry.objects.select_related("tournament", "registration").filter(pk=entry_id).first()
    if entry is None:
        return
    entry_message(entry, kind).send()


def send_after_commit(entry: Entry, kind: str) -> None:
    """Queue the e-mail ``kind`` (« confirmation », « promotion », « reminder ») to ``entry``
    once the current write is committed: a write rolled back sends nothing."""
    entry_id = entry.pk
    transaction.on_commit(lambda: send_entry_mail.delay(entry_id, kind))
