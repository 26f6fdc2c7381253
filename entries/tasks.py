"""The e-mails of online registration, sent by the task queue once the write that asks for
them is committed (``entries.mail`` writes them).

An SMTP server that does not answer never fails the player's request: the entry is committed
before the e-mail is sent, and the sending is tried again by a worker a few times, a minute
apart; run in the request (no broker), it is logged and left.
"""

import logging
import smtplib

from celery import shared_task
from django.db import transaction

from entries.mail import entry_message
from entries.models import Entry

logger = logging.getLogger(__name__)

RETRIES = 5
RETRY_SECONDS = 60


@shared_task(bind=True, max_retries=RETRIES)
def send_entry_mail(self, entry_id: int, kind: str) -> None:
    entry = Entry.objects.select_related("tournament", "registration").filter(pk=entry_id).first()
    if entry is None:
        return
    try:
        entry_message(entry, kind).send()
    except (OSError, smtplib.SMTPException) as error:
        if self.request.is_eager:
            logger.warning("E-mail %s to entry %s not sent: %s", kind, entry_id, error)
            return
        raise self.retry(exc=error, countdown=RETRY_SECONDS) from error


def send_after_commit(entry: Entry, kind: str) -> None:
    """Queue the e-mail ``kind`` (« confirmation », « promotion », « reminder ») to ``entry``
    once the current write is committed: a write rolled back sends nothing, and a broker that
    does not answer is logged, never the player's error (``robust``)."""
    entry_id = entry.pk
    transaction.on_commit(lambda: send_entry_mail.delay(entry_id, kind), robust=True)
