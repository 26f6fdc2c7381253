"""The club's members and their own page of the club's evenings: the arbitre sends each member
with an address the link to it (or one member), renews a member's link (every link sent before
stops), and the member answers « je viens » / « je ne viens pas » there, through the evening's
own answer (``evenings.answer_evening``), so that the tables to prepare are counted in one
place."""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from common.actors import Actor
from common.journal import line_fields
from common.refusals import Refused
from entries.models import Entry, MemberLink, MemberLinkAction, MemberLinkJournalEntry
from entries.services.evenings import answer_evening
from entries.tasks import send_link_after_commit
from tournaments.models import Tournament


def _record(*, club: Club, action: MemberLinkAction, by: Actor, subject, after: dict) -> None:
    MemberLinkJournalEntry.objects.create(
        club=club, **line_fields(action=action, by=by, subject=subject, after=after)
    )


def _link(member: Member) -> MemberLink:
    link, _created = MemberLink.objects.select_for_update().get_or_create(
        member=member, defaults={"key": secrets.token_hex(16)}
    )
    return link


@transaction.atomic
def send_evenings_links(*, club: Club, member: Member | None = None, by: Actor) -> list[Member]:
    """Send each member of ``club`` with an address (or ``member`` alone) the link to their
    page of the club's evenings, by e-mail once committed; the same link each time, until it
    is renewed."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    members = club.members.select_related("player").order_by("player__search_name", "pk")
    if member is not None:
        members = members.filter(pk=member.pk)
    members = list(members)
    if member is not None and not members:
        raise Refused(_("Ce joueur n'est pas membre du club."), code="not_member")
    if member is not None and not members[0].email:
        raise Refused(
            _("%(player)s n'a pas d'adresse e-mail : ajoutez-la sur sa fiche.")
            % {"player": members[0].player},
            code="no_email",
        )
    members = [one for one in members if one.email]
    if not members:
        raise Refused(
            _(
                "Aucun membre du club n'a d'adresse e-mail : ajoutez-les sur leurs fiches, "
                "puis envoyez les liens."
            ),
            code="no_email",
        )
    now = timezone.now()
    for one in members:
        link = _link(one)
        link.sent_at = now
        link.save(update_fields=["sent_at"])
        send_link_after_commit(one)
    _record(
        club=club,
        action=MemberLinkAction.SENT,
        by=by,
        subject=member or club,
        after={"members": [str(one.player) for one in members]},
    )
    return members


@transaction.atomic
def renew_evenings_link(*, member: Member, by: Actor) -> MemberLink:
    """A new link for ``member``: every link sent before stops (a lost phone, a forwarded
    e-mail). It is sent when the arbitre sends it."""
    member = Member.objects.select_related("club", "player").get(pk=member.pk)
    link = _link(member)
    link.key = secrets.token_hex(16)
    link.sent_at = None
    link.save(update_fields=["key", "sent_at"])
    _record(
        club=member.club,
        action=MemberLinkAction.RENEWED,
        by=by,
        subject=member,
        after={"members": [str(member.player)]},
    )
    return link


@transaction.atomic
def answer_from_member_page(
    *, member: Member, tournament: Tournament, coming: bool, by: Actor
) -> Entry:
    """The member's answer from their page: one of their club's evenings only, through the
    evening's own answer (its places, its waiting list, its tables to prepare)."""
    if tournament.club_id != member.club_id:
        raise Refused(_("Cette soirée n'est pas une soirée de votre club."), code="other_club")
    return answer_evening(
        tournament=tournament, player=member.player, email=member.email, coming=coming, by=by
    )
