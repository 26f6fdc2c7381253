"""The greedy construction the search starts from: position by position, each player takes a
free seat at the table where they add least, the players with the fewest odd tables so far
filling the odd tables. On large fields this alone is repeat-free."""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterable

from seating.problem import SeatingProblem
from seating.schedule import Draft


def construct(
    problem: SeatingProblem,
    rng: random.Random,
    *,
    odd_weight: int,
    first: Iterable[list[list[int]]] = (),
) -> tuple[Draft, int]:
    """A greedy schedule and its cost (a unit of odd-table imbalance weighing
    ``odd_weight``), after the ``first`` positions when given."""
    construction = _Construction(problem, rng)
    for tables in first:
        construction.add([table[:] for table in tables])
    while len(construction.draft) < problem.positions:
        construction.add(construction.draw_position())
    return construction.draft, construction.pair_cost + odd_weight * construction.odd_cost


class _Construction:
    """A schedule being built, with the meetings (sparse, as ``SeatingProblem.met``), what
    their repeats and clashes cost, and the odd tables, counted so far."""

    def __init__(self, problem: SeatingProblem, rng: random.Random) -> None:
        self.problem = problem
        self.rng = rng
        self.draft: Draft = []
        self.meet = [meetings.copy() for meetings in problem.met]
        self.pair_cost = problem.base_pair_cost
        self.odd = problem.base_odd[:]
        self.odd_cost = 0
        self.odd_ids = [t for t, is_odd in enumerate(problem.odd_table) if is_odd]
        self.even_ids = [t for t, is_odd in enumerate(problem.odd_table) if not is_odd]

    def add(self, tables: list[list[int]]) -> None:
        """Append a position and count its meetings and odd tables."""
        problem, meet, odd = self.problem, self.meet, self.odd
        odd_table = problem.odd_table
        for t, table in enumerate(tables):
            for x in table:
                odd[x] += odd_table[t]
            for x, y in itertools.combinations(table, 2):
                times = meet[x].get(y, 0)
                if times:
                    self.pair_cost += problem.weight_of(x, y)
                meet[x][y] = meet[y][x] = times + 1
        self.draft.append(tables)
        self.odd_cost += self.problem.odd_imbalance(odd, len(self.draft) - 1)

    def draw_position(self) -> list[list[int]]:
        """The next position: the players with the fewest odd tables so far take the odd
        seats, then every player, in random order, the cheapest table with a free seat.

        Players pinned to a fixed table (``SeatingProblem.pinned``) come first in the order
        when their table is odd, last when it is a table of 4, so that they take the odd
        seats or leave them whatever their counts: there are never more of them than seats
        (one player per fixed table). The draws are the same, in the same order."""
        problem, rng, sizes = self.problem, self.rng, self.problem.sizes
        order = list(range(problem.n))
        rng.shuffle(order)
        order.sort(key=self.odd.__getitem__)
        if problem.pinned_odd or problem.pinned_four:
            rank = [1] * problem.n
            for x in problem.pinned_odd:
                rank[x] = 0
            for x in problem.pinned_four:
                rank[x] = 2
            order.sort(key=rank.__getitem__)
        tables: list[list[int]] = [[] for _ in sizes]
        odd_seats = problem.odd_seats
        for group, ids in ((order[:odd_seats], self.odd_ids), (order[odd_seats:], self.even_ids)):
            rng.shuffle(group)
            # The places in ``ids`` of the tables with a free seat, in order: the last players
            # of a large field would otherwise walk past hundreds of full tables.
            free = list(range(len(ids)))
            for x in group:
                k = self._cheapest_table(x, ids, free, tables)
                table = tables[ids[k]]
                table.append(x)
                if len(table) >= sizes[ids[k]]:
                    del free[bisect.bisect_left(free, k)]
        return tables

    def _cheapest_table(
        self, x: int, ids: list[int], free: list[int], tables: list[list[int]]
    ) -> int:
        """The place in ``ids`` of the table with a free seat (``free`` lists their places)
        where ``x`` adds least, looking from a random table on (the first that adds nothing
        wins)."""
        meets, weight_of = self.meet[x], self.problem.weight_of
        start = bisect.bisect_left(free, self.rng.randrange(len(ids)))
        best, best_cost = -1, -1
        for k in itertools.chain(free[start:], free[:start]):
            cost = sum(weight_of(x, z) for z in tables[ids[k]] if z in meets)
            if best < 0 or cost < best_cost:
                best, best_cost = k, cost
                if not cost:
                    break
        return best
