"""The e-mails a player receives about their entry, in French, as plain text and HTML with the
same facts: the confirmation (or the waiting list), the promotion from the waiting list, the
reminder the day before; and to a club's member, the link to their page of its evenings.

The services ask for them (``tasks.send_after_commit``): the task queue sends them once the write is
committed, through Django's e-mail backend (SMTP in production, the console on a laptop). A
write rolled back sends nothing.
"""

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from entries.links import member_token, page_token, withdraw_token
from entries.models import Entry, EntryStatus, MemberLink
from entries.selectors.entries import member_evenings, waiting_position

SUBJECTS = {
    "confirmation": _("Votre inscription : %(tournament)s"),
    "waiting": _("Liste d'attente : %(tournament)s"),
    "promotion": _("Une place s'est libérée : vous êtes inscrit(e) à %(tournament)s"),
    "reminder": _("C'est demain : %(tournament)s"),
}


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def mail_context(entry: Entry) -> dict:
    tournament = entry.tournament
    registration = entry.registration
    return {
        "entry": entry,
        "tournament": tournament,
        "waiting": entry.status == EntryStatus.WAITING,
        "waiting_position": waiting_position(entry),
        "page_url": absolute(reverse("entry_page", args=[tournament.pk, page_token(entry)])),
        "withdraw_url": absolute(
            reverse("entry_withdraw", args=[tournament.pk, withdraw_token(entry)])
        ),
        "player_url": absolute(reverse("player_page", args=[tournament.pk, registration.number]))
        if registration is not None and tournament.published
        else "",
        # The check-in link (QR code, the pointeur's scan) belongs to the check-in's own work;
        # until it exists, the e-mails keep its place empty.
        "checkin_url": "",
    }


def entry_message(entry: Entry, kind: str) -> EmailMultiAlternatives:
    """The e-mail ``kind`` to ``entry``'s address, plain text with its HTML alternative."""
    if kind == "confirmation" and entry.status == EntryStatus.WAITING:
        kind = "waiting"
    context = mail_context(entry)
    subject = SUBJECTS[kind] % {"tournament": entry.tournament.name}
    text = render_to_string(f"entries/mail/{kind}.txt", context)
    html = render_to_string(f"entries/mail/{kind}.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[entry.email])
    message.attach_alternative(html, "text/html")
    return message


def member_link_url(link: MemberLink) -> str:
    member = link.member
    return absolute(
        reverse("member_evenings", args=[member.club_id, member_token(member.pk, link.key)])
    )


def member_link_message(member: Member, link: MemberLink) -> EmailMultiAlternatives:
    """The link to ``member``'s page of their club's evenings, and the evenings it lists now."""
    context = {
        "member": member,
        "club": member.club,
        "page_url": member_link_url(link),
        "evenings": member_evenings(member.player, club_id=member.club_id),
    }
    subject = _("Vos soirées au club : %(club)s") % {"club": member.club.name}
    text = render_to_string("entries/mail/member_link.txt", context)
    html = render_to_string("entries/mail/member_link.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[member.email])
    message.attach_alternative(html, "text/html")
    return message
