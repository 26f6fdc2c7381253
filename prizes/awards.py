"""Who receives which prize, to the cent (docs/prix.md, « L'attribution »).

The prize table is a list of prizes, each for a place of the scratch ranking (``category``
None: « 2e place ») or of a category (« 1re dame »): the n-th prize of a list is its n-th
place. The ranking is the tournament's, each player with their rank (ex aequo share a rank:
1, 2, 2, 4), listed in the order the tournament publishes them, and the categories they
belong to.

**The order of attribution.** The prizes are given one at a time, the largest first (of equal
amounts, the scratch ranking's before a category's, then in the table's order). Each goes to
the best-ranked player of its list who has not received one yet: with « un seul prix par
joueur », any prize; without it, a prize of that same list. So a player who could receive
several prizes receives the largest, once, and the next player of the category takes the
category's prize; a player who takes a category's prize larger than their scratch place leaves
that place to the next player.

**Ex aequo**, chosen per tournament:

- « partage » (``Ties.SHARE``): once the prizes are given, the ex aequo of a list who received
  its prizes, with those of them who received none at all, share the sum of those prizes
  equally: two players tied for 3rd, with 30 € for the 3rd place and nothing for the 4th,
  receive 15 € each. The cents the division leaves go one each to the first of them in the
  ranking's order. Who receives what is decided on the places, before the shares;
- « départage » (``Ties.TIEBREAK``): the ranking's order decides between ex aequo (the caller
  orders them by the tie-break it names), and each receives the prize of their place.

What is paid, and the prizes nobody could receive (not enough players in a category), always
add up to the pot: ``paid_cents + unawarded_cents == sum of the table``.

    >>> table = [Prize("1re place", 10000), Prize("2e place", 6000)]
    >>> table.append(Prize("1re dame", 3000, "dames"))
    >>> dames = frozenset({"dames"})
    >>> ranking = [Placed(1, 1), Placed(2, 2, dames), Placed(3, 3, dames)]
    >>> [(award.player, award.label, award.cents) for award in attribute(table, ranking).awards]
    [(1, '1re place', 10000), (2, '2e place', 6000), (3, '1re dame', 3000)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class Ties(StrEnum):
    SHARE = "partage"
    TIEBREAK = "départage"


@dataclass(frozen=True)
class Prize:
    label: str  # « 2e place », « 1re dame »
    cents: int
    category: str | None = None  # None: the scratch ranking


@dataclass(frozen=True)
class Placed:
    player: int
    rank: int
    categories: frozenset[str] = frozenset()

    def in_list(self, category: str | None) -> bool:
        return category is None or category in self.categories


@dataclass(frozen=True)
class Award:
    player: int
    rank: int
    label: str
    cents: int
    category: str | None
    shared_with: tuple[int, ...] = ()  # the other players of a shared sum, in ranking order


@dataclass(frozen=True)
class Attribution:
    awards: list[Award]
    unawarded: list[Prize] = field(default_factory=list)

    @property
    def paid_cents(self) -> int:
        return sum(award.cents for award in self.awards)

    @property
    def unawarded_cents(self) -> int:
        return sum(prize.cents for prize in self.unawarded)


def attribution_order(table: Sequence[Prize]) -> list[Prize]:
    """The prizes in the order they are given: the largest first; of equal amounts, the
    scratch ranking's first, then the table's order."""
    indexed = list(enumerate(table))
    indexed.sort(key=lambda item: (-item[1].cents, item[1].category is not None, item[0]))
    return [prize for _index, prize in indexed]


def attribute(
    table: Sequence[Prize],
    ranking: Sequence[Placed],
    *,
    one_prize_each: bool = True,
    ties: Ties = Ties.SHARE,
) -> Attribution:
    """Every prize of ``table`` given to a player of ``ranking`` (module docstring)."""
    if any(prize.cents < 0 for prize in table):
        raise ValueError("a prize is never negative")
    if len({placed.player for placed in ranking}) != len(ranking):
        raise ValueError("a player is ranked once")
    order = {placed.player: index for index, placed in enumerate(ranking)}
    given: dict[int, list[Prize]] = {}  # player -> the prizes they received
    unawarded: list[Prize] = []
    for prize in attribution_order(table):
        taker = next(
            (
                placed
                for placed in ranking
                if placed.in_list(prize.category)
                and not _holds(given.get(placed.player, []), prize.category, one_prize_each)
            ),
            None,
        )
        if taker is None:
            unawarded.append(prize)
        else:
            given.setdefault(taker.player, []).append(prize)
    awards = [
        Award(placed.player, placed.rank, prize.label, prize.cents, prize.category)
        for placed in ranking
        for prize in given.get(placed.player, [])
    ]
    if ties == Ties.SHARE:
        awards = _shared(awards, ranking, given, one_prize_each)
    awards.sort(key=lambda award: (order[award.player], -award.cents))
    return Attribution(awards=awards, unawarded=unawarded)


def _holds(prizes: list[Prize], category: str | None, one_prize_each: bool) -> bool:
    return bool(prizes) if one_prize_each else any(p.category == category for p in prizes)


def _shared(
    awards: list[Award], ranking: Sequence[Placed], given: dict, one_prize_each: bool
) -> list[Award]:
    """Each list's prizes held by ex aequo, pooled with those of them who hold nothing, and
    shared equally (the cents left one each, in ranking order)."""
    by_player = {placed.player: placed for placed in ranking}
    kept = list(awards)
    lists = {award.category for award in awards}
    for category in lists:
        for rank in sorted({award.rank for award in awards if award.category == category}):
            group = [
                placed
                for placed in ranking
                if placed.rank == rank
                and placed.in_list(category)
                and (
                    not _holds(given.get(placed.player, []), category, one_prize_each)
                    or any(prize.category == category for prize in given[placed.player])
                )
            ]
            if len(group) < 2:
                continue
            pooled = [
                award
                for award in kept
                if award.category == category and by_player[award.player].rank == rank
            ]
            total = sum(award.cents for award in pooled)
            share, left = divmod(total, len(group))
            labels = " et ".join(sorted({award.label for award in pooled}, key=_place_of(pooled)))
            players = tuple(placed.player for placed in group)
            kept = [award for award in kept if award not in pooled]
            kept += [
                Award(
                    placed.player,
                    placed.rank,
                    labels,
                    share + (1 if index < left else 0),
                    category,
                    tuple(player for player in players if player != placed.player),
                )
                for index, placed in enumerate(group)
            ]
    return kept


def _place_of(pooled: list[Award]):
    """Orders a shared sum's labels as the prizes were given (the largest first)."""
    rank = {award.label: (-award.cents, index) for index, award in enumerate(pooled)}
    return rank.__getitem__
