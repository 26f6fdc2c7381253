"""The whole-schedule tabu search.

Drawing positions one after the other cannot finish tight schedules: 16 players over 5
positions must each meet all 15 others exactly once, and a position-by-position draw almost
always leaves no repeat-free fifth position. So the whole schedule is searched at once, the way
social-golfer solvers do: a greedy construction of every position (which already solves large
fields, where tables are plenty), then a tabu search whose move swaps two players between two
tables of the same position, chosen among the players in conflict, with perturbations of the
best schedule when the search stalls and fresh restarts when perturbing stops paying. The
search stops as soon as it reaches a proven lower bound, or when its budget of work is spent:
never on the clock, so that the same seed gives the same plan on any machine.

The tightest schedules of all start from an affine design instead when there is no history
(see :mod:`seating.designs`): only on fields of tables of 4, where a fixed table's size asks
nothing of the search.

A player pinned to the size of their fixed table (``SeatingProblem.pinned``, from version 4
of the draw) is seated by the construction at a table of that size, and no swap (a chosen
move or a perturbation) moves them between an odd table and a table of 4; the repair only
ever swaps between tables of one kind. The odd-table bound counts them where they are held.
"""

from __future__ import annotations

import math
import random
from typing import Final

from seating.construction import construct
from seating.designs import affine_design
from seating.problem import CLASH_WEIGHT, ODD_WEIGHT, SeatingProblem
from seating.repair import repair
from seating.schedule import Draft
from seating.state import SearchState

# The odd-table weight of the last search, which spreads the odd tables: one unit of
# imbalance then outweighs the repeats one swap can make, yet the imbalance of a whole
# schedule stays far below one clash.
_ODD_FIRST_WEIGHT: Final = 1 << 14

# Restarts from a new construction that fail to improve the best schedule before giving up.
_FRUITLESS_RESTARTS: Final = 3
# Perturbations of the best schedule that fail to improve it before a fresh restart.
_FRUITLESS_PERTURBATIONS: Final = 12
# Swaps without improvement before a perturbation: a base plus so many per player.
_STALL_BASE: Final = 60
_STALL_PER_PLAYER: Final = 4
# Random swaps of one perturbation.
_PERTURBATION_SWAPS: Final = 4
# Tabu tenure, in swaps: at least the minimum, plus a random part below the spread.
_TENURE_MIN: Final = 4
_TENURE_SPREAD: Final = 96
# Candidates examined per swap at most (a random sample of them beyond).
_CANDIDATES_CAP: Final = 48


class WorkBudget:
    """The search's budget, in units of work: examining one candidate costs one unit per
    player plus a fixed overhead (a unit is roughly a tenth of a microsecond).

    The budget is capped, and smaller on small fields, where schedules that cannot be
    repeat-free should give up quickly: so many units per pair of players and per position.
    """

    CAP: Final = 10_000_000
    PER_PAIR_AND_POSITION: Final = 1_000
    CANDIDATE_OVERHEAD: Final = 24

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.done = 0

    @classmethod
    def limit_for(cls, problem: SeatingProblem) -> int:
        return min(cls.CAP, cls.PER_PAIR_AND_POSITION * problem.n * problem.n * problem.positions)

    @property
    def spent(self) -> bool:
        return self.done >= self.limit

    def examine(self, candidates: int, players: int) -> None:
        self.done += candidates * (players + self.CANDIDATE_OVERHEAD)


class TabuSearch:
    """Searches a :class:`SeatingProblem`, drawing only from ``rng``."""

    def __init__(self, problem: SeatingProblem, rng: random.Random, *, repairs: bool) -> None:
        """``repairs``: whether a construction's repeats go through ``seating.repair``
        before the search proper (see ``plan_positions``)."""
        self.problem = problem
        self.rng = rng
        self.repairs = repairs
        self.state = SearchState(problem, odd_weight=ODD_WEIGHT)
        # What a swap pays per unit of imbalance it adds at the end, when choosing it.
        self.unbalance_weight = ODD_WEIGHT
        self.budget = WorkBudget.limit_for(problem)
        # The best schedule by the true weights, kept while the search weighs them otherwise.
        self.kept_tables: Draft = []
        self.kept_cost = 0
        # Whether the search stops once no repeat is left but the unavoidable ones, and
        # whether it has.
        self.repeats_only = False
        self.repeats_done = False

    @property
    def bound(self) -> int:
        """The cost no schedule can beat, by the current weights."""
        return self.problem.pair_bound + self.state.odd_weight * self.problem.odd_bound

    def run(self) -> Draft:
        """Search, and return the best schedule found (player indexes, tables in order).

        A construction that leaves repeats is first repaired, when the search ``repairs``:
        on large fields that ends it, before the search's tables of n² counts are built
        (see :meth:`_repaired`).

        The constructions spread the odd tables evenly, and a first search keeps them so at
        the end of the tournament (a swap that would unbalance the final counts is all but
        forbidden) as it removes repeats; when repeats are left, a second one trades that
        balance for them, as the priorities say. The spread at earlier positions then often
        remains uneven: a swap that evens it nearly always seats someone beside a player met
        before, so it is never worth taking alone. When it is uneven, a last search starts
        from there with the odd-table imbalance weighing more than repeats: it spreads the
        odd tables at once, then works the repeats back down while keeping them spread. The
        best schedule any search meets, by the true weights, is the answer: repeats still
        come first.
        """
        odd_seats = self.problem.odd_seats
        best_tables, best_cost = self._start()
        if self.repairs and best_cost > self.bound:
            repaired = self._repaired(best_tables, best_cost)
            if repaired is not None:
                return repaired
        # With odd tables, these searches stop at the fewest repeats possible: the last
        # one sees to the odd tables.
        self.repeats_only = bool(odd_seats)
        if best_cost > self.bound:
            self.unbalance_weight = CLASH_WEIGHT
            best_tables, best_cost = self._improve(best_tables, best_cost)
        if odd_seats and best_cost > self.bound and not self.repeats_done:
            best_tables, best_cost = self._trade_balance_for_repeats(best_tables, best_cost)
        if odd_seats and best_cost > self.bound:
            best_tables = self._spread_odd_tables(best_tables, best_cost)
        return best_tables

    def _repaired(self, tables: Draft, cost: int) -> Draft | None:
        """``tables`` repaired (``seating.repair``) when that reaches the bound, else None.

        The repair draws from a copy of the search's generator: when it does not end the
        search, the search goes on from the construction as if it had not been tried. On a
        tight schedule a repaired start is no better a start than the construction, and
        the search is then the one the seating has always made (``seating_bench``)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        repaired, saved = repair(self.problem, tables, rng)
        return repaired if cost + saved <= self.bound else None

    def _start(self) -> tuple[Draft, int]:
        """The best of a greedy construction and, where one exists and the construction
        is not already as good as can be, an affine design, with its cost."""
        problem, rng, odd_weight = self.problem, self.rng, self.state.odd_weight
        best_tables, best_cost = construct(problem, rng, odd_weight=odd_weight)
        if best_cost <= self.bound or not problem.fresh:
            return best_tables, best_cost
        design = affine_design(
            n=problem.n, teams=problem.teams, positions=problem.positions, rng=rng
        )
        if design is not None:
            tables, cost = construct(problem, rng, odd_weight=odd_weight, first=design)
            if cost < best_cost:
                return tables, cost
        return best_tables, best_cost

    def _trade_balance_for_repeats(self, best_tables: Draft, best_cost: int) -> tuple[Draft, int]:
        """When repeats are left, search for fewer once more, a swap that unbalances the
        odd tables at the end paying no more than the imbalance it adds."""
        self.state.load(best_tables)
        if self.state.pair_cost <= self.problem.pair_bound:
            return best_tables, best_cost
        self.unbalance_weight = ODD_WEIGHT
        return self._improve(best_tables, best_cost)

    def _spread_odd_tables(self, best_tables: Draft, best_cost: int) -> Draft:
        """Search with the odd-table imbalance weighing more than repeats, keeping the best
        schedule met by the true weights; spreading the odd tables comes after the repeats,
        so on a quarter of the budget."""
        self.kept_tables, self.kept_cost = best_tables, best_cost
        self.state.odd_weight = self.unbalance_weight = _ODD_FIRST_WEIGHT
        self.repeats_only = self.repeats_done = False
        self.budget //= 4
        self.state.load(best_tables)
        self._improve(best_tables, self.state.cost)
        return self.kept_tables

    def _keep(self) -> None:
        """Keep the current schedule if it is the best yet by the true weights (while the
        odd-table imbalance weighs more than they say)."""
        state = self.state
        cost = state.cost - (state.odd_weight - ODD_WEIGHT) * state.odd_cost
        if cost < self.kept_cost:
            self.kept_tables, self.kept_cost = state.snapshot(), cost

    def _improve(self, best_tables: Draft, best_cost: int) -> tuple[Draft, int]:
        """Tabu searches from ``best_tables``, then from fresh constructions, until the bound
        is reached, the work budget is spent, or restarts stop paying."""
        work = WorkBudget(self.budget)
        fruitless_restarts = 0
        start_tables = best_tables
        while best_cost > self.bound and not work.spent and not self.repeats_done:
            self.state.load(start_tables)
            tables, cost = self._tabu(work)
            if cost < best_cost:
                best_tables, best_cost = tables, cost
                fruitless_restarts = 0
            else:
                fruitless_restarts += 1
                if fruitless_restarts >= _FRUITLESS_RESTARTS:
                    break
            start_tables, cost = construct(self.problem, self.rng, odd_weight=self.state.odd_weight)
            if cost < best_cost:
                best_tables, best_cost = start_tables, cost
        return best_tables, best_cost

    def _tabu(self, work: WorkBudget) -> tuple[Draft, int]:
        """Tabu search from the current schedule, perturbing the best one found whenever the
        search stalls, until perturbing stops paying, the bound is reached or the work runs
        out. Returns the best schedule found with its cost."""
        state = self.state
        best_tables, best_cost = state.snapshot(), state.cost
        stall = _STALL_BASE + _STALL_PER_PLAYER * self.problem.n
        tabu = _TabuList(self.problem.positions, self.problem.n)
        last_gain = 0
        fruitless_perturbations = 0
        while best_cost > self.bound and not work.spent:
            tabu.iteration += 1
            move = self._next_move(work, tabu, best_cost)
            if move is None:
                break
            self._make(move, tabu)
            if state.cost < best_cost:
                best_tables, best_cost = state.snapshot(), state.cost
                last_gain = tabu.iteration
                fruitless_perturbations = 0
                if self._repeats_left_are_unavoidable():
                    break
            elif tabu.iteration - last_gain > stall:
                fruitless_perturbations += 1
                if fruitless_perturbations > _FRUITLESS_PERTURBATIONS:
                    break
                state.load(best_tables)
                self._perturb()
                tabu.clear()
                last_gain = tabu.iteration
        return best_tables, best_cost

    def _next_move(
        self, work: WorkBudget, tabu: _TabuList, best_cost: int
    ) -> tuple[int, int, int] | None:
        """The swap to make next, its candidates counted as work; None when there is none."""
        candidates = self._candidates()
        if not candidates:
            return None
        work.examine(len(candidates), self.problem.n)
        return self._best_move(candidates, tabu, best_cost)

    def _make(self, move: tuple[int, int, int], tabu: _TabuList) -> None:
        """Swap, and forbid swapping that pair back for a while."""
        p, x, y = move
        self.state.swap(p, x, y)
        if self.state.odd_weight != ODD_WEIGHT:
            self._keep()
        tabu.forbid(p, x, y, _TENURE_MIN + self.rng.randrange(_TENURE_SPREAD))

    def _repeats_left_are_unavoidable(self) -> bool:
        """Whether the search stops here, the repeats left being the fewest possible (when it
        stops at that; the odd tables are then spread by a later search)."""
        if self.repeats_only and self.state.pair_cost <= self.problem.pair_bound:
            self.repeats_done = True
        return self.repeats_done

    def _candidates(self) -> list[tuple[int, int]]:
        """The (position, player) pairs worth moving: players in conflict, and players at an
        odd table of a position where someone has sat at two odd tables fewer so far."""
        n, state = self.problem.n, self.state
        candidates = [
            (p, x) for p, burden in enumerate(state.burden) for x in range(n) if burden[x]
        ]
        if self.problem.odd_seats:
            candidates.extend(self._odd_candidates())
        if len(candidates) > _CANDIDATES_CAP:
            candidates = self.rng.sample(candidates, _CANDIDATES_CAP)
        return candidates

    def _odd_candidates(self) -> list[tuple[int, int]]:
        """The players not in conflict at an odd table of a position where they have sat at
        two odd tables more than someone else.

        Players pinned to their fixed table's size (``SeatingProblem.pinned``) are left out,
        as candidates and as « someone else »: no swap may change their odd tables."""
        state, odd_table, pinned = self.state, self.problem.odd_table, self.problem.pinned
        pins = bool(self.problem.pinned_odd or self.problem.pinned_four)
        candidates = []
        for p, (tables, odd) in enumerate(zip(state.tables, state.count, strict=True)):
            if pins:
                counts = [count for x, count in enumerate(odd) if not pinned[x]]
                least, most = min(counts, default=0), max(counts, default=0)
            else:
                least, most = min(odd), max(odd)
            too_many = least + 1
            if most > too_many:
                candidates.extend(
                    (p, x)
                    for t, table in enumerate(tables)
                    if odd_table[t]
                    for x in table
                    if odd[x] > too_many and not state.burden[p][x] and not pinned[x]
                )
        return candidates

    def _perturb(self) -> None:
        """A few random swaps in random positions, to leave the basin the tabu search is
        stuck in without losing all that the best schedule got right."""
        rng, n, odd_table = self.rng, self.problem.n, self.problem.odd_table
        where, pinned = self.state.where, self.problem.pinned
        keep_balance = self.unbalance_weight > ODD_WEIGHT
        for _ in range(_PERTURBATION_SWAPS):
            p = rng.randrange(self.problem.positions)
            x, y = rng.sample(range(n), 2)
            a, b = where[p][x], where[p][y]
            if a == b:
                continue
            if odd_table[a] != odd_table[b] and (keep_balance or pinned[x] or pinned[y]):
                continue
            self.state.swap(p, x, y)

    def _best_move(
        self, candidates: list[tuple[int, int]], tabu: _TabuList, best_cost: int
    ) -> tuple[int, int, int] | None:
        """The best swap of a candidate with a player of another table of the same position;
        a tabu swap only if it beats the best cost (aspiration). Ties are drawn at random.

        A player pinned to their fixed table's size (``SeatingProblem.pinned``) is never
        swapped between an odd table and a table of 4: such a swap is not offered."""
        state = self.state
        choice = _MoveChoice(self.rng)
        aspiration = best_cost - state.cost
        odd_table, pinned = self.problem.odd_table, self.problem.pinned
        pins = bool(self.problem.pinned_odd or self.problem.pinned_four)
        for p, x in candidates:
            where = state.where[p]
            a = where[x]
            deltas = state.swap_costs(p, x, unbalance_weight=self.unbalance_weight)
            for y, delta in enumerate(deltas):
                if delta > choice.delta or where[y] == a:
                    continue
                if pins and (pinned[x] or pinned[y]) and odd_table[where[y]] != odd_table[a]:
                    continue
                if delta >= aspiration and tabu.forbids(p, x, y):
                    continue
                choice.offer((p, x, y), delta)
        return choice.move


class _TabuList:
    """The swaps forbidden for a while, per position: until which iteration each pair of
    players may not be swapped back."""

    def __init__(self, positions: int, n: int) -> None:
        self.n = n
        self.iteration = 0
        self.until: list[dict[int, int]] = [{} for _ in range(positions)]

    def _key(self, x: int, y: int) -> int:
        return x * self.n + y if x < y else y * self.n + x

    def forbids(self, p: int, x: int, y: int) -> bool:
        return self.until[p].get(self._key(x, y), 0) > self.iteration

    def forbid(self, p: int, x: int, y: int, tenure: int) -> None:
        self.until[p][self._key(x, y)] = self.iteration + tenure

    def clear(self) -> None:
        self.until = [{} for _ in self.until]


class _MoveChoice:
    """The cheapest move offered so far, ties drawn at random as they come."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.move: tuple[int, int, int] | None = None
        self.delta: float = math.inf
        self.ties = 0

    def offer(self, move: tuple[int, int, int], delta: int) -> None:
        if delta < self.delta:
            self.move, self.delta, self.ties = move, delta, 1
            return
        self.ties += 1
        if self.rng.randrange(self.ties) == 0:
            self.move = move
