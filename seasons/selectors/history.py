"""A player's history: every published evening they sat, their seasons, their statistics.

A fixed number of queries whatever the number of evenings: the evenings' totals are the
season's own sums (``seasons.selectors.evenings``), and the statistics are database
aggregates over the player's deals (``player_statistics``), never a Python loop over them.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import (
    Avg,
    Case,
    CharField,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)

from clubs.models import Player
from scoring.ranking import rank_by_total
from scoring.rules import TARGETS
from seasons.models import Season
from seasons.selectors.ranking import PlayerLine, SeasonRanking, seasons_rankings
from tournaments.choices import MARQUE_FIELDS, POIGNEE_FIELDS
from tournaments.models import Deal, Seat, Tournament
from tournaments.selectors.players import ChartPoint, draw_chart
from tournaments.selectors.ranking import TABLE_SIZES


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


@dataclass(frozen=True)
class ContractStats:
    contract: str
    label: str
    taken: int
    made: int

    @property
    def made_share(self) -> Fraction | None:
        return Fraction(self.made, self.taken) if self.taken else None


@dataclass
class Statistics:
    deals: int  # deals played (a mort sits one out)
    by_table_size: dict[int, int]
    contracts: list[ContractStats]
    average_taker: float | None
    average_partner: float | None
    average_defender: float | None
    poignees: dict[str, int]  # by size: simple, double, triple
    petits_au_bout: int  # won by the player's camp
    chelems: int  # made by the player's camp

    @property
    def taken(self) -> int:
        return sum(contract.taken for contract in self.contracts)


@dataclass
class History:
    player: Player
    evenings: list[EveningRow]  # newest first
    seasons: list[SeasonRow]
    statistics: Statistics
    chart: list[ChartPoint] = field(default_factory=list)
    chart_zero: float = 0


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
        ranked = rank_by_total(
            totals[tournament.pk].values(), total=lambda evening_total: evening_total.total
        )
        mine = next(standing for standing in ranked if standing.item.player_id == player.pk)
        evenings.append(
            EveningRow(
                tournament=tournament,
                rank=mine.rank,
                tied=mine.tied,
                players=len(ranked),
                total=mine.total,
            )
        )
    if not evenings:
        return None
    evenings.sort(key=lambda row: (row.tournament.date, row.tournament.pk), reverse=True)
    history = History(
        player=player,
        evenings=evenings,
        seasons=_season_rows(rankings, player),
        statistics=player_statistics(player),
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


DEAL = "table__deals__"  # the deals of the seat's table, from the seat's row


def _deal(field: str) -> F:
    return F(DEAL + field)


def _by_place(fields: dict, *, output) -> Case:
    """The column of the player's own seat: ``fields`` maps each place to its deal column."""
    return Case(
        *[When(place=place, then=_deal(column)) for place, column in fields.items()],
        output_field=output,
    )


def _played_deals(player: Player):
    """Every deal the player played at a published evening, one row each: reached from their
    seats (one a table, found by the player's index), so that the seat's place, in the same
    row, says which marque and poignée are theirs and whether they took. A deal bid but not
    played, or sat out as the mort, is not played."""
    played = Q(**{DEAL + "all_pass": True}) | Q(**{DEAL + "points__isnull": False})
    return (
        Seat.objects.filter(registration__player=player, position__tournament__published=True)
        .annotate(
            counts=Case(
                When(played & ~Q(**{DEAL + "sitting_out": F("place")}), then=Value(1)),
                When(played & Q(**{DEAL + "sitting_out__isnull": True}), then=Value(1)),
                default=Value(0),
            )
        )
        .filter(counts=1)
    )


def player_statistics(player: Player) -> Statistics:
    """Aggregates over every deal the player played at a published evening: three queries."""
    place = F("place")
    deals = _played_deals(player).annotate(
        mine=_by_place(MARQUE_FIELDS, output=IntegerField()),
        shown=_by_place(POIGNEE_FIELDS, output=CharField()),
        target=Case(*[When(**{DEAL + "bouts": b}, then=Value(t)) for b, t in TARGETS.items()]),
    )
    taker = Q(**{DEAL + "taker": place})
    partner = Q(**{DEAL + "partner": place})
    attack = taker | partner
    defender = (
        Q(**{DEAL + "all_pass": False})
        & ~Q(**{DEAL + "taker": place})
        & (Q(**{DEAL + "partner__isnull": True}) | ~Q(**{DEAL + "partner": place}))
    )
    petit, chelem = DEAL + "petit_au_bout", DEAL + "chelem"
    totals = deals.aggregate(
        average_taker=Avg("mine", filter=taker),
        average_partner=Avg("mine", filter=partner),
        average_defender=Avg("mine", filter=defender),
        simple=Count("pk", filter=Q(shown="simple")),
        double=Count("pk", filter=Q(shown="double")),
        triple=Count("pk", filter=Q(shown="triple")),
        petits=Count(
            "pk",
            filter=(attack & Q(**{petit: "attack"})) | (defender & Q(**{petit: "defense"})),
        ),
        chelems=Count(
            "pk",
            filter=(attack & Q(**{chelem + "__in": ["announced_made", "unannounced_made"]}))
            | (defender & Q(**{chelem: "defense"})),
        ),
    )
    labels = dict(Deal._meta.get_field("contract").choices)
    taken = {
        row["contract"]: row
        for row in deals.annotate(
            contract=_deal("contract"),
            took=Case(When(taker, then=Value(1)), default=Value(0)),
            made=Case(
                When(taker & Q(**{DEAL + "points__gte": F("target")}), then=Value(1)),
                default=Value(0),
            ),
        )
        .filter(took=1)
        .values("contract")
        .annotate(taken=Count("pk"), made_count=Sum("made"))
        .order_by()
    }
    contracts = [
        ContractStats(
            contract=code,
            label=label,
            taken=taken.get(code, {}).get("taken", 0),
            made=taken.get(code, {}).get("made_count", 0),
        )
        for code, label in labels.items()
    ]
    size = (
        Seat.objects.filter(table=OuterRef("table"))
        .order_by()
        .values("table")
        .annotate(count=Count("pk"))
        .values("count")
    )
    by_size = dict.fromkeys(TABLE_SIZES, 0)
    for row in (
        _played_deals(player)
        .annotate(size=Subquery(size))
        .values("size")
        .annotate(played=Count("pk"))
        .order_by()
    ):
        by_size[row["size"]] = row["played"]
    return Statistics(
        deals=sum(by_size.values()),
        by_table_size=by_size,
        contracts=contracts,
        average_taker=totals["average_taker"],
        average_partner=totals["average_partner"],
        average_defender=totals["average_defender"],
        poignees={size: totals[size] for size in ("simple", "double", "triple")},
        petits_au_bout=totals["petits"],
        chelems=totals["chelems"],
    )


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
