"""The e-mails a player receives about their entry, in French, as plain text and HTML with the
same facts: the confirmation (or the waiting list), the promotion from the waiting list, the
reminder the day before; and to a club's member, the link to their page of its evenings.

The services ask for them (``tasks.send_after_commit``): the task queue sends them once the write is
committed, through Django's e-mail backend (SMTP in production, the console on a laptop). A
write rolled back sends nothing.
"""

from email.mime.image import MIMEImage

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from entries.links import member_token, page_token, withdraw_token
from entries.models import Entry, EntryStatus, MemberLink
from entries.selectors.entries import member_evenings, waiting_position
from tournaments.checkin_links import CheckinLink, checkin_link

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
    checkin = _checkin(entry)
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
        # The check-in link and its QR code (the pointeur scans it at the door), for a player
        # who has a place; the HTML shows the code as the message's own image (CHECKIN_CID).
        "checkin_url": checkin.url if checkin else "",
        "checkin_cid": CHECKIN_CID if checkin else "",
    }


CHECKIN_CID = "pointage"


def _checkin(entry: Entry) -> CheckinLink | None:
    if entry.registration is None or entry.status != EntryStatus.REGISTERED:
        return None
    return checkin_link(entry.registration, base=settings.SITE_URL)


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
    checkin = _checkin(entry)
    if checkin is not None:
        # Inline, named by its Content-ID: mail readers show it where the HTML puts it, and
        # many refuse images written into the HTML itself (data: URIs).
        image = MIMEImage(checkin.png, "png")
        image.add_header("Content-ID", f"<{CHECKIN_CID}>")
        image.add_header("Content-Disposition", "inline", filename="pointage.png")
        message.attach(image)
        message.mixed_subtype = "related"
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
