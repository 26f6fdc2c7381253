"""The reads of online registration: whether a tournament takes entries now, its counts (the
public JSON's), the arbitre's lists, the tables to prepare, a member's evenings to answer."""

import datetime
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils import timezone

from clubs.models import Member, Player
from entries.models import LIVE, Entry, EntryStatus, Opening
from seating.errors import SeatingError
from seating.sizes import table_sizes
from tournaments.models import Tournament
from tournaments.permissions import tournaments_visible_to
from tournaments.selectors.clubs import Homonym, homonyms


def opening_of(tournament: Tournament) -> Opening | None:
    return Opening.objects.filter(tournament=tournament).first()


def registered_count(tournament: Tournament) -> int:
    """The places taken: the entries registered, and the players the arbitre registered
    himself (never withdrawn)."""
    entered = Entry.objects.filter(tournament=tournament, status=EntryStatus.REGISTERED).count()
    by_hand = tournament.registrations.filter(
        entry__isnull=True, withdrawn_from__isnull=True
    ).count()
    return entered + by_hand


def waiting_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).count()


@dataclass(frozen=True)
class EntryState:
    """Where a tournament's online registration stands now, as the form and the JSON say it."""

    opening: Opening | None
    open: bool
    reason: str  # "" when open; else "none", "not_yet", "closed", "finished"
    capacity: int | None
    registered: int
    waiting: int

    @property
    def full(self) -> bool:
        return self.capacity is not None and self.registered >= self.capacity

    @property
    def places_left(self) -> int | None:
        return None if self.capacity is None else max(self.capacity - self.registered, 0)

    @property
    def closes_at(self) -> datetime.datetime | None:
        return self.opening.closes_at if self.opening is not None else None


def closed_reason(opening: Opening | None, tournament: Tournament, now: datetime.datetime) -> str:
    """Why the form takes no entry now ("" when it does)."""
    if opening is None:
        return "none"
    if tournament.status == Tournament.Status.FINISHED:
        return "finished"
    if now < opening.opens_at:
        return "not_yet"
    if now >= opening.closes_at:
        return "closed"
    return ""


def entry_state(tournament: Tournament, *, now: datetime.datetime | None = None) -> EntryState:
    opening = opening_of(tournament)
    reason = closed_reason(opening, tournament, now or timezone.now())
    return EntryState(
        opening=opening,
        open=not reason,
        reason=reason,
        capacity=opening.capacity if opening is not None else None,
        registered=registered_count(tournament),
        waiting=waiting_count(tournament),
    )


def public_counts(tournament: Tournament) -> dict:
    """The public JSON (fixed): counts and times, never a name nor an address."""
    state = entry_state(tournament)
    return {
        "capacity": state.capacity,
        "registered": state.registered,
        "waiting": state.waiting,
        "open": state.open,
        "closes_at": state.closes_at.isoformat() if state.closes_at is not None else None,
    }


@dataclass(frozen=True)
class HeldEntry:
    entry: Entry
    known: list[Homonym]


@dataclass(frozen=True)
class EntryLists:
    registered: list[Entry]
    waiting: list[Entry]
    others: list[Entry]  # withdrawn, cancelled, « ne vient pas »
    held: list[HeldEntry]
    confirmed: int


def entry_lists(tournament: Tournament) -> EntryLists:
    """The arbitre's lists: the registered by arrival, the waiting list by rank, the rest."""
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .select_related("player", "registration")
        .order_by("created_at", "pk")
    )
    waiting = sorted(
        (entry for entry in entries if entry.status == EntryStatus.WAITING),
        key=lambda entry: (entry.rank, entry.pk),
    )
    held = [
        HeldEntry(
            entry=entry,
            known=homonyms(
                club_id=tournament.club_id,
                last_name=entry.last_name,
                first_name=entry.first_name,
                licence=entry.licence,
            ),
        )
        for entry in entries
        if entry.held
    ]
    return EntryLists(
        registered=[entry for entry in entries if entry.status == EntryStatus.REGISTERED],
        waiting=waiting,
        others=[entry for entry in entries if entry.status not in LIVE],
        held=held,
        confirmed=sum(
            1 for entry in entries if entry.status in LIVE and entry.confirmed_at is not None
        ),
    )


@dataclass(frozen=True)
class Tables:
    players: int
    sizes: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.sizes)

    @property
    def fours(self) -> int:
        return self.sizes.count(4)

    @property
    def threes(self) -> int:
        return self.sizes.count(3)

    @property
    def fives(self) -> int:
        return self.sizes.count(5)


def tables_to_prepare(tournament: Tournament) -> Tables:
    """How many tables the players expected make (the registered, entered or not)."""
    players = registered_count(tournament)
    try:
        sizes = table_sizes(player_count=players, allow_five=tournament.allow_five)
    except SeatingError:
        sizes = ()
    return Tables(players=players, sizes=sizes)


def player_entry(tournament: Tournament, player: Player) -> Entry | None:
    """The player's last entry in the tournament, live or not."""
    return Entry.objects.filter(tournament=tournament, player=player).order_by("-pk").first()


@dataclass(frozen=True)
class Evening:
    tournament: Tournament
    entry: Entry | None

    @property
    def coming(self) -> bool | None:
        """True « je viens », False « je ne viens pas », None: no answer yet."""
        if self.entry is None:
            return None
        return self.entry.status in LIVE


def answered_evenings(club_ids, *, now: datetime.datetime | None = None) -> QuerySet[Tournament]:
    """The evenings to come of the clubs ``club_ids`` whose online registration is open now:
    those a member answers « je viens » or « je ne viens pas »."""
    now = now or timezone.now()
    return (
        Tournament.objects.filter(
            club_id__in=club_ids,
            opening__opens_at__lte=now,
            opening__closes_at__gt=now,
            date__gte=timezone.localdate(now),
        )
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("club")
        .order_by("date", "pk")[:20]
    )


def member_evenings(
    player: Player, *, club_id: int | None = None, now: datetime.datetime | None = None
) -> list[Evening]:
    """The evenings to come of the clubs ``player`` is a member of (or of ``club_id`` alone),
    whose online registration is open: the member answers « je viens » or « je ne viens
    pas »."""
    clubs = Member.objects.filter(player=player)
    if club_id is not None:
        clubs = clubs.filter(club_id=club_id)
    tournaments = answered_evenings(clubs.values("club_id"), now=now)
    return [Evening(tournament=t, entry=player_entry(t, player)) for t in tournaments]


def live_entries_of_day(day: datetime.date) -> QuerySet[Entry]:
    """The entries registered in the tournaments of ``day``, not yet reminded."""
    return Entry.objects.filter(
        tournament__date=day, status=EntryStatus.REGISTERED, reminded_at__isnull=True
    )


def entry_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments whose entry form answers: those the visitor may see, and those whose
    online registration is set (open, to come or closed), published or not."""
    visible = tournaments_visible_to(user).values("pk")
    return Tournament.objects.filter(Q(pk__in=visible) | Q(opening__isnull=False)).select_related(
        "club"
    )


def waiting_position(entry: Entry) -> int | None:
    """Where a waiting entry stands in the list (1: the next place is theirs), or None."""
    if entry.status != EntryStatus.WAITING:
        return None
    return Entry.objects.filter(
        tournament_id=entry.tournament_id, status=EntryStatus.WAITING, rank__lte=entry.rank
    ).count()


@dataclass(frozen=True)
class MemberAnswers:
    coming: int
    not_coming: int
    silent: int


def member_answers(tournament: Tournament) -> MemberAnswers:
    """The club's members' answers for the evening: « je viens » (entered, registered or
    waiting, or registered by the arbitre), « je ne viens pas », and no answer yet."""
    members = Member.objects.filter(club_id=tournament.club_id).values("player_id")
    entered = Entry.objects.filter(tournament=tournament, player_id__in=members)
    coming = set(entered.filter(status__in=LIVE).values_list("player_id", flat=True))
    coming |= set(
        tournament.registrations.filter(player_id__in=members).values_list("player_id", flat=True)
    )
    declined = entered.filter(status=EntryStatus.DECLINED).values_list("player_id", flat=True)
    not_coming = set(declined) - coming
    total = members.count()
    return MemberAnswers(
        coming=len(coming),
        not_coming=len(not_coming),
        silent=total - len(coming) - len(not_coming),
    )
