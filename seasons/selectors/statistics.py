"""A player's statistics over every deal they played: what they take, how often they make it,
their marques by role, their poignées, petits au bout and chelems.

They are sums over evenings, so each evening's counts are read once for all its players (one
grouped query over its deals) and kept in the shared cache under the evening's stamp, as its
totals are (``seasons.selectors.evenings``): a player of 200 evenings adds up 200 rows of
counts, and sums again only the evenings changed since they were last read.
"""

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import (
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

from scoring.rules import TARGETS
from seasons.selectors.evenings import kept_per_evening
from tournaments.choices import MARQUE_FIELDS, POIGNEE_FIELDS
from tournaments.models import Deal, Seat
from tournaments.selectors.ranking import TABLE_SIZES

CONTRACTS = dict(Deal._meta.get_field("contract").choices)  # code: label, in the rules' order
POIGNEES = ("simple", "double", "triple")


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


# What one player's deals of one evening add up to, in this order: the statistics are sums of
# these (the averages a sum of marques over a count), so that evenings add up.
COUNTS = (
    *(f"size_{size}" for size in TABLE_SIZES),
    *(f"{role}_{part}" for role in ("taker", "partner", "defender") for part in ("sum", "count")),
    *POIGNEES,
    "petits",
    "chelems",
    *(f"{part}_{code}" for code in CONTRACTS for part in ("taken", "made")),
)

DEAL = "table__deals__"  # the deals of the seat's table, from the seat's row


def _deal(field: str) -> F:
    return F(DEAL + field)


def _by_place(fields: dict, *, output) -> Case:
    """The column of the player's own seat: ``fields`` maps each place to its deal column."""
    return Case(
        *[When(place=place, then=_deal(column)) for place, column in fields.items()],
        output_field=output,
    )


def _played_deals(tournament_ids: Collection[int]):
    """Every deal played at those evenings, once for each player who played it: reached from
    the seats (one a table), so that the seat's place, in the same row, says which marque and
    poignée are the player's and whether they took. A deal bid but not played, or sat out as
    the mort, is not played."""
    played = Q(**{DEAL + "all_pass": True}) | Q(**{DEAL + "points__isnull": False})
    # Annotated, then filtered on: a condition on the deals in exclude() or ~Q() would be
    # asked of every deal of the table in a subquery, not of this row's deal.
    return (
        Seat.objects.filter(position__tournament__in=tournament_ids)
        .annotate(
            # No mort (sitting_out null) leaves the player in: ~Q keeps the nulls.
            counts=Case(
                When(played & ~Q(**{DEAL + "sitting_out": F("place")}), then=Value(1)),
                default=Value(0),
            )
        )
        .filter(counts=1)
    )


def _counts(tournament_ids: list[int]) -> dict[int, dict[int, tuple[int, ...]]]:
    """Each player's ``COUNTS`` at each evening, by tournament then player: one query."""
    place = F("place")
    taker = Q(**{DEAL + "taker": place})
    partner = Q(**{DEAL + "partner": place})
    attack = taker | partner
    defender = (
        Q(**{DEAL + "all_pass": False})
        & ~Q(**{DEAL + "taker": place})
        & (Q(**{DEAL + "partner__isnull": True}) | ~Q(**{DEAL + "partner": place}))
    )
    petit, chelem = DEAL + "petit_au_bout", DEAL + "chelem"
    made = taker & Q(**{DEAL + "points__gte": F("target")})
    size = (
        Seat.objects.filter(table=OuterRef("table"))
        .order_by()
        .values("table")
        .annotate(count=Count("pk"))
        .values("count")
    )
    aggregates = {
        **{f"size_{n}": Count("pk", filter=Q(size=n)) for n in TABLE_SIZES},
        **{
            f"{role}_{part}": Sum("mine", filter=where)
            if part == "sum"
            else Count("pk", filter=where)
            for role, where in (("taker", taker), ("partner", partner), ("defender", defender))
            for part in ("sum", "count")
        },
        **{shown: Count("pk", filter=Q(shown=shown)) for shown in POIGNEES},
        "petits": Count(
            "pk", filter=(attack & Q(**{petit: "attack"})) | (defender & Q(**{petit: "defense"}))
        ),
        "chelems": Count(
            "pk",
            filter=(attack & Q(**{chelem + "__in": ["announced_made", "unannounced_made"]}))
            | (defender & Q(**{chelem: "defense"})),
        ),
        **{
            f"{part}_{code}": Count("pk", filter=where & Q(**{DEAL + "contract": code}))
            for code in CONTRACTS
            for part, where in (("taken", taker), ("made", made))
        },
    }
    rows = (
        _played_deals(tournament_ids)
        .annotate(
            mine=_by_place(MARQUE_FIELDS, output=IntegerField()),
            shown=_by_place(POIGNEE_FIELDS, output=CharField()),
            target=Case(*[When(**{DEAL + "bouts": b}, then=Value(t)) for b, t in TARGETS.items()]),
            size=Subquery(size),
        )
        .values("position__tournament_id", "registration__player_id")
        .annotate(**aggregates)
        .values_list("position__tournament_id", "registration__player_id", *COUNTS)
        .order_by()
    )
    counts: dict[int, dict[int, tuple[int, ...]]] = {}
    for tournament, player, *values in rows:
        counts.setdefault(tournament, {})[player] = tuple(value or 0 for value in values)
    return counts


def player_statistics(player, *, tournament_ids: Collection[int] | None = None) -> Statistics:
    """The statistics of ``player`` over the deals of ``tournament_ids`` (by default every
    published evening): the evenings' counts kept, added up."""
    if tournament_ids is None:
        tournament_ids = list(
            Seat.objects.filter(registration__player=player, position__tournament__published=True)
            .values_list("position__tournament_id", flat=True)
            .distinct()
        )
    evenings = kept_per_evening("deal-counts", tournament_ids, _counts)
    sums = dict.fromkeys(COUNTS, 0)
    for counts in evenings.values():
        mine = counts.get(player.pk)
        if mine:
            for name, value in zip(COUNTS, mine, strict=True):
                sums[name] += value
    return Statistics(
        deals=sum(sums[f"size_{size}"] for size in TABLE_SIZES),
        by_table_size={size: sums[f"size_{size}"] for size in TABLE_SIZES},
        contracts=[
            ContractStats(
                contract=code, label=label, taken=sums[f"taken_{code}"], made=sums[f"made_{code}"]
            )
            for code, label in CONTRACTS.items()
        ],
        average_taker=_average(sums, "taker"),
        average_partner=_average(sums, "partner"),
        average_defender=_average(sums, "defender"),
        poignees={shown: sums[shown] for shown in POIGNEES},
        petits_au_bout=sums["petits"],
        chelems=sums["chelems"],
    )


def _average(sums: dict[str, int], role: str) -> float | None:
    count = sums[f"{role}_count"]
    return sums[f"{role}_sum"] / count if count else None
