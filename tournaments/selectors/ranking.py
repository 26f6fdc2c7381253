"""The tournament's ranking as the pages, exports and projector read it.

The database adds the marques up (one grouped query over every deal of the tournament); the
pure ``scoring.ranking`` orders the totals. A handful of queries whatever the size of the
tournament: none per player, per deal or per position (``tests/selectors``, and
``bench/ranking_bench.py`` for 400 players).
"""

from collections import defaultdict
from collections.abc import Container
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Q, QuerySet, Sum

from common.db import one_snapshot
from common.names import name_key
from scoring.ranking import PlayerScore, Standing, rank_players, rank_teams, team_scores
from tournaments.championship import (
    StageRanking,
    StageSpan,
    final_places,
    for_stage,
    hall_of,
    rank_stages,
    tournament_halls,
    tournament_stages,
)
from tournaments.choices import MARQUE_FIELDS, Place
from tournaments.models import Deal, Penalty, Registration, Seat, Team, Tournament

TABLE_SIZES = (3, 4, 5)


@dataclass(frozen=True)
class PositionResult:
    """Where a player sat for one position, and their bilan there (so far, if under way).

    ``bilan`` is None while the player has played no deal of the position: their table has
    played none (a forced close, a table that never started), or, at 5, they sat out every
    deal played. Such a position reads « — » (« non jouée »), never 0, wherever it is shown.
    """

    number: int
    table: int
    seat: str
    bilan: int | None

    @property
    def played(self) -> bool:
        return self.bilan is not None

    @property
    def seat_label(self) -> str:
        return Place(self.seat).label


@dataclass
class RankedPlayer:
    rank: int | None  # None: has not played a single deal, listed last
    tied: bool
    registration: Registration
    total: int
    penalties: int  # the positive number of points taken off
    positions: dict[int, PositionResult]
    deals_by_table_size: dict[int, int]
    # One cell per position seated so far (``Ranking.position_numbers``): None where the
    # player did not sit (a late arrival, a withdrawal).
    cells: list[PositionResult | None]
    # In a tournament with stages: the last stage the player sat, and whether its cut
    # qualified them for the next one. Nobody is qualified before the stage's last position
    # closes: until then a player within the cut is ``qualifying`` (« en position de se
    # qualifier ») and ``qualified`` is unknown (``qualification_open``).
    stage_reached: StageSpan | None = None
    qualified: bool = False
    qualifying: bool = False
    qualification_open: bool = False
    qualified_for: str = ""  # « pour la Finale », when qualified or qualifying

    @property
    def qualified_or_unknown(self) -> bool | None:
        """Whether the cut qualified the player; None while their stage is under way."""
        return None if self.qualification_open else self.qualified

    @property
    def played(self) -> bool:
        """Whether the player has played a single deal: those who have not have no rank."""
        return self.rank is not None

    @property
    def withdrawn(self) -> bool:
        return self.registration.withdrawn_from is not None

    @property
    def penalties_signed(self) -> int:
        """The penalties as they count in the total: −50 when 50 points are taken off."""
        return -self.penalties


@dataclass
class RankedTeam:
    rank: int
    tied: bool
    team: Team
    members: list[Registration]
    total: int


@dataclass
class Ranking:
    tournament: Tournament
    players: list[RankedPlayer]
    teams: list[RankedTeam]
    position_numbers: list[int]  # the positions seated so far: one column each
    positions_closed: int
    current_position: int | None  # the position under way, if any
    tables_playing: int  # its tables not signed yet
    deals_counted: int
    by_number: dict[int, RankedPlayer] = field(default_factory=dict)
    # Each stage's own ranking, in order; empty for a tournament without stages.
    stages: list[StageRanking] = field(default_factory=list)

    @property
    def final(self) -> bool:
        """Final once every position is closed (the rule that finishes the tournament)."""
        return self.positions_closed >= self.tournament.positions_count

    @property
    def positions_count(self) -> int:
        return self.tournament.positions_count

    @property
    def current_stage(self) -> StageRanking | None:
        """The last stage seated (the first before any is): the one the room plays."""
        if not self.stages:
            return None
        seated = [stage for stage in self.stages if stage.seated]
        return seated[-1] if seated else self.stages[0]

    @property
    def shown_players(self) -> list[RankedPlayer]:
        """What the room's screen shows: during a stage, its players only; the whole
        ranking once the tournament is final, or without stages."""
        stage = self.current_stage
        if stage is None or self.final:
            return self.players
        return [p for p in self.players if p.stage_reached.number == stage.span.number]


@dataclass
class TableSums:
    """What the deals of some tables add up to: per table, each seat's marques; the deals
    each table played, and those each seat sat out (the mort at 5); the deals counted."""

    marques: dict[int, dict[str, int]]
    played: dict[int, int]
    sat_out: dict[tuple[int, str], int]
    counted: int


_PLACES = [place.value for place in MARQUE_FIELDS]
_SUMS = [Sum(column) for column in MARQUE_FIELDS.values()]
_SUM_NAMES = [f"{column}__sum" for column in MARQUE_FIELDS.values()]


def table_sums(deals: QuerySet[Deal]) -> TableSums:
    """Per table, the sum of each seat's marques and the deals each seat played, over
    ``deals``: one tournament's, or every evening of a season at once.

    One grouped query, whatever the number of tables: by table and by the seat sitting the
    deal out (the mort at 5), so that a mort's count leaves out the deals they did not play.
    A deal bid but not played has no marque yet: it is neither summed nor counted.
    """
    rows = (
        deals.filter(Q(all_pass=True) | Q(points__isnull=False))
        .values("table_id", "sitting_out")
        .annotate(Count("pk"), *_SUMS)
        .values_list("table_id", "sitting_out", "pk__count", *_SUM_NAMES)
        .order_by()
    )
    sums = TableSums(marques={}, played=defaultdict(int), sat_out=defaultdict(int), counted=0)
    for table, sitting_out, played, *marques in rows:
        known = sums.marques.get(table)
        if known is None:
            sums.marques[table] = {p: m or 0 for p, m in zip(_PLACES, marques, strict=True)}
        else:
            for place, marque in zip(_PLACES, marques, strict=True):
                known[place] += marque or 0
        sums.played[table] += played
        sums.counted += played
        if sitting_out:
            sums.sat_out[(table, sitting_out)] += played
    return sums


@dataclass
class _Seated:
    """What the seats, deals and penalties of a tournament say, per registration: where they
    sat and their bilan at each position, the deals they played at each size of table, and
    the penalties given at each position; with each position's (number, closed_at, tables,
    unsigned tables) and the deals counted."""

    results: dict[int, dict[int, PositionResult]]
    by_size: dict[int, dict[int, int]]
    penalties_by_position: dict[int, dict[int, int]]
    positions: list[tuple]
    deals_counted: int

    @property
    def position_numbers(self) -> list[int]:
        """The positions seated so far."""
        return sorted(number for number, _c, tables, _u in self.positions if tables)


def _seated(tournament: Tournament, keys: Container[int]) -> _Seated:
    """``_Seated`` for the registrations ``keys`` (read before, in the same snapshot)."""
    seats = list(
        Seat.objects.filter(position__tournament=tournament).values_list(
            "registration_id", "place", "table_id", "table__number", "position__number"
        )
    )
    table_size: dict[int, int] = defaultdict(int)
    for _registration, _place, table_id, _table, _position in seats:
        table_size[table_id] += 1
    sums = table_sums(Deal.objects.filter(table__position__tournament=tournament))
    penalties_by_position: dict[int, dict[int, int]] = defaultdict(dict)
    for registration_id, number, points in (
        Penalty.objects.filter(position__tournament=tournament, cancelled_at__isnull=True)
        .values("registration_id", "position__number")
        .annotate(points=Sum("points"))
        .values_list("registration_id", "position__number", "points")
        .order_by()
    ):
        penalties_by_position[registration_id][number] = points
    positions = list(
        tournament.positions.annotate(
            tables_count=Count("tables"),
            unsigned=Count("tables", filter=Q(tables__locked_at__isnull=True)),
        ).values_list("number", "closed_at", "tables_count", "unsigned")
    )

    results: dict[int, dict[int, PositionResult]] = defaultdict(dict)
    by_size: dict[int, dict[int, int]] = defaultdict(lambda: dict.fromkeys(TABLE_SIZES, 0))
    for registration_id, place, table_id, table_number, position_number in seats:
        if registration_id not in keys:
            # Registered after the registrations were read (outside one snapshot): counted
            # at the next reading.
            continue
        played = sums.played[table_id] - sums.sat_out[(table_id, place)]
        results[registration_id][position_number] = PositionResult(
            number=position_number,
            table=table_number,
            seat=place,
            bilan=sums.marques[table_id][place] if played else None,
        )
        by_size[registration_id][table_size[table_id]] += played
    return _Seated(results, by_size, penalties_by_position, positions, sums.counted)


def _rank_stages(
    tournament: Tournament, spans: list[StageSpan], seated: _Seated, names: dict[int, tuple]
) -> list[StageRanking]:
    """Each stage's own ranking (``rank_stages``), from what the seats say."""
    return rank_stages(
        spans,
        bilans={
            key: {number: result.bilan for number, result in sat.items()}
            for key, sat in seated.results.items()
        },
        penalties=seated.penalties_by_position,
        closed={number for number, closed_at, _t, _u in seated.positions if closed_at},
        seated=set(seated.position_numbers),
        order=names,
        halls=_finishing_halls(tournament, spans, seated.results),
    )


class _Named(NamedTuple):
    """A player's names, as ``name_key`` reads them, without the player's model."""

    last_name: str
    first_name: str


@one_snapshot
def stage_rankings(tournament: Tournament) -> list[StageRanking]:
    """Each stage's own ranking, as ``tournament_ranking(tournament).stages`` holds it,
    without what only the pages read (each line's registration and cells, the final places,
    the teams, the players' models): what the seating reads for a later stage's players
    and its cut, in half the time at 2,000 players."""
    spans = tournament_stages(tournament)
    if not spans:
        return []
    names = {
        key: name_key(_Named(last_name, first_name))
        for key, last_name, first_name in tournament.registrations.values_list(
            "pk", "player__last_name", "player__first_name"
        )
    }
    seated = _seated(tournament, names)
    return _rank_stages(tournament, spans, seated, {key: names[key] for key in seated.results})


@one_snapshot
def tournament_ranking(tournament: Tournament) -> Ranking:
    """The individual and team rankings, live during play and final once every position
    is closed. A player is ranked once seated at a position; a withdrawn player stays ranked
    with what they played; a late arrival has no result for the positions they missed."""
    registrations = {
        registration.pk: registration
        for registration in tournament.registrations.select_related("player", "team")
    }
    seated = _seated(tournament, registrations)
    results, by_size, positions = seated.results, seated.by_size, seated.positions
    penalties = {key: sum(points.values()) for key, points in seated.penalties_by_position.items()}

    names = {key: name_key(registrations[key].player) for key in results}
    scores = [
        PlayerScore(
            key=registration_id,
            bilans={
                number: result.bilan
                for number, result in results[registration_id].items()
                if result.played
            },
            penalties=penalties.get(registration_id, 0),
            order=names[registration_id],
        )
        for registration_id in results
    ]
    position_numbers = seated.position_numbers
    spans = tournament_stages(tournament)
    if spans:
        stages = _rank_stages(tournament, spans, seated, names)
        for stage in stages:
            for line in stage.lines:
                line.registration = registrations[line.key]
                line.cells = [results[line.key].get(n) for n in stage.span.positions]
        players = [
            RankedPlayer(
                rank=place.rank,
                tied=place.tied,
                registration=registrations[place.line.key],
                total=place.line.total,
                penalties=place.line.penalties,
                positions=dict(sorted(results[place.line.key].items())),
                deals_by_table_size=by_size[place.line.key],
                cells=[results[place.line.key].get(number) for number in position_numbers],
                stage_reached=place.stage.span,
                qualified=place.line.qualified and place.stage.closed,
                qualifying=place.line.qualified and not place.stage.closed,
                qualification_open=place.stage.span.cut is not None and not place.stage.closed,
                qualified_for=for_stage(place.stage.next_name) if place.line.qualified else "",
            )
            for place in final_places(stages)
        ]
    else:
        stages = []
        players = _players(scores, registrations, results, by_size, position_numbers)
    teams = _team_ranking(registrations, {score.key: score for score in scores})

    open_positions = [p for p in positions if p[1] is None and p[2] > 0]
    current = min(open_positions, default=None)
    ranking = Ranking(
        tournament=tournament,
        players=players,
        teams=teams,
        position_numbers=position_numbers,
        positions_closed=sum(1 for p in positions if p[1] is not None),
        current_position=current[0] if current else None,
        tables_playing=current[3] if current else 0,
        deals_counted=seated.deals_counted,
        stages=stages,
    )
    ranking.by_number = {player.registration.number: player for player in players}
    return ranking


def _finishing_halls(
    tournament: Tournament, spans: list[StageSpan], results: dict
) -> dict[int, dict[int, str]]:
    """For each stage cut per hall: the hall each player finished it in (the hall of their
    table at the last position of the stage they sat). One query, only when a cut needs it."""
    per_hall = [span for span in spans if span.cut_per_hall]
    if not per_hall:
        return {}
    halls = tournament_halls(tournament)
    finishing: dict[int, dict[int, str]] = {}
    for span in per_hall:
        finishing[span.number] = {}
        for key, sat in results.items():
            last = max((n for n in span.positions if n in sat), default=None)
            if last is not None:
                hall = hall_of(halls, sat[last].table)
                finishing[span.number][key] = hall.name if hall else ""
    return finishing


def _players(scores, registrations, results, by_size, position_numbers) -> list[RankedPlayer]:
    """The ranking of a tournament without stages: every position's bilans summed."""
    return [
        RankedPlayer(
            rank=standing.rank,
            tied=standing.tied,
            registration=registrations[standing.item.key],
            total=standing.total,
            penalties=standing.item.penalties,
            positions=dict(sorted(results[standing.item.key].items())),
            deals_by_table_size=by_size[standing.item.key],
            cells=[results[standing.item.key].get(number) for number in position_numbers],
        )
        for standing in rank_players(scores)
    ]


def _team_ranking(registrations: dict[int, Registration], scores: dict) -> list[RankedTeam]:
    members: dict[int, list[Registration]] = defaultdict(list)
    teams: dict[int, Team] = {}
    for registration in sorted(registrations.values(), key=lambda r: r.number):
        if registration.team is not None and registration.pk in scores:
            members[registration.team_id].append(registration)
            teams[registration.team_id] = registration.team
    standings: list[Standing] = rank_teams(
        team_scores(
            {team_id: [r.pk for r in regs] for team_id, regs in members.items()},
            scores,
            order={team_id: name_key(team) for team_id, team in teams.items()},
        )
    )
    return [
        RankedTeam(
            rank=standing.rank,
            tied=standing.tied,
            team=teams[standing.item.key],
            members=members[standing.item.key],
            total=standing.total,
        )
        for standing in standings
    ]
