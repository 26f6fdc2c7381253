"""What the search must seat, by player index, and what a schedule of it costs.

The players present are numbered 0..n-1 in a fixed order. A schedule's cost is the weighted
sum of its pair conflicts (team-mates together, repeat meetings) and of its odd-table
imbalance; the weights put them in the order of priority the package docstring gives.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property
from typing import Final

from seating.schedule import PlayerId, Schedule

# Weights of the cost. Each one dwarfs everything below it that a single swap can change, so
# the weighted sum orders schedules as the priorities do.
CLASH_WEIGHT: Final = 1 << 24
REPEAT_WEIGHT: Final = 1 << 10
ODD_WEIGHT: Final = 1


class SeatingProblem:
    """The players, tables and positions to plan, with the past reduced to counts.

    - ``n`` players, seated at tables of ``sizes`` (``odd_table[t]`` when table ``t`` seats
      3 or 5; ``odd_seats`` seats at odd tables in all) over ``positions`` new positions;
    - ``weight_of(x, y)`` is what one repeat meeting of ``x`` and ``y`` costs: the clash
      weight for team-mates (whose ``teams`` list them by index, ``team_of`` by player),
      else the repeat weight;
    - ``met[x]`` maps each player ``x`` met in the history to the count of their meetings.
      Team-mates start at 1, as if they had met already, so that any meeting of theirs is a
      repeat. Sparse: a player of a field of 2,000 met a dozen, and counting every pair
      (n² counts) cost seconds at that size. ``weight`` and ``base_meet`` are the same as
      n × n tables, made only for the tabu search (:mod:`seating.state`), which needs them;
    - ``base_pair_cost`` is what the history's repeats and clashes cost;
    - ``base_odd[x]`` counts the odd tables ``x`` sat at in the history, and ``fresh`` says
      that none of the players present has any history;
    - ``prefix_weight[p]`` weighs the odd-table counts up to new position ``p`` in the
      imbalance (see :meth:`odd_imbalance`), and ``rest[p]`` sums those weights from ``p``
      on (0 past the end);
    - ``pinned[x]`` says that the search keeps player ``x`` at a table of the size of their
      fixed table (from version 4 of the draw): ``pinned_odd`` lists those whose fixed table
      is odd, who sit at an odd table at every position, ``pinned_four`` those whose fixed
      table is a table of 4, who never do;
    - ``pair_bound`` and ``odd_bound`` are what no schedule can beat, for the pairs and for
      the odd tables (see :func:`_forced_repeats` and :func:`_fewest_odd_imbalance`):
      reaching both ends the search early.
    """

    def __init__(
        self,
        *,
        present: Sequence[PlayerId],
        sizes: Sequence[int],
        positions: int,
        team_of: Mapping[PlayerId, Hashable],
        history: Schedule,
        apart: frozenset[frozenset[int]] = frozenset(),
        pinned: Mapping[int, bool] | None = None,
    ) -> None:
        """The problem of seating ``present`` (in that order) for ``positions`` new positions
        after ``history``, team-mates (by ``team_of``) and the pairs of ``apart`` (by index)
        apart: a pair kept apart weighs as team-mates do. ``pinned`` maps a player (by index)
        whose fixed table the search keeps to whether that table is odd."""
        n = self.n = len(present)
        index = {player: i for i, player in enumerate(present)}
        self.sizes = list(sizes)
        self.positions = positions
        self.odd_table = [size != 4 for size in sizes]
        self.odd_seats = sum(size for size in sizes if size != 4)
        pinned = pinned or {}
        self.pinned = [x in pinned for x in range(n)]
        self.pinned_odd = frozenset(x for x, odd in pinned.items() if odd)
        self.pinned_four = frozenset(x for x, odd in pinned.items() if not odd)
        self.teams = _teams_by_index(present, team_of, index)
        self.team_of = [-1] * n
        for number, members in enumerate(self.teams):
            for x in members:
                self.team_of[x] = number
        self.apart = apart
        self.met = _team_meetings(n, self.teams)
        for x, y in map(tuple, apart):
            self.met[x][y] = self.met[y][x] = 1
        self.base_odd, self.fresh = _count_history(history, index, self.met)
        # The counts up to every position weigh 1 in the odd-table imbalance, and up to the
        # last one far more: the spread at the tournament's end matters most.
        self.prefix_weight = [1] * positions
        if positions:
            self.prefix_weight[-1] = positions * positions
        self.rest = list(itertools.accumulate(reversed(self.prefix_weight)))[::-1] + [0]
        self.base_pair_cost = self.sparse_pair_cost(self.met)
        self.pair_bound = self.base_pair_cost + _forced_repeats(
            self.met, meetings=positions * (min(sizes) - 1)
        )
        self.odd_bound = _fewest_odd_imbalance(
            self.base_odd, self.odd_seats, self.prefix_weight, self.pinned_odd, self.pinned_four
        )

    def odd_imbalance(self, counts: list[int], p: int) -> int:
        """The term of position ``p`` in the odd-table imbalance: the squared ``counts`` of
        odd tables up to it, weighted. Each term is least when the counts are even, so the
        imbalance is least when the odd tables are spread position after position, not only
        at the end: nobody sits at a second odd table while someone has sat at none."""
        return self.prefix_weight[p] * sum(count * count for count in counts)

    def cost(self, meet: list[list[int]], odd_cost: int, *, odd_weight: int) -> int:
        """The cost of a schedule whose meetings are ``meet`` (n × n) and odd-table imbalance
        ``odd_cost``, a unit of imbalance weighing ``odd_weight``."""
        return pair_cost(self.weight, meet) + odd_weight * odd_cost

    def weight_of(self, x: int, y: int) -> int:
        """What one repeat meeting of ``x`` and ``y`` costs."""
        team = self.team_of[x]
        if team >= 0 and team == self.team_of[y]:
            return CLASH_WEIGHT
        return CLASH_WEIGHT if self.apart and frozenset((x, y)) in self.apart else REPEAT_WEIGHT

    def sparse_pair_cost(self, met: list[dict[int, int]]) -> int:
        """What the repeats and clashes counted in ``met`` (sparse, as ``self.met``) cost."""
        return sum(
            self.weight_of(x, y) * (times - 1)
            for x, meetings in enumerate(met)
            for y, times in meetings.items()
            if times > 1 and y > x
        )

    @cached_property
    def weight(self) -> list[list[int]]:
        """``weight_of`` as an n × n table: the clash weight for team-mates, else the repeat
        weight."""
        weight = [[REPEAT_WEIGHT] * self.n for _ in range(self.n)]
        for members in [*self.teams, *map(tuple, self.apart)]:
            for x, y in itertools.permutations(members, 2):
                weight[x][y] = CLASH_WEIGHT
        return weight

    @cached_property
    def base_meet(self) -> list[list[int]]:
        """``met`` as an n × n table of counts."""
        meet = [[0] * self.n for _ in range(self.n)]
        for x, meetings in enumerate(self.met):
            row = meet[x]
            for y, times in meetings.items():
                row[y] = times
        return meet


def pair_cost(weight: list[list[int]], meet: list[list[int]]) -> int:
    """What the repeat meetings and clashes counted in ``meet`` cost."""
    n = len(meet)
    return sum(
        weight[x][y] * (meet[x][y] - 1) for x in range(n) for y in range(x + 1, n) if meet[x][y] > 1
    )


def _teams_by_index(
    present: Sequence[PlayerId], team_of: Mapping[PlayerId, Hashable], index: dict[PlayerId, int]
) -> list[list[int]]:
    """The teams of the players present, each as the indexes of its members."""
    by_team: dict[Hashable, list[int]] = {}
    for player in present:
        team = team_of.get(player)
        if team is not None:
            by_team.setdefault(team, []).append(index[player])
    return list(by_team.values())


def _team_meetings(n: int, teams: list[list[int]]) -> list[dict[int, int]]:
    """The meetings of every player before any history: one already with each team-mate."""
    met: list[dict[int, int]] = [{} for _ in range(n)]
    for members in teams:
        for x, y in itertools.permutations(members, 2):
            met[x][y] = 1
    return met


def _count_history(
    history: Schedule, index: dict[PlayerId, int], met: list[dict[int, int]]
) -> tuple[list[int], bool]:
    """Count the meetings of the history into ``met``; return the odd tables each player
    present sat at there, and whether none of them has any history."""
    odd = [0] * len(index)
    fresh = True
    for position in history:
        for table in position:
            seated = [index[player] for player in table if player in index]
            fresh = fresh and not seated
            if len(table) != 4:
                for x in seated:
                    odd[x] += 1
            for x, y in itertools.permutations(seated, 2):
                meetings = met[x]
                meetings[y] = meetings.get(y, 0) + 1
    return odd, fresh


def _forced_repeats(met: list[dict[int, int]], *, meetings: int) -> int:
    """What the repeats no schedule can avoid cost at least.

    Over the new positions player x makes at least ``meetings`` meetings (one fewer than the
    smallest table, per position) but has only F opponents left to meet for the first time,
    so at least ``meetings`` - F of them are repeats, each seen from both sides.
    """
    n = len(met)
    forced = sum(max(0, meetings - (n - 1 - len(row))) for row in met)
    return REPEAT_WEIGHT * ((forced + 1) // 2)


def _fewest_odd_imbalance(
    base_odd: list[int],
    odd_seats: int,
    prefix_weight: list[int],
    pinned_odd: frozenset[int] = frozenset(),
    pinned_four: frozenset[int] = frozenset(),
) -> int:
    """The least odd-table imbalance: at each new position, the odd seats go to the players
    who have sat at the fewest so far, which keeps every count up to every position as even
    as it can be. A player pinned to an odd table takes one at every position, one pinned
    to a table of 4 never does: the other odd seats go to the others, fewest first."""
    odd = base_odd[:]
    imbalance = 0
    if pinned_odd or pinned_four:
        free = [x for x in range(len(odd)) if x not in pinned_odd and x not in pinned_four]
        seats = odd_seats - len(pinned_odd)
    else:
        free, seats = list(range(len(odd))), odd_seats
    for weight in prefix_weight:
        for x in pinned_odd:
            odd[x] += 1
        for x in sorted(free, key=odd.__getitem__)[:seats]:
            odd[x] += 1
        imbalance += weight * sum(count * count for count in odd)
    return imbalance
