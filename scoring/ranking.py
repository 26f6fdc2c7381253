"""The tournament's ranking, individual and by team, from plain sums.

FFT fascicule, « Le classement »: a player's score is the sum of the bilans of every position
they played, less the penalties the arbitre gave them; a team's score is the sum of its
members' scores. Equal scores share a rank (1, 2, 2, 4: « ex aequo »), since the FFT sets no
tie-break. A participant who has not played a single deal (seated only at tables that played
none, as after a forced close) has no rank: they are listed after every player who did, so
that a 0 they never scored does not rank them above those who played and lost. Pure Python,
like ``scoring.rules``: the Django side adds the bilans up in the database and hands the sums
over; this module orders them.

    >>> alice = PlayerScore(key=1, bilans={1: 120, 2: -40}, penalties=0)
    >>> bruno = PlayerScore(key=2, bilans={1: 80}, penalties=0)
    >>> chloe = PlayerScore(key=3, bilans={1: 100, 2: 30}, penalties=60)
    >>> absent = PlayerScore(key=4, bilans={}, penalties=0)
    >>> [(s.rank, s.tied, s.item.key, s.total) for s in rank_players([chloe, absent, alice, bruno])]
    [(1, True, 1, 80), (1, True, 2, 80), (3, False, 3, 70), (None, False, 4, 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = [
    "PlayerScore",
    "Standing",
    "TeamScore",
    "rank_by_total",
    "rank_players",
    "rank_teams",
    "team_scores",
]

T = TypeVar("T")


@dataclass(frozen=True)
class PlayerScore:
    """What one participant scored: a bilan per position played, the penalties taken off.

    ``bilans`` maps a position number to the player's bilan there; a position missing from it
    was not played (a late arrival, a withdrawal, a table that played no deal), which is not
    the same as a bilan of 0. A score with no bilan at all has not played.
    ``penalties`` is the positive number of points taken off.
    """

    key: Hashable
    bilans: Mapping[int, int]
    penalties: int = 0
    order: tuple = ()  # how equal totals are listed: the caller's sort key (a name, a number)

    def __post_init__(self):
        if self.penalties < 0:
            raise ValueError("penalties is the positive number of points taken off")

    @property
    def played(self) -> bool:
        """Whether the participant played at least one position."""
        return bool(self.bilans)

    @property
    def played_total(self) -> int:
        """The sum of the bilans, before the penalties."""
        return sum(self.bilans.values())

    @property
    def total(self) -> int:
        return self.played_total - self.penalties


@dataclass(frozen=True)
class TeamScore:
    """A DUO or quadrette: its members' keys and the sum of their totals."""

    key: Hashable
    members: tuple[Hashable, ...]
    total: int
    order: tuple = ()


@dataclass(frozen=True)
class Standing(Generic[T]):
    """One line of a ranking: the rank, whether it is shared (ex aequo), and what is ranked.

    ``rank`` is None for a participant who has not played (``rank_players``)."""

    rank: int | None
    tied: bool
    item: T
    total: int = field(default=0)


def rank_by_total(
    items: Iterable[T], *, total: Callable[[T], int], order: Callable[[T], tuple] = lambda _: ()
) -> list[Standing[T]]:
    """Rank from the highest total down; equal totals share the rank of the first of them.

    Standard competition ranking (1, 2, 2, 4), as the FFT's rankings print ex aequo. Items
    with equal totals are listed by ``order``, which decides nothing about the rank.
    """
    ordered = sorted(items, key=lambda item: (-total(item), order(item)))
    counts: dict[int, int] = {}
    for item in ordered:
        counts[total(item)] = counts.get(total(item), 0) + 1
    standings = []
    rank = 0
    previous = None
    for position, item in enumerate(ordered, start=1):
        value = total(item)
        if value != previous:
            rank, previous = position, value
        standings.append(Standing(rank=rank, tied=counts[value] > 1, item=item, total=value))
    return standings


def rank_of(total: int, totals: Iterable[int]) -> tuple[int, bool]:
    """The rank ``rank_by_total`` gives ``total`` among ``totals`` (which hold it), and
    whether it is shared: one player's place, without ranking everybody.

    >>> rank_of(10, [30, 10, 10, -50])
    (2, True)
    """
    above = equal = 0
    for other in totals:
        if other > total:
            above += 1
        elif other == total:
            equal += 1
    return above + 1, equal > 1


def rank_players(scores: Sequence[PlayerScore]) -> list[Standing[PlayerScore]]:
    """The individual ranking: total = sum of the bilans − penalties, ex aequo sharing a rank.

    Equal totals are listed by each score's ``order`` (the app passes the name in French
    alphabetical order), which changes no rank. Those who have not played come last, unranked,
    in that same order.
    """
    ranked = rank_by_total(
        [score for score in scores if score.played],
        total=lambda score: score.total,
        order=lambda score: score.order,
    )
    unplayed = sorted((score for score in scores if not score.played), key=lambda s: s.order)
    return ranked + [
        Standing(rank=None, tied=False, item=score, total=score.total) for score in unplayed
    ]


def team_scores(
    teams: Mapping[Hashable, Sequence[Hashable]],
    players: Mapping[Hashable, PlayerScore],
    *,
    order: Mapping[Hashable, tuple] | None = None,
) -> list[TeamScore]:
    """Each team's total: the sum of its members' totals (a member who never played adds 0)."""
    order = order or {}
    return [
        TeamScore(
            key=key,
            members=tuple(members),
            total=sum(players[m].total for m in members if m in players),
            order=order.get(key, ()),
        )
        for key, members in teams.items()
    ]


def rank_teams(scores: Sequence[TeamScore]) -> list[Standing[TeamScore]]:
    """The team ranking (DUO, quadrette): the sum of the members' totals, ranked alike."""
    return rank_by_total(scores, total=lambda score: score.total, order=lambda score: score.order)
