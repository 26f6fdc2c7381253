"""The greedy construction the search starts from: position by position, each player takes a
free seat at the table where they add least, the players with the fewest odd tables so far
filling the odd tables. On large fields this alone is repeat-free."""

from __future__ import annotations

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
    return construction.draft, problem.cost(
        construction.meet, construction.odd_cost, odd_weight=odd_weight
    )


class _Construction:
    """A schedule being built, with the meetings and odd tables counted so far."""

    def __init__(self, problem: SeatingProblem, rng: random.Random) -> None:
        self.problem = problem
        self.rng = rng
        self.draft: Draft = []
        self.meet = [row[:] for row in problem.base_meet]
        self.odd = problem.base_odd[:]
        self.odd_cost = 0
        self.odd_ids = [t for t, is_odd in enumerate(problem.odd_table) if is_odd]
        self.even_ids = [t for t, is_odd in enumerate(problem.odd_table) if not is_odd]

    def add(self, tables: list[list[int]]) -> None:
        """Append a position and count its meetings and odd tables."""
        odd_table, meet, odd = self.problem.odd_table, self.meet, self.odd
        for t, table in enumerate(tables):
            for x in table:
                odd[x] += odd_table[t]
            for x, y in itertools.permutations(table, 2):
                meet[x][y] += 1
        self.draft.append(tables)
        self.odd_cost += self.problem.odd_imbalance(odd, len(self.draft) - 1)

    def draw_position(self) -> list[list[int]]:
        """The next position: the players with the fewest odd tables so far take the odd
        seats, then every player, in random order, the cheapest table with a free seat."""
        problem, rng = self.problem, self.rng
        order = list(range(problem.n))
        rng.shuffle(order)
        order.sort(key=self.odd.__getitem__)
        tables: list[list[int]] = [[] for _ in problem.sizes]
        odd_seats = problem.odd_seats
        for group, ids in ((order[:odd_seats], self.odd_ids), (order[odd_seats:], self.even_ids)):
            rng.shuffle(group)
            for x in group:
                tables[self._cheapest_table(x, ids, tables)].append(x)
        return tables

    def _cheapest_table(self, x: int, ids: list[int], tables: list[list[int]]) -> int:
        """The table among ``ids`` with a free seat where ``x`` adds least, looking from a
        random one on (the first that adds nothing wins)."""
        meets, weights, sizes = self.meet[x], self.problem.weight[x], self.problem.sizes
        start = self.rng.randrange(len(ids))
        best_table, best_cost = -1, -1
        for k in range(len(ids)):
            t = ids[(start + k) % len(ids)]
            table = tables[t]
            if len(table) >= sizes[t]:
                continue
            cost = sum(weights[z] for z in table if meets[z])
            if best_table < 0 or cost < best_cost:
                best_table, best_cost = t, cost
                if not cost:
                    break
        return best_table
