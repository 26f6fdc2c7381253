"""The reads of the club members' own pages of their evenings: the membership a link names,
and for the arbitre, each member's address, link and answers, evening by evening."""

import datetime
import secrets
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from common.journal import entry_changes
from entries.links import member_payload
from entries.models import LIVE, Entry, EntryStatus, MemberLink, MemberLinkJournalEntry
from entries.selectors.entries import answered_evenings
from tournaments.models import Registration, Tournament


def member_of_token(club_id: int, token: str) -> Member | None:
    """The membership of ``club_id`` whose link ``token`` is, or None: a link forged, damaged,
    of another club, renewed since, or of a member taken off the club."""
    payload = member_payload(token)
    if payload is None:
        return None
    member_id, key = payload
    link = (
        MemberLink.objects.select_related("member__player", "member__club")
        .filter(member_id=member_id, member__club_id=club_id)
        .first()
    )
    if link is None or not secrets.compare_digest(link.key, key):
        return None
    return link.member


def evening_or_none(evening_id: int) -> Tournament | None:
    """The evening a member's answer names, or None (deleted since, or never was)."""
    return Tournament.objects.filter(pk=evening_id).first()


def _answers(tournaments: list[Tournament], player_ids: list[int]) -> dict[tuple[int, int], bool]:
    """Each member's answer, as the arbitre's counts read it (``member_answers``): coming when
    entered (registered or waiting) or registered by the arbitre, not coming when they said
    so; no key when they have not answered."""
    answers: dict[tuple[int, int], bool] = {}
    entries = Entry.objects.filter(tournament__in=tournaments, player_id__in=player_ids)
    for tournament_id, player_id in entries.filter(status=EntryStatus.DECLINED).values_list(
        "tournament_id", "player_id"
    ):
        answers[(tournament_id, player_id)] = False
    coming = list(entries.filter(status__in=LIVE).values_list("tournament_id", "player_id"))
    coming += Registration.objects.filter(
        tournament__in=tournaments, player_id__in=player_ids
    ).values_list("tournament_id", "player_id")
    for key in coming:
        answers[key] = True
    return answers


@dataclass(frozen=True)
class MemberLine:
    member: Member
    sent_at: datetime.datetime | None
    answers: tuple[bool | None, ...]  # one an evening, in the evenings' order

    @property
    def coming(self) -> bool | None:
        """The answer for the one evening of an evening's page."""
        return self.answers[0] if self.answers else None


@dataclass(frozen=True)
class MembersOverview:
    evenings: list[Tournament]
    lines: list[MemberLine]

    @property
    def with_email(self) -> int:
        return sum(1 for line in self.lines if line.member.email)

    @property
    def without_email(self) -> list[Member]:
        return [line.member for line in self.lines if not line.member.email]

    @property
    def grid(self) -> list[tuple[MemberLine, list[tuple[Tournament, bool | None]]]]:
        """Each line with its answers beside their evening: a cell that names its evening,
        for a phone that shows a line as a card."""
        return [(line, list(zip(self.evenings, line.answers, strict=True))) for line in self.lines]


def members_overview(club: Club, *, evenings: list[Tournament] | None = None) -> MembersOverview:
    """The club's members by name, each with their address (or none), when their link was
    last sent, and their answer for each of ``evenings`` (by default, the club's coming
    evenings that take answers)."""
    if evenings is None:
        evenings = list(answered_evenings([club.pk]))
    members = list(
        club.members.select_related("player", "evenings_link").order_by("player__search_name", "pk")
    )
    answers = _answers(evenings, [member.player_id for member in members])
    lines = []
    for member in members:
        link = getattr(member, "evenings_link", None)
        lines.append(
            MemberLine(
                member=member,
                sent_at=link.sent_at if link is not None else None,
                answers=tuple(answers.get((t.pk, member.player_id)) for t in evenings),
            )
        )
    return MembersOverview(evenings=evenings, lines=lines)


def evening_members(tournament: Tournament) -> MembersOverview:
    """The club's members and their answer for this one evening, for its arbitre's page."""
    return members_overview(tournament.club, evenings=[tournament])


def link_journal_lines(club: Club, *, limit: int = 20) -> list[MemberLinkJournalEntry]:
    """The links sent and renewed, newest first, each change in words."""
    lines = list(
        MemberLinkJournalEntry.objects.filter(club=club)
        .select_related("actor_user")
        .order_by("-at", "-pk")[:limit]
    )
    for line in lines:
        line.changes = entry_changes(
            line,
            subject_models={"member": Member, "club": Club},
            field_models=[MemberLink],
            labels={"members": _("membres")},
        )
    return lines
