"""The schedule the tabu search works on, kept so that pricing a swap takes a few look-ups."""

from __future__ import annotations

import itertools

from seating.problem import SeatingProblem
from seating.schedule import Draft


class SearchState:
    """One schedule of the search (player indexes) and what pricing a swap needs:

    - ``tables[p][t]`` lists the players at table ``t`` of new position ``p``, and
      ``where[p][x]`` is the table of player ``x`` there;
    - ``meet[x][y]`` counts the meetings of ``x`` and ``y``, history included, team-mates
      starting at 1 (see :class:`SeatingProblem`);
    - ``join[x][y]`` is what seating ``x`` with ``y`` once more would add (their weight once
      they have met, else 0);
    - ``price[p][t][x]`` is what ``x`` would add by sitting at table ``t`` of position ``p``
      (the sum of ``join[x][z]`` over the players ``z`` there);
    - ``burden[p][x]`` is what ``x`` adds at its own table of position ``p`` (the weights of
      the tablemates met at least twice): the saving if ``x`` left, and non-zero exactly for
      the players in conflict;
    - ``count[p][x]`` is how many odd tables ``x`` has sat at up to new position ``p``
      included (history included), and ``tail[p][x]`` the sum of ``count[q][x]`` over the
      positions ``q`` from ``p`` on, weighted as the imbalance weighs them: what a move at
      ``p`` shifts;
    - ``odd_cost`` is the odd-table imbalance (see :meth:`SeatingProblem.odd_imbalance`);
    - ``cost`` is the weighted sum of repeats, clashes and odd-table imbalance, a unit of
      imbalance weighing ``odd_weight``, which the search changes between its phases.
    """

    def __init__(self, problem: SeatingProblem, *, odd_weight: int) -> None:
        self.problem = problem
        self.odd_weight = odd_weight
        self.tables: Draft = []
        self.where: list[list[int]] = []
        self.meet: list[list[int]] = []
        self.join: list[list[int]] = []
        self.price: list[list[list[int]]] = []
        self.burden: list[list[int]] = []
        self.count: list[list[int]] = []
        self.tail: list[list[int]] = []
        self.odd_cost = 0
        self.cost = 0

    @property
    def pair_cost(self) -> int:
        """What the repeats and clashes cost, without the odd-table imbalance."""
        return self.cost - self.odd_weight * self.odd_cost

    def load(self, draft: Draft) -> None:
        """Make ``draft`` (copied) the current schedule and recompute everything from it."""
        self.tables = [[table[:] for table in tables] for tables in draft]
        self._place()
        self._weigh_odd_tables()
        self._price_tables()
        self._weigh_conflicts()
        self.cost = self.problem.cost(self.meet, self.odd_cost, odd_weight=self.odd_weight)

    def snapshot(self) -> Draft:
        return [[table[:] for table in tables] for tables in self.tables]

    def _place(self) -> None:
        """``where``, ``meet`` and ``count`` from ``tables``."""
        problem = self.problem
        self.where = []
        meet = self.meet = [row[:] for row in problem.base_meet]
        odd = problem.base_odd[:]
        self.count = []
        for tables in self.tables:
            where = [0] * problem.n
            for t, table in enumerate(tables):
                for x in table:
                    where[x] = t
                    odd[x] += problem.odd_table[t]
                for x, y in itertools.permutations(table, 2):
                    meet[x][y] += 1
            self.where.append(where)
            self.count.append(odd[:])

    def _weigh_odd_tables(self) -> None:
        """``tail`` and ``odd_cost`` from ``count``."""
        problem = self.problem
        weighted = [
            [w * c for c in counts]
            for w, counts in zip(problem.prefix_weight, self.count, strict=True)
        ]
        self.tail = [
            list(map(sum, zip(*weighted[p:], strict=True))) for p in range(problem.positions)
        ]
        self.odd_cost = sum(problem.odd_imbalance(counts, p) for p, counts in enumerate(self.count))

    def _price_tables(self) -> None:
        """``join`` and ``price`` from ``meet``."""
        join = self.join = [
            [w if m else 0 for w, m in zip(weights, meets, strict=True)]
            for weights, meets in zip(self.problem.weight, self.meet, strict=True)
        ]
        self.price = [
            [list(map(sum, zip(*(join[z] for z in table), strict=True))) for table in tables]
            for tables in self.tables
        ]

    def _weigh_conflicts(self) -> None:
        """``burden`` from ``meet``."""
        weight, meet = self.problem.weight, self.meet
        self.burden = []
        for tables in self.tables:
            burden = [0] * self.problem.n
            for table in tables:
                for x, y in itertools.combinations(table, 2):
                    if meet[x][y] > 1:
                        burden[x] += weight[x][y]
                        burden[y] += weight[x][y]
            self.burden.append(burden)

    # -- pricing a swap -------------------------------------------------------------------

    def swap_costs(self, p: int, x: int, *, unbalance_weight: int) -> list[int]:
        """What swapping ``x`` with each player ``y`` of position ``p`` changes in the cost
        (meaningless for the players at ``x``'s own table), a unit of odd-table imbalance
        that the swap adds at the end weighing ``unbalance_weight``.

        Swapping x (table a) with y (table b) changes the cost by what y adds at table a
        without x, plus what x adds at table b without y, minus what both save by leaving,
        plus the change in odd-table imbalance when one table is odd and the other is not.
        """
        where = self.where[p]
        a = where[x]
        price = self.price[p]
        x_price = [table_price[x] for table_price in price]
        leaving = self.burden[p][x]
        deltas = [
            y_price + x_price[b] - 2 * x_join - y_burden - leaving
            for y_price, b, x_join, y_burden in zip(
                price[a], where, self.join[x], self.burden[p], strict=True
            )
        ]
        if not self.problem.odd_seats:
            return deltas
        changes = self._odd_changes(p, x)
        ends = self._final_odd_changes(p, x)
        odd_weight = self.odd_weight
        return [
            delta
            + odd_weight * (change - end)
            + (unbalance_weight if end > 0 else odd_weight) * end
            for delta, change, end in zip(deltas, changes, ends, strict=True)
        ]

    def _odd_changes(self, p: int, x: int) -> list[int]:
        """The change in the odd-table imbalance when ``x`` swaps with each player of
        position ``p``: when one table is odd and the other not, the one leaving the odd
        table counts one fewer up to every position from p on, the one joining it one more
        (see :meth:`_shift_odd`)."""
        odd_table, where, tail = self.problem.odd_table, self.where[p], self.tail[p]
        rest = 2 * self.problem.rest[p]
        if odd_table[where[x]]:
            shift = rest - 2 * tail[x]
            return [
                0 if odd_table[b] else shift + 2 * later
                for b, later in zip(where, tail, strict=True)
            ]
        shift = rest + 2 * tail[x]
        return [
            shift - 2 * later if odd_table[b] else 0 for b, later in zip(where, tail, strict=True)
        ]

    def _final_odd_changes(self, p: int, x: int) -> list[int]:
        """Of those changes, the change in the squared counts at the end, where adding
        imbalance may cost more (see ``TabuSearch.run``)."""
        odd_table, where = self.problem.odd_table, self.where[p]
        final = self.count[-1]
        last = 2 * self.problem.prefix_weight[-1]
        odd = odd_table[where[x]]
        sign = 1 if odd else -1
        return [
            0 if odd_table[b] == odd else last * (1 + sign * (count - final[x]))
            for b, count in zip(where, final, strict=True)
        ]

    # -- making a swap --------------------------------------------------------------------

    def swap(self, p: int, x: int, y: int) -> None:
        """Swap players ``x`` and ``y``, who sit at different tables of position ``p``."""
        a, b = self.where[p][x], self.where[p][y]
        self._leave(p, x)
        self._leave(p, y)
        self._sit(p, x, b)
        self._sit(p, y, a)

    def _leave(self, p: int, x: int) -> None:
        t = self.where[p][x]
        table = self.tables[p][t]
        for z in table:
            if z != x:
                self._part(p, x, z)
        table.remove(x)
        self.price[p][t] = [
            price - join for price, join in zip(self.price[p][t], self.join[x], strict=True)
        ]
        if self.problem.odd_table[t]:
            self._shift_odd(p, x, -1)

    def _sit(self, p: int, x: int, t: int) -> None:
        table = self.tables[p][t]
        table.append(x)
        self.where[p][x] = t
        self.price[p][t] = [
            price + join for price, join in zip(self.price[p][t], self.join[x], strict=True)
        ]
        for z in table:
            if z != x:
                self._meet(p, x, z)
        if self.problem.odd_table[t]:
            self._shift_odd(p, x, 1)

    def _shift_odd(self, p: int, x: int, step: int) -> None:
        """Count ``x`` at one odd table more (``step`` 1) or fewer (-1) from position ``p``
        on: every count up to a later position moves by ``step``."""
        positions, rest = self.problem.positions, self.problem.rest
        change = 2 * step * self.tail[p][x] + rest[p]
        self.odd_cost += change
        self.cost += self.odd_weight * change
        for q in range(p, positions):
            self.count[q][x] += step
        for r in range(positions):
            self.tail[r][x] += step * rest[max(r, p)]

    def _meet(self, p: int, x: int, z: int) -> None:
        """Count a meeting of ``x`` and ``z``, who now share a table at position ``p``."""
        met = self.meet[x][z]
        w = self.problem.weight[x][z]
        self.meet[x][z] = self.meet[z][x] = met + 1
        if met == 0:
            self.join[x][z] = self.join[z][x] = w
            self._reprice(x, z, w)
            return
        self.cost += w
        self._burden(p, x, z, w, earlier=met == 1)

    def _part(self, p: int, x: int, z: int) -> None:
        """Uncount the meeting of ``x`` and ``z`` at position ``p``, before one leaves."""
        met = self.meet[x][z]
        w = self.problem.weight[x][z]
        self.meet[x][z] = self.meet[z][x] = met - 1
        if met == 1:
            self.join[x][z] = self.join[z][x] = 0
            self._reprice(x, z, -w)
            return
        self.cost -= w
        self._burden(p, x, z, -w, earlier=met == 2)

    def _reprice(self, x: int, z: int, change: int) -> None:
        """Add ``change`` to what ``x`` and ``z`` would add at each other's tables, at every
        position: they have just met for the first time, or no longer have."""
        for where, price in zip(self.where, self.price, strict=True):
            price[where[z]][x] += change
            price[where[x]][z] += change

    def _burden(self, p: int, x: int, z: int, change: int, *, earlier: bool) -> None:
        """Add ``change`` to the burden of ``x`` and ``z`` at position ``p``, and at the
        position where they met before when that meeting has ``earlier`` just become (or
        ceased to be) one of a repeated pair too."""
        self.burden[p][x] += change
        self.burden[p][z] += change
        if earlier:
            for q, where in enumerate(self.where):
                if q != p and where[x] == where[z]:
                    self.burden[q][x] += change
                    self.burden[q][z] += change
