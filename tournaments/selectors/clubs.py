"""Reads about clubs: the clubs an account runs, a club's evenings and members, who a club may
find in the player directory, and the members a new evening may be filled from.

The tenancy rule of the directory is ``registrations.players_visible_to``: a club sees its
members, the players of its own tournaments and those of published tournaments, nobody else.
"""

import datetime
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet

from clubs.models import Club, Member, Player
from common import names
from common.names import by_name, name_matches
from tournaments.models import Registration, Tournament
from tournaments.selectors.registrations import players_visible_to

MEMBER_SEARCH_LIMIT = 200


def search_directory(*, club: Club, query: str, limit: int = 20) -> list[Player]:
    """The players ``club`` may see whose name (accents and case aside) or licence matches
    ``query``, and who are not yet its members: those it may add."""
    if not query.split():
        return []
    players = players_visible_to(club_ids=[club.pk]).exclude(memberships__club=club)
    for word in query.split():
        players = players.filter(name_matches(word) | Q(licence__istartswith=word))
    return by_name(players.order_by("search_name", "pk")[:limit])


def published_evenings(club: Club) -> list[Tournament]:
    """The club's published tournaments, newest first: its public page."""
    return list(club.tournaments.filter(published=True).order_by("-date", "-pk"))


@dataclass(frozen=True)
class MemberLine:
    member: Member
    evenings: int  # the club's tournaments the member was registered in


def club_members(club: Club, *, query: str = "") -> list[MemberLine]:
    """The club's members in French alphabetical order, each with the number of the club's
    evenings they played; ``query`` keeps those whose name (accents and case aside) or
    licence it matches."""
    members = club.members.select_related("player").annotate(
        evenings=Count(
            "player__registrations",
            filter=Q(player__registrations__tournament__club=club),
        )
    )
    for word in query.split():
        members = members.filter(
            name_matches(word, player="player__") | Q(player__licence__istartswith=word)
        )
    members = members.order_by("player__search_name", "pk")[:MEMBER_SEARCH_LIMIT]
    return by_name(
        [MemberLine(member=member, evenings=member.evenings) for member in members],
        player=lambda line: line.member.player,
    )


def member_evenings(member: Member) -> list[Registration]:
    """The club's evenings ``member`` played, newest first, with their participant number."""
    return record_evenings(member.player, club_id=member.club_id)


def record_evenings(player: Player, *, club_id: int) -> list[Registration]:
    """The evenings of club ``club_id`` that ``player`` played, newest first, with their
    participant number."""
    return list(
        player.registrations.filter(tournament__club_id=club_id)
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament__pk")
    )


def club_records(club_id: int, *, besides: Player | None = None) -> QuerySet[Player]:
    """The club's own records of the directory: its members, and the players of its evenings
    who are not (but ``besides``). The records its pages show and may merge
    (``services.members.merge_players``): another club's private lists neither add nor hide
    one, and a record another club has published is refused only when merged."""
    members = Member.objects.filter(player=OuterRef("pk"), club_id=club_id)
    evenings = Registration.objects.filter(player=OuterRef("pk"), tournament__club_id=club_id)
    records = Player.objects.filter(Exists(members) | Exists(evenings))
    if besides is not None:
        records = records.exclude(pk=besides.pk)
    return records.annotate(is_member=Exists(members))


def club_record_ids(club_id: int, *, among: Sequence[Player]) -> set[int]:
    """Which of ``among`` (found by a search) are the club's records: those who played its
    evenings are, members or not, and may be merged."""
    if not among:
        return set()
    records = club_records(club_id).filter(pk__in=[player.pk for player in among])
    return set(records.values_list("pk", flat=True))


def record_homonyms(player: Player, *, club_id: int) -> list["Homonym"]:
    """The club's other records under the same names as ``player`` (``homonyms``: accents and
    case aside, two licences being two people), members or players of its evenings: records
    that may be the same person, for the arbitre to merge."""
    known = homonyms(
        club_id=club_id,
        last_name=player.last_name,
        first_name=player.first_name,
        licence=player.licence,
        other_than=player,
    )
    return [homonym for homonym in known if homonym.of_the_club]


def last_evening(tournament: Tournament) -> Tournament | None:
    """The club's evening before ``tournament`` that had players: the one whose players
    « Mêmes joueurs que la dernière soirée » ticks."""
    earlier = Q(date__lt=tournament.date) | Q(date=tournament.date, pk__lt=tournament.pk)
    return (
        Tournament.objects.filter(club_id=tournament.club_id)
        .filter(earlier)
        .filter(registrations__isnull=False)
        .order_by("-date", "-pk")
        .first()
    )


def last_evenings(player_ids: Collection[int], *, club_id: int) -> dict[int, datetime.date]:
    """The date of the last evening of the club each player played (one grouped query)."""
    rows = (
        Registration.objects.filter(player_id__in=player_ids, tournament__club_id=club_id)
        .values("player_id")
        .annotate(last=Max("tournament__date"))
        .values_list("player_id", "last")
        .order_by()
    )
    return dict(rows)


@dataclass(frozen=True)
class Homonym:
    """A record of the directory the club may see, under the name typed: who it may already be."""

    player: Player
    member: Member | None  # their membership of the club, if they are a member
    last_evening: datetime.date | None  # the last evening of the club they played

    @property
    def of_the_club(self) -> bool:
        """One of the club's own records (``club_records``): a member, or a player of its
        evenings; not one the club sees only in another club's published evening."""
        return self.member is not None or self.last_evening is not None


def homonyms(
    *,
    club_id: int,
    last_name: str,
    first_name: str,
    licence: str = "",
    other_than: Player | None = None,
) -> list[Homonym]:
    """The players ``club_id`` may see under the same names, who may be the person typed
    (``homonyms_of``)."""
    typed = [(last_name, first_name, licence)]
    return homonyms_of(club_id=club_id, typed=typed, other_than=other_than)[0]


HOMONYMS_CHUNK = 500  # names a query compares at most (SQLite's bound on a query's variables)


def homonyms_of(
    *, club_id: int, typed: Sequence[tuple[str, str, str]], other_than: Player | None = None
) -> list[list[Homonym]]:
    """For each name typed (last name, first name, licence), the players ``club_id`` may see
    under the same names (accents, case and ligatures aside), who may be that person: all of
    them when no licence is typed, else those without a licence (two different licences are
    two people). ``other_than``, the record being renamed, is none of them. A few queries for
    a whole list (a CSV file), not a few a name."""
    folded = [names.search_name(last_name=last, first_name=first) for last, first, _ in typed]
    wanted = sorted(set(folded))
    visible = players_visible_to(club_ids=[club_id])
    if other_than is not None:
        visible = visible.exclude(pk=other_than.pk)
    players: list[Player] = []
    for start in range(0, len(wanted), HOMONYMS_CHUNK):
        chunk = wanted[start : start + HOMONYMS_CHUNK]
        players += visible.filter(search_name__in=chunk).order_by("pk")
    if not players:
        return [[] for _ in typed]
    members = {
        member.player_id: member
        for member in Member.objects.filter(club_id=club_id, player__in=players)
    }
    last = last_evenings([player.pk for player in players], club_id=club_id)
    found: dict[str, list[Homonym]] = {}
    for player in sorted(players, key=lambda player: player.pk):
        found.setdefault(player.search_name, []).append(
            Homonym(player=player, member=members.get(player.pk), last_evening=last.get(player.pk))
        )
    return [
        [known for known in found.get(name, []) if not licence or not known.player.licence]
        for name, (_last, _first, licence) in zip(folded, typed, strict=True)
    ]


@dataclass(frozen=True)
class TickLine:
    player: Player
    member: bool  # a member of the tournament's club
    registered: bool  # already a participant of the tournament
    last_time: bool  # played the club's last evening
    # What tells apart two players of the same name: the licence, else the last evening
    # played at the club (None for a player whose name is theirs alone).
    homonym: bool = False
    last_evening: datetime.date | None = None


def offered_players(lines: Iterable[TickLine]) -> QuerySet[Player]:
    """The players of a tick list, as the choices of its form."""
    return Player.objects.filter(pk__in=[line.player.pk for line in lines])


def member_tick_list(tournament: Tournament) -> tuple[list[TickLine], Tournament | None]:
    """The players to fill ``tournament`` from: the club's members and the players of its last
    evening, in French alphabetical order, each saying whether they are already registered
    and whether they played that evening; and the last evening itself."""
    previous = last_evening(tournament)
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    last_time = (
        set(previous.registrations.values_list("player_id", flat=True)) if previous else set()
    )
    members = set(
        Member.objects.filter(club_id=tournament.club_id).values_list("player_id", flat=True)
    )
    players = by_name(Player.objects.filter(pk__in=members | last_time))
    # Two « DUPRÉ Hélène » are told apart by their licence, or by the last evening they played.
    same_name = Counter(player.search_name for player in players)
    homonyms_ = [player.pk for player in players if same_name[player.search_name] > 1]
    last = last_evenings(homonyms_, club_id=tournament.club_id) if homonyms_ else {}
    return [
        TickLine(
            player=player,
            member=player.pk in members,
            registered=player.pk in registered,
            last_time=player.pk in last_time,
            homonym=player.pk in homonyms_,
            last_evening=last.get(player.pk),
        )
        for player in players
    ], previous
