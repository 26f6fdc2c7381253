"""Reads about a tournament's players: who a club may find in the directory, searches, who
plays a position."""

from operator import attrgetter

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet

from clubs.models import Member, Player
from common.names import (
    by_name,
    name_matches,
)
from tournaments.championship import span_of, tournament_stages
from tournaments.models import Registration, Tournament
from tournaments.selectors.ranking import stage_rankings


def players_visible_to(*, club_ids) -> QuerySet[Player]:
    """The players the clubs ``club_ids`` may find: their members, the players of their
    tournaments, and those of published tournaments; never a player known only from another
    club (its members, its unpublished tournaments), nor one in no club and no tournament."""
    registrations = Registration.objects.filter(player=OuterRef("pk")).filter(
        Q(tournament__published=True) | Q(tournament__club_id__in=club_ids)
    )
    memberships = Member.objects.filter(player=OuterRef("pk"), club_id__in=club_ids)
    return Player.objects.filter(Exists(registrations) | Exists(memberships))


def seen_in_another_club(player: Player, *, club_id: int) -> bool:
    """Whether club ``club_id`` may see ``player`` in another club: in one of that club's
    published tournaments. Another club's members and unpublished tournaments are its own
    business: a refusal, or a record of this club's own, that rested on them would tell this
    club they exist."""
    return (
        player.registrations.filter(tournament__published=True)
        .exclude(tournament__club_id=club_id)
        .exists()
    )


def _matching_players(query: str, *, player: str = "") -> Q:
    """Every word of ``query`` in the player's names (accents and case aside) or starting
    their licence; ``player`` is the path to the player (« player__ » from a registration)."""
    match = Q()
    for word in query.split():
        match &= name_matches(word, player=player) | Q(**{f"{player}licence__istartswith": word})
    return match


def search_players(*, tournament: Tournament, query: str, limit: int = 20) -> list[Player]:
    """Known players whose name (accents and case aside) or licence matches ``query``, and not
    yet in ``tournament``, in French alphabetical order."""
    if not query.split():
        return []
    players = (
        players_visible_to(club_ids=[tournament.club_id])
        .exclude(registrations__tournament=tournament)
        .filter(_matching_players(query))
    )
    return by_name(players.order_by("search_name", "pk")[:limit])


def search_registered(*, tournament: Tournament, query: str, limit: int = 20) -> list[Registration]:
    """The participants of ``tournament`` that ``query`` names (by name or licence): a search
    for someone already registered says under which number, rather than « nobody »."""
    if not query.split():
        return []
    registrations = tournament.registrations.select_related("player").filter(
        _matching_players(query, player="player__")
    )
    return by_name(
        registrations.order_by("player__search_name", "pk")[:limit], player=attrgetter("player")
    )


def registrations_by_name(*, tournament: Tournament) -> list[Registration]:
    """The tournament's participants with their players and teams, in French alphabetical
    order (one query)."""
    return by_name(
        tournament.registrations.select_related("player", "team"), player=attrgetter("player")
    )


def registration_numbered(*, tournament: Tournament, number: int) -> Registration | None:
    return tournament.registrations.filter(number=number).first()


def tournament_teams(*, tournament: Tournament) -> dict:
    """The teams in French order, each with its members (``team.members``, in French order);
    those with a place left; and the participants in no team (three queries)."""
    teams = by_name(tournament.teams.prefetch_related("registrations__player"))
    for team in teams:
        team.members = by_name(team.registrations.all(), player=attrgetter("player"))
    return {
        "teams": teams,
        "open_teams": [team for team in teams if len(team.members) < tournament.team_size],
        "without_team": by_name(
            tournament.registrations.filter(team__isnull=True).select_related("player"),
            player=attrgetter("player"),
        ),
    }


def next_participant_number(*, tournament: Tournament) -> int:
    highest = tournament.registrations.aggregate(highest=Max("number"))["highest"]
    return (highest or 0) + 1


def last_seated_position_number(*, tournament: Tournament) -> int:
    """The number of the last position that has tables, 0 before the first is seated."""
    highest = tournament.positions.filter(tables__isnull=False).aggregate(highest=Max("number"))
    return highest["highest"] or 0


def last_played_position_number(*, tournament: Tournament) -> int:
    """The last position under way (a deal played) or closed; 0 before play starts."""
    highest = tournament.positions.filter(
        Q(tables__deals__isnull=False) | Q(closed_at__isnull=False)
    ).aggregate(highest=Max("number"))
    return highest["highest"] or 0


def position_participants(*, tournament: Tournament, number: int) -> list[Registration]:
    """Who plays position ``number``: present, already joined, not withdrawn; after the
    first stage of a championship, only those the previous stage's cut qualified."""
    participants = (
        tournament.registrations.filter(checked_in=True)
        .filter(Q(joins_from__isnull=True) | Q(joins_from__lte=number))
        .filter(Q(withdrawn_from__isnull=True) | Q(withdrawn_from__gt=number))
        .select_related("player", "team")
    )
    qualified = stage_qualified(tournament=tournament, number=number)
    if qualified is not None:
        participants = participants.filter(pk__in=qualified)
    return list(participants)


def stage_qualified(*, tournament: Tournament, number: int) -> set[int] | None:
    """The registrations the previous stage's cut qualified for position ``number``'s
    stage; None in the first stage, or without stages (everyone present plays). Read from
    the stages' rankings alone (``stage_rankings``), not the whole ranking of the pages: at
    2,000 players that cost more than drawing the seating."""
    spans = tournament_stages(tournament)
    span = span_of(spans, number)
    if span is None or span.number == 1:
        return None
    previous = stage_rankings(tournament)[span.number - 2]
    return {line.key for line in previous.lines if line.qualified}


def registration_counts(*, tournament: Tournament) -> dict[str, int]:
    """What the arbitre's dashboard counts: players registered, present (checked in and not
    withdrawn), without a team; and the teams. Two queries."""
    counts = tournament.registrations.aggregate(
        registered=Count("pk"),
        present=Count("pk", filter=Q(checked_in=True, withdrawn_from__isnull=True)),
        without_team=Count("pk", filter=Q(team__isnull=True)),
    )
    return counts | {"teams": tournament.teams.count()}
