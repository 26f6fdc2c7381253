"""A player's history: every published evening they sat, their seasons, their statistics.

A fixed number of queries whatever the number of evenings: the evenings' totals are the
season's own sums (``seasons.selectors.evenings``), and the statistics the evenings' counts
added up (``seasons.selectors.statistics``); both kept per evening until it changes.
"""

from dataclasses import dataclass, field

from django.db.models import Q

from clubs.models import Player
from scoring.ranking import rank_of
from seasons.models import Season
from seasons.selectors.ranking import PlayerLine, SeasonRanking, seasons_rankings
from seasons.selectors.statistics import Statistics, player_statistics
from tournaments.models import Tournament
from tournaments.selectors.players import ChartPoint, draw_chart


@dataclass(frozen=True)
class EveningRow:
    tournament: Tournament
    rank: int
    tied: bool
    players: int  # N, the players ranked that evening
    total: int


@dataclass(frozen=True)
class SeasonRow:
    ranking: SeasonRanking
    line: PlayerLine


@dataclass
class History:
    player: Player
    evenings: list[EveningRow]  # newest first
    seasons: list[SeasonRow]
    statistics: Statistics
    chart: list[ChartPoint] = field(default_factory=list)
    chart_zero: float = 0
    # The values the chart's axis reads, top to bottom: the highest total, 0, the lowest.
    chart_axis: list[ChartPoint] = field(default_factory=list)


def _published_evenings(player: Player):
    return Tournament.objects.filter(
        published=True, registrations__player=player, registrations__seats__isnull=False
    ).distinct()


def player_history(player_id: int) -> History | None:
    """The history of player ``player_id``; None when they never sat a published evening
    (their page then shows nothing: no name, no licence)."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        return None
    tournaments = list(_published_evenings(player).select_related("club"))
    if not tournaments:
        return None
    seasons = list(
        Season.objects.filter(
            Q(chosen=True, tournaments__in=tournaments)
            | Q(
                chosen=False,
                club__in={t.club_id for t in tournaments},
                start__lte=max(t.date for t in tournaments),
                end__gte=min(t.date for t in tournaments),
            )
        )
        .select_related("club")
        .distinct()
    )
    totals: dict = {}
    rankings = seasons_rankings(seasons, also=[t.pk for t in tournaments], totals_out=totals)
    evenings = []
    for tournament in tournaments:
        if player.pk not in totals.get(tournament.pk, {}):
            continue  # seated but no deal played: not ranked that evening, as its ranking says
        evening = totals[tournament.pk]
        total = evening[player.pk].total
        place = evening[player.pk].place
        if place is None:
            rank, tied = rank_of(total, (other.total for other in evening.values()))
        else:  # a tournament with stages: the place it published
            rank = place
            tied = sum(1 for other in evening.values() if other.place == place) > 1
        evenings.append(
            EveningRow(
                tournament=tournament, rank=rank, tied=tied, players=len(evening), total=total
            )
        )
    if not evenings:
        return None
    evenings.sort(key=lambda row: (row.tournament.date, row.tournament.pk), reverse=True)
    history = History(
        player=player,
        evenings=evenings,
        seasons=_season_rows(rankings, player),
        statistics=player_statistics(player, tournament_ids=[t.pk for t in tournaments]),
    )
    _draw_chart(history)
    return history


def _season_rows(rankings: dict[int, SeasonRanking], player: Player) -> list[SeasonRow]:
    rows = []
    for ranking in rankings.values():
        for line in ranking.ranked + ranking.unranked:
            if line.player.pk == player.pk:
                rows.append(SeasonRow(ranking=ranking, line=line))
    rows.sort(key=lambda row: (row.ranking.season.start, row.ranking.season.pk), reverse=True)
    return rows


CHART_LABELS = 5  # dates under the axis: a few, so that they never overlap


def _draw_chart(history: History) -> None:
    """Each evening's total, oldest first, drawn as the tournament's player page draws its
    running total (``tournaments.selectors.players.draw_chart``)."""
    points = [
        ChartPoint(label=row.tournament.date.strftime("%d/%m"), total=row.total)
        for row in reversed(history.evenings)
    ]
    if len(points) < 2:
        return
    history.chart = points
    history.chart_zero = draw_chart(points, labels=CHART_LABELS)
    highest = min(points, key=lambda point: point.y)
    lowest = max(points, key=lambda point: point.y)
    axis = {0: ChartPoint(label="", total=0, y=history.chart_zero)}
    for point in (highest, lowest):
        axis.setdefault(point.total, ChartPoint(label="", total=point.total, y=point.y))
    history.chart_axis = sorted(axis.values(), key=lambda point: point.y)
