"""Reads about clubs: the clubs an account runs, a club's evenings and members, who a club may
find in the player directory, and the members a new evening may be filled from.

The tenancy rule of the directory is ``registrations.players_visible_to``: a club sees its
members, the players of its own tournaments and those of published tournaments, nobody else.
"""

from dataclasses import dataclass

from django.db.models import Count, Q

from clubs.models import Club, Member, Player
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
    return list(
        member.player.registrations.filter(tournament__club_id=member.club_id)
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament__pk")
    )


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


@dataclass(frozen=True)
class TickLine:
    player: Player
    member: bool  # a member of the tournament's club
    registered: bool  # already a participant of the tournament
    last_time: bool  # played the club's last evening


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
    return [
        TickLine(
            player=player,
            member=player.pk in members,
            registered=player.pk in registered,
            last_time=player.pk in last_time,
        )
        for player in players
    ], previous
