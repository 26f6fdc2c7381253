"""Repairing a construction that left a few repeats, before any tabu search.

On a large field the greedy construction is nearly always repeat-free; when it is not, it
leaves one repeat or two (at 2,000 players over 4 positions, one schedule in seven), which a
swap with a player drawn at random almost always removes: that player has met a dozen of the
2,000. The tabu search would find the same swap, but it first builds tables of n² counts
(seconds at that size). The repair prices a swap from the sparse meetings instead, in a few
look-ups, and only swaps two players whose tables are both odd or both of 4, so that the
odd tables stay as the construction spread them. The search keeps a repair only when it
leaves nothing to improve (``TabuSearch._repaired``).
"""

from __future__ import annotations

import random
from typing import Final

from seating.problem import SeatingProblem
from seating.schedule import Draft

# Players drawn, for each player in conflict, in search of a swap that lowers the cost.
_DRAWS_PER_CONFLICT: Final = 64
# Passes over the players in conflict, each after the swaps of the one before.
_PASSES: Final = 4


def repair(problem: SeatingProblem, draft: Draft, rng: random.Random) -> tuple[Draft, int]:
    """``draft`` with its repeats and clashes lowered by swaps within a position, and what
    they cost then less what they cost before (zero or below)."""
    tables = [[table[:] for table in position] for position in draft]
    repairing = _Repair(problem, tables)
    saved = 0
    for _ in range(_PASSES):
        conflicts = repairing.conflicts()
        if not conflicts:
            break
        gained = 0
        for p, x in conflicts:
            gained += repairing.swap_away(p, x, rng)
        if not gained:
            break
        saved += gained
    return tables, -saved


class _Repair:
    """A schedule with its meetings counted sparsely (history included) and where everyone
    sits, so that a swap is priced from the few players at the two tables."""

    def __init__(self, problem: SeatingProblem, tables: Draft) -> None:
        self.problem = problem
        self.tables = tables
        self.meet = [meetings.copy() for meetings in problem.met]
        self.where = []
        for position in tables:
            where = [0] * problem.n
            for t, table in enumerate(position):
                for i, x in enumerate(table):
                    where[x] = t
                    for y in table[i + 1 :]:
                        times = self.meet[x].get(y, 0) + 1
                        self.meet[x][y] = self.meet[y][x] = times
            self.where.append(where)

    def conflicts(self) -> list[tuple[int, int]]:
        """The (position, player) pairs where a player sits with someone met at another
        position too (or a team-mate), in schedule order."""
        meet = self.meet
        return [
            (p, x)
            for p, position in enumerate(self.tables)
            for table in position
            for x in table
            if any(meet[x].get(z, 0) > 1 for z in table if z != x)
        ]

    def _adds(self, x: int, table: list[int], leaving: int) -> int:
        """What ``x`` would add by sitting at ``table`` once ``leaving`` has left it: the
        weight of each player there already met."""
        meets, weight_of = self.meet[x], self.problem.weight_of
        return sum(weight_of(x, z) for z in table if z != leaving and meets.get(z, 0))

    def _saves(self, x: int, table: list[int]) -> int:
        """What ``x`` saves by leaving its ``table``: the weight of each player there met at
        another position too."""
        meets, weight_of = self.meet[x], self.problem.weight_of
        return sum(weight_of(x, z) for z in table if z != x and meets.get(z, 0) > 1)

    def swap_away(self, p: int, x: int, rng: random.Random) -> int:
        """Swap ``x`` with the first player drawn at random whose swap lowers the cost, if
        ``x`` is still in conflict at position ``p``; what the swap saved (0 when none)."""
        where, position = self.where[p], self.tables[p]
        a = where[x]
        odd_table = self.problem.odd_table
        x_saves = self._saves(x, position[a])
        if not x_saves:
            return 0
        for _ in range(_DRAWS_PER_CONFLICT):
            y = rng.randrange(self.problem.n)
            b = where[y]
            if b == a or odd_table[b] != odd_table[a]:
                continue
            change = (
                self._adds(y, position[a], x)
                + self._adds(x, position[b], y)
                - x_saves
                - self._saves(y, position[b])
            )
            if change < 0:
                self._swap(p, x, y)
                return -change
        return 0

    def _swap(self, p: int, x: int, y: int) -> None:
        where, position = self.where[p], self.tables[p]
        a, b = where[x], where[y]
        self._count(x, position[a], -1)
        self._count(y, position[b], -1)
        position[a][position[a].index(x)] = y
        position[b][position[b].index(y)] = x
        where[x], where[y] = b, a
        self._count(x, position[b], 1)
        self._count(y, position[a], 1)

    def _count(self, x: int, table: list[int], step: int) -> None:
        """Count the meetings of ``x`` with the others at ``table`` once more (``step`` 1) or
        once fewer (-1); a pair that no longer met leaves the counts."""
        meet = self.meet
        for z in table:
            if z != x:
                times = meet[x].get(z, 0) + step
                if times:
                    meet[x][z] = meet[z][x] = times
                else:
                    del meet[x][z], meet[z][x]
