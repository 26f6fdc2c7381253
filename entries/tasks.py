"""The e-mails of online registration, sent by the task queue once the write that asks for
them is committed (``entries.mail`` writes them).

An SMTP server that does not answer never fails the player's request: the entry is committed
before the e-mail is sent, and the sending is tried again by a worker a few times, a minute
apart; run in the request (no broker, or a broker that does not answer), it is logged and
left.
"""

import logging
import smtplib

from celery import shared_task
from django.db import transaction

from entries.mail import entry_message, member_link_message
from entries.models import Entry, MemberLink

logger = logging.getLogger(__name__)

RETRIES = 5
RETRY_SECONDS = 60


def _send(task, message, what: str) -> None:
    """Send ``message``; a server that does not answer is tried again by the worker, or
    logged and left when the task runs in the request (no broker)."""
    try:
        message.send()
    except (OSError, smtplib.SMTPException) as error:
        if task.request.is_eager:
            logger.warning("%s not sent: %s", what, error)
            return
        raise task.retry(exc=error, countdown=RETRY_SECONDS) from error


@shared_task(bind=True, max_retries=RETRIES)
def send_entry_mail(self, entry_id: int, kind: str) -> None:
    entry = Entry.objects.select_related("tournament", "registration").filter(pk=entry_id).first()
    # A member who answered from their page without an address the club knows gets no e-mail.
    if entry is None or not entry.email:
        return
    _send(self, entry_message(entry, kind), f"E-mail {kind} to entry {entry_id}")


def send_after_commit(entry: Entry, kind: str) -> None:
    """Queue the e-mail ``kind`` (« confirmation », « promotion », « reminder ») to ``entry``
    once the current write is committed: a write rolled back sends nothing, and a broker that
    does not answer is logged, never the player's error (``robust``)."""
    entry_id = entry.pk
    transaction.on_commit(lambda: _queue(send_entry_mail, entry_id, kind), robust=True)


@shared_task(bind=True, max_retries=RETRIES)
def send_member_link(self, member_id: int) -> None:
    """The member's link as it stands when sent: renewed since, the new one; their address
    taken off, or the member off the club, nothing."""
    link = (
        MemberLink.objects.select_related("member__player", "member__club")
        .filter(member_id=member_id)
        .first()
    )
    if link is None or not link.member.email:
        return
    _send(self, member_link_message(link.member, link), f"Evenings link to member {member_id}")


def send_link_after_commit(member) -> None:
    """Queue the link to ``member``'s page of the club's evenings once the write is
    committed (as ``send_after_commit``)."""
    member_id = member.pk
    transaction.on_commit(lambda: _queue(send_member_link, member_id), robust=True)


def _queue(task, *args) -> None:
    """Hand the e-mail to the queue; a broker that does not answer (Redis stopped) has the
    request send it itself, as the prints are drawn in the request then: never lost."""
    try:
        task.apply_async(args, retry=False)
    except Exception:  # kombu's errors of a broker that is down, whatever its transport
        logger.warning("%s: the broker did not answer; sent in the request", task.name)
        task.apply(args)
