"""Seating plans: at which table, and in which seat, each player sits for each position.

Pure Python (no Django import): the services, the arbitre's screen, the tests and the
benchmark (``bench/seating_bench.py``) all use it directly.

Public API
----------
``plan_positions(*, players, positions, teams=None, allow_five=False, history=(), seed=0)``
    Plans ``positions`` new positions for the ``players`` present and returns a :class:`Plan`.
    A plan *is* a list, one item per new position; a position is a list of tables; a table
    is a list of player ids in seat order (Nord, Est, Sud, Ouest, and the fifth seat at a
    table of 5). So ``plan[0][0][0]`` is the Nord of table 1 at the first new position, and
    ``plan == [[...], ...]`` compares as a plain list. ``plan.report`` is its
    :class:`SeatingReport`.

    ``history`` holds the positions already played, in the same shape. They are not part of
    the result (which holds the new positions only), but they are kept as constraints: pairs
    who met there should not meet again, and the tables of 3 or 5 sat there count towards
    spreading the odd tables fairly. Players of the history who are no longer present
    (withdrawn) are ignored; players who are not in it (late arrivals) simply have no past.
    When the history is the beginning of the plan the same players, teams and seed get
    without history, the result is the rest of that plan: planning one position at a time
    continues the plan of the whole tournament for as long as nothing changes.

    Same inputs and same ``seed`` give the same plan: the search draws only from
    ``random.Random(seed)`` and stops on a budget of work, never on the clock.

``seating_report(positions, *, teams=None, history=(), players=None)``
    The :class:`SeatingReport` of any schedule, for instance after the arbitre swaps two
    players by hand.

``short_table_unfairness(schedule, *, players)``
    The positions after which someone has sat at two tables of 3 or 5 while someone else
    has sat at none (the benchmark and the tests check plans with it).

``table_sizes(*, player_count, allow_five=False)``
    The sizes of the tables of one position, odd tables last.

``SeatingError``
    A ``ValueError`` whose message (in French, for the arbitre) says why the players cannot
    be seated as asked.

Table sizes
-----------
Tables of 4 when the count of players is a multiple of 4. Otherwise the remainder is absorbed
with the fewest odd tables possible: tables of 3 (homologated by the FFT), or tables of 5 when
``allow_five`` is set. With tables of 5 allowed, a remainder of 1 gives one table of 5, a
remainder of 2 gives two tables of 5 (two tables of 3 below 10 players), and a remainder of 3
gives one table of 3, because one odd table beats three tables of 5. Five players without
tables of 5, and fewer than three players, cannot be seated. Odd tables take the last numbers,
as clubs do.

Quality, in priority order
--------------------------
1. Team-mates never sit at the same table. This is a hard constraint: a team with more players
   present than there are tables is refused with a :class:`SeatingError`.
2. No two players meet twice whenever that is possible; otherwise as few repeat meetings as the
   search can find. A pair meeting *k* times counts *k* - 1 repeats, history included.
3. Odd tables are spread position after position: nobody sits at a table of 3 or 5 a second
   time while someone else has sat at none (history included), at any point of the
   tournament, not only at its end, since a tournament can stop or change on the way.
4. Seats rotate: within each table the seats are dealt so that everyone's count of Nord (and
   of every other seat) stays balanced.

How
---
Drawing positions one after the other cannot finish tight schedules: 16 players over 5
positions must each meet all 15 others exactly once, and a position-by-position draw almost
always leaves no repeat-free fifth position. So the whole schedule is searched at once, the way
social-golfer solvers do: a greedy construction of every position (which already solves large
fields, where tables are plenty), then a tabu search whose move swaps two players between two
tables of the same position, chosen among the players in conflict, with perturbations of the
best schedule when the search stalls and fresh restarts when perturbing stops paying. The
search stops as soon as it reaches a proven lower bound, or when its budget of work is spent.

The tightest schedules of all (4m players at tables of 4 over up to m positions, m a prime
power: 16, 20, 28, 32, 36 players...) are where swaps need the most luck; when there is no
history, an affine design over the field GF(m) gives them a repeat-free start (see
``_Search._design``), and team-mates are put where that design never seats them together.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeAlias

PlayerId: TypeAlias = Hashable
Table: TypeAlias = list[PlayerId]
Position: TypeAlias = list[Table]

SEATS: Final = ("Nord", "Est", "Sud", "Ouest", "Cinquième")
"""Seat names in seat order; a table of 3 uses the first three, a table of 5 all five."""

# Weights of the search's cost. Each one dwarfs everything below it that a single swap can
# change, so the weighted sum orders schedules as the priorities of the module docstring do.
_CLASH_WEIGHT: Final = 1 << 24
_REPEAT_WEIGHT: Final = 1 << 10
_ODD_WEIGHT: Final = 1
# The odd-table weight of the first search, which keeps the odd tables spread while it looks
# for the fewest repeats: one unit of imbalance then outweighs the repeats one swap can make,
# yet the imbalance of a whole schedule stays far below one clash.
_ODD_FIRST_WEIGHT: Final = 1 << 14

# Budget of the search, in units of work: examining one candidate costs one unit per player
# plus a fixed overhead (a unit is roughly a tenth of a microsecond). The budget is capped,
# and smaller on small fields, where schedules that cannot be repeat-free should give up
# quickly: so many units per pair of players and per position.
_WORK_BUDGET: Final = 10_000_000
_WORK_PER_PAIR_AND_POSITION: Final = 1_000
_CANDIDATE_OVERHEAD: Final = 24
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
# Rounds of seat exchanges at most, once the tables are set.
_SEAT_PASSES: Final = 20
# Candidates examined per swap at most (a random sample of them beyond).
_CANDIDATES_CAP: Final = 48


class SeatingError(ValueError):
    """The players cannot be seated as asked; the message is French, meant for the arbitre."""


@dataclass(frozen=True)
class PairMeeting:
    """Two players who sat at the same table ``times`` times."""

    players: tuple[PlayerId, PlayerId]
    times: int


@dataclass(frozen=True)
class SeatingReport:
    """What the arbitre needs to judge a schedule (history and plan together).

    ``repeat_meetings`` counts a pair of opponents meeting *k* times as *k* - 1 repeats;
    ``repeated_pairs`` lists those pairs with how often they met. Team-mates sitting together
    are not repeats but ``team_clashes``. ``odd_tables`` counts, per player, the tables of 3 or
    5 sat at; ``seat_counts`` counts, per player, the times in each seat of :data:`SEATS`.
    """

    repeat_meetings: int
    repeated_pairs: tuple[PairMeeting, ...]
    team_clashes: tuple[PairMeeting, ...]
    odd_tables: Mapping[PlayerId, int] = field(hash=False)
    seat_counts: Mapping[PlayerId, tuple[int, ...]] = field(hash=False)

    @property
    def team_clash_count(self) -> int:
        """Times team-mates sat at the same table (zero in every plan this module makes)."""
        return sum(clash.times for clash in self.team_clashes)

    @property
    def odd_table_spread(self) -> int:
        """Most minus fewest tables of 3 or 5 sat at by one player; at most 1 when fair."""
        counts = self.odd_tables.values()
        return max(counts) - min(counts) if counts else 0


class Plan(list):
    """The new positions of a seating plan, as a plain list, with its quality ``report``."""

    __slots__ = ("report",)

    def __init__(self, positions: Iterable[Position], *, report: SeatingReport) -> None:
        super().__init__(positions)
        self.report = report


def table_sizes(*, player_count: int, allow_five: bool = False) -> tuple[int, ...]:
    """The table sizes for ``player_count`` players, tables of 4 first and odd tables last.

    The fewest odd tables absorb the remainder of the division by 4 (see the module
    docstring); tables of 3 are used where tables of 5 are not allowed or not possible.
    """
    if player_count < 3:
        raise SeatingError("Il faut au moins 3 joueurs présents pour former une table.")
    remainder = player_count % 4
    fives = 0
    if allow_five and remainder == 1:
        fives = 1
    elif allow_five and remainder == 2 and player_count >= 10:
        fives = 2
    threes = 0 if fives else (4 - remainder) % 4
    fours, rest = divmod(player_count - 5 * fives - 3 * threes, 4)
    if fours < 0 or rest:
        raise SeatingError(
            f"Impossible d'asseoir {player_count} joueurs à des tables de 4 et de 3 : "
            "autorisez les tables de 5."
        )
    return (4,) * fours + (5,) * fives + (3,) * threes


def seating_report(
    positions: Sequence[Sequence[Sequence[PlayerId]]],
    *,
    teams: Mapping[PlayerId, Hashable] | None = None,
    history: Sequence[Sequence[Sequence[PlayerId]]] = (),
    players: Iterable[PlayerId] | None = None,
) -> SeatingReport:
    """The quality report of ``history`` followed by ``positions`` (see :class:`SeatingReport`),
    for the ``players`` given (everyone seated when None).

    Pairs are listed in the order the schedule first seats their players, so the report is
    as deterministic as the schedule.
    """
    only = None if players is None else set(players)
    return _report([*history, *positions], teams=teams or {}, only=only)


def short_table_unfairness(
    schedule: Sequence[Sequence[Sequence[PlayerId]]], *, players: Iterable[PlayerId]
) -> list[int]:
    """The positions (numbered from 1) after which one of ``players`` has sat at two tables of
    3 or 5 while another has sat at none: what priority 3 forbids wherever numbers allow."""
    counts = dict.fromkeys(players, 0)
    unfair = []
    for number, position in enumerate(schedule, start=1):
        for table in position:
            if len(table) != 4:
                for player in table:
                    if player in counts:
                        counts[player] += 1
        if counts and max(counts.values()) >= 2 and min(counts.values()) == 0:
            unfair.append(number)
    return unfair


def plan_positions(
    *,
    players: Sequence[PlayerId],
    positions: int,
    teams: Mapping[PlayerId, Hashable] | None = None,
    allow_five: bool = False,
    history: Sequence[Sequence[Sequence[PlayerId]]] = (),
    seed: int = 0,
) -> Plan:
    """Plan ``positions`` new positions for the ``players`` present (see the module docstring).

    ``teams`` maps a player to a team; players missing from it have no team-mates. The
    returned plan holds the new positions only; its report covers history and plan together,
    restricted to the players present.
    """
    present = _in_fixed_order(players)
    if len(set(present)) != len(present):
        raise SeatingError("Un joueur figure deux fois dans la liste des joueurs présents.")
    if positions < 0:
        raise SeatingError("Le nombre de positions à prévoir ne peut pas être négatif.")
    sizes = table_sizes(player_count=len(present), allow_five=allow_five)
    team_of = teams or {}
    _check_teams_fit(present, team_of, sizes)
    schedule: list[list[list[int]]] = []
    if positions:
        schedule = (
            _continuation(
                present=present,
                sizes=sizes,
                positions=positions,
                team_of=team_of,
                history=history,
                seed=seed,
            )
            or _Search(
                present=present,
                sizes=sizes,
                positions=positions,
                team_of=team_of,
                history=history,
                rng=random.Random(seed),
            ).run()
        )
    seated = _deal_seats(schedule, history=history, present=present, rng=random.Random(seed))
    report = _report([*history, *seated], teams=team_of, only=set(present))
    if report.team_clashes and _report(seated, teams=team_of, only=None).team_clashes:
        # The teams were checked to fit, so the search should always separate them; never
        # hand out a plan that breaks the hard constraint.
        raise SeatingError(
            "Aucun placement trouvé qui sépare tous les coéquipiers ; "
            "modifiez les équipes ou le nombre de tables."
        )
    return Plan(seated, report=report)


def _in_fixed_order(players: Iterable[PlayerId]) -> list[PlayerId]:
    """The players sorted, so that the plan does not depend on the order they are listed in
    (ids that cannot be compared keep the order given)."""
    try:
        return sorted(players)
    except TypeError:
        return list(players)


def _continuation(
    *,
    present: Sequence[PlayerId],
    sizes: Sequence[int],
    positions: int,
    team_of: Mapping[PlayerId, Hashable],
    history: Sequence[Sequence[Sequence[PlayerId]]],
    seed: int,
) -> list[list[list[int]]] | None:
    """The rest of the plan the same field would get without history, when the history is
    the beginning of that plan (tables compared as sets: seats may have been exchanged).

    Planning position by position, as a tournament does, then continues the plan made for
    the whole tournament while nothing changes: the schedule stays as good as a plan of all
    positions at once (which a search constrained by a fixed history may not find again in
    tight schedules), and what was announced stays true. A withdrawal, a late arrival or a
    swap by hand ends it, and the search then plans around the history.
    """
    if not history:
        return None
    everyone = set(present)
    for position in history:
        seated = [player for table in position for player in table]
        if len(seated) != len(everyone) or set(seated) != everyone:
            return None
    index = {player: i for i, player in enumerate(present)}
    whole = _Search(
        present=present,
        sizes=sizes,
        positions=len(history) + positions,
        team_of=team_of,
        history=(),
        rng=random.Random(seed),
    ).run()
    for position, planned in zip(history, whole, strict=False):
        played = {frozenset(index[player] for player in table) for table in position}
        if played != {frozenset(table) for table in planned}:
            return None
    return whole[len(history) :]


def _check_teams_fit(
    present: Sequence[PlayerId], team_of: Mapping[PlayerId, Hashable], sizes: Sequence[int]
) -> None:
    """Refuse a team with more players present than there are tables.

    That is the only way teams can fail to fit: the tables of a position differ by one seat
    at most, so dealing the players team after team round the tables, largest tables first,
    seats the members of any team no larger than the count of tables at different tables.
    """
    team_sizes: dict[Hashable, int] = {}
    for player in present:
        team = team_of.get(player)
        if team is not None:
            team_sizes[team] = team_sizes.get(team, 0) + 1
    for team, size in team_sizes.items():
        if size > len(sizes):
            raise SeatingError(
                f"L'équipe {team} compte {size} joueurs présents pour {len(sizes)} "
                f"table{'s' if len(sizes) > 1 else ''} : des coéquipiers se rencontreraient "
                "forcément."
            )


def _report(
    schedule: Sequence[Sequence[Sequence[PlayerId]]],
    *,
    teams: Mapping[PlayerId, Hashable],
    only: set[PlayerId] | None,
) -> SeatingReport:
    """Count meetings, odd tables and seats over ``schedule``, for the players in ``only``.

    Odd tables are judged on the table as it was played, before leaving anyone out.
    """
    order: dict[PlayerId, int] = {}
    meetings: dict[tuple[PlayerId, PlayerId], int] = {}
    odd_tables: dict[PlayerId, int] = {}
    seats: dict[PlayerId, list[int]] = {}
    for position in schedule:
        for table in position:
            odd = len(table) != 4
            kept = [player for player in table if only is None or player in only]
            for seat, player in enumerate(table):
                if only is not None and player not in only:
                    continue
                order.setdefault(player, len(order))
                odd_tables[player] = odd_tables.get(player, 0) + odd
                counts = seats.setdefault(player, [0] * len(SEATS))
                if seat < len(SEATS):
                    counts[seat] += 1
            for first, second in itertools.combinations(kept, 2):
                pair = (first, second) if order[first] <= order[second] else (second, first)
                meetings[pair] = meetings.get(pair, 0) + 1
    repeated: list[PairMeeting] = []
    clashes: list[PairMeeting] = []
    for pair, times in meetings.items():
        team = teams.get(pair[0])
        if team is not None and team == teams.get(pair[1]):
            clashes.append(PairMeeting(players=pair, times=times))
        elif times > 1:
            repeated.append(PairMeeting(players=pair, times=times))
    return SeatingReport(
        repeat_meetings=sum(meeting.times - 1 for meeting in repeated),
        repeated_pairs=tuple(repeated),
        team_clashes=tuple(clashes),
        odd_tables=odd_tables,
        seat_counts={player: tuple(counts) for player, counts in seats.items()},
    )


def _deal_seats(
    schedule: Sequence[Sequence[Sequence[int]]],
    *,
    history: Sequence[Sequence[Sequence[PlayerId]]],
    present: Sequence[PlayerId],
    rng: random.Random,
) -> list[Position]:
    """Turn the search's tables (player indexes) into tables of ids in seat order.

    Position after position, each table takes the seat order that gives its players the seats
    they have held least so far (history included); ties are broken at random so that nobody
    is Nord by default. Then two players of a table exchange seats wherever that evens their
    seat counts out (the sum of squared counts falls), until no exchange does: the greedy
    order alone can leave someone who never sat Nord over four positions.
    """
    present_set = set(present)
    counts: dict[PlayerId, list[int]] = {player: [0] * len(SEATS) for player in present}
    for position in history:
        for table in position:
            for seat, player in enumerate(table[: len(SEATS)]):
                if player in present_set:
                    counts[player][seat] += 1
    orders = {size: list(itertools.permutations(range(size))) for size in (3, 4, 5)}
    seated: list[Position] = []
    for position in schedule:
        seated_position: Position = []
        for table in position:
            players = [present[index] for index in table]
            candidates = orders[len(players)][:]
            rng.shuffle(candidates)
            best = min(
                candidates,
                key=lambda order: sum(
                    counts[player][seat] for player, seat in zip(players, order, strict=True)
                ),
            )
            in_seat_order: Table = [None] * len(players)
            for player, seat in zip(players, best, strict=True):
                in_seat_order[seat] = player
                counts[player][seat] += 1
            seated_position.append(in_seat_order)
        seated.append(seated_position)
    for _ in range(_SEAT_PASSES):
        exchanged = False
        for table in (table for position in seated for table in position):
            for first, second in itertools.combinations(range(len(table)), 2):
                one, other = counts[table[first]], counts[table[second]]
                # The change in the sum of squared seat counts of both players.
                change = 2 * (one[second] - one[first] + other[first] - other[second]) + 4
                if change < 0:
                    one[first] -= 1
                    one[second] += 1
                    other[second] -= 1
                    other[first] += 1
                    table[first], table[second] = table[second], table[first]
                    exchanged = True
        if not exchanged:
            break
    return seated


class _Search:
    """The whole-schedule local search, over player indexes 0..n-1.

    The state is kept so that pricing a swap takes a few look-ups:

    - ``tables[p][t]`` lists the players at table ``t`` of new position ``p``, and
      ``where[p][x]`` is the table of player ``x`` there;
    - ``meet[x][y]`` counts the meetings of ``x`` and ``y``, history included. Team-mates start
      at 1, as if they had met already, so that any meeting of theirs is a repeat, weighted by
      ``weight[x][y]`` = the clash weight instead of the repeat weight;
    - ``join[x][y]`` is what seating ``x`` with ``y`` once more would add (their weight once
      they have met, else 0);
    - ``price[p][t][x]`` is what ``x`` would add by sitting at table ``t`` of position ``p``
      (the sum of ``join[x][z]`` over the players ``z`` there);
    - ``burden[p][x]`` is what ``x`` adds at its own table of position ``p`` (the weights of
      the tablemates met at least twice): the saving if ``x`` left, and non-zero exactly for
      the players in conflict;
    - ``count[p][x]`` is how many odd tables ``x`` has sat at up to new position ``p``
      included (history included), and ``tail[p][x]`` the sum of ``count[q][x]`` over the
      positions ``q`` from ``p`` on: what a move at ``p`` shifts;
    - ``odd_cost`` is the odd-table imbalance: the sum, over every new position, of the
      squared counts up to it (the last position weighted by ``prefix_weight``, and
      ``tail`` weighted alike). Each term is least when the counts are even, so the imbalance
      is least when the odd tables are spread position after position, not only at the end:
      nobody sits at a second odd table while someone has sat at none;
    - ``cost`` is the weighted sum of repeats, clashes and odd-table imbalance.
    """

    def __init__(
        self,
        *,
        present: Sequence[PlayerId],
        sizes: Sequence[int],
        positions: int,
        team_of: Mapping[PlayerId, Hashable],
        history: Sequence[Sequence[Sequence[PlayerId]]],
        rng: random.Random,
    ) -> None:
        n = len(present)
        self.n = n
        self.sizes = list(sizes)
        self.odd_table = [size != 4 for size in sizes]
        self.odd_seats = sum(size for size in sizes if size != 4)
        self.positions = positions
        self.rng = rng
        index = {player: i for i, player in enumerate(present)}

        self.weight = [[_REPEAT_WEIGHT] * n for _ in range(n)]
        base_meet = [[0] * n for _ in range(n)]
        by_team: dict[Hashable, list[int]] = {}
        for player in present:
            team = team_of.get(player)
            if team is not None:
                by_team.setdefault(team, []).append(index[player])
        for members in by_team.values():
            for x, y in itertools.permutations(members, 2):
                self.weight[x][y] = _CLASH_WEIGHT
                base_meet[x][y] = 1

        self.teams = list(by_team.values())

        base_odd = [0] * n
        self.fresh = True
        for position in history:
            for table in position:
                seated = [index[player] for player in table if player in index]
                self.fresh = self.fresh and not seated
                if len(table) != 4:
                    for x in seated:
                        base_odd[x] += 1
                for x, y in itertools.permutations(seated, 2):
                    base_meet[x][y] += 1
        self.base_meet = base_meet
        self.base_odd = base_odd
        # The counts up to every position weigh 1 in the odd-table imbalance, and up to the
        # last one far more: the spread at the tournament's end matters most.
        self.prefix_weight = [1] * positions
        if positions:
            self.prefix_weight[-1] = positions * positions
        # rest[p]: the weight of the prefixes from position p on.
        self.rest = list(itertools.accumulate(reversed(self.prefix_weight)))[::-1] + [0]
        self.pair_bound, self.odd_bound = self._lower_bounds()
        # What a unit of odd-table imbalance costs in the current search (see run()).
        self.odd_weight = _ODD_WEIGHT
        # What a swap pays per unit of imbalance it adds, when choosing it (see run()).
        self.unbalance_weight = _ODD_WEIGHT
        self.budget = min(_WORK_BUDGET, _WORK_PER_PAIR_AND_POSITION * n * n * positions)

        # The current schedule, set by _load().
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.meet: list[list[int]] = []
        self.join: list[list[int]] = []
        self.price: list[list[list[int]]] = []
        self.burden: list[list[int]] = []
        self.count: list[list[int]] = []
        self.tail: list[list[int]] = []
        self.odd_cost = 0
        self.cost = 0
        # The best schedule by the true weights, kept while the search weighs them otherwise.
        self.kept_tables: list[list[list[int]]] = []
        self.kept_cost = 0
        # Whether the search stops once no repeat is left but the unavoidable ones, and
        # whether it has.
        self.repeats_only = False
        self.repeats_done = False

    # -- bounds and costs ---------------------------------------------------------------

    def _lower_bounds(self) -> tuple[int, int]:
        """What no schedule can beat, for the pairs (repeats and clashes) and for the odd
        tables; reaching both ends the search early.

        Repeats: over the new positions player x makes at least M meetings (one fewer than
        the smallest table, per position) but has only F opponents left to meet for the
        first time, so at least M - F of them are repeats, each seen from both sides.
        Odd tables: at each new position, the odd seats go to the players who have sat at
        the fewest so far, which keeps every count up to every position as even as it can be.
        """
        n, positions, base_meet = self.n, self.positions, self.base_meet
        history_cost = sum(
            self.weight[x][y] * (base_meet[x][y] - 1)
            for x in range(n)
            for y in range(x + 1, n)
            if base_meet[x][y] > 1
        )
        meetings = positions * (min(self.sizes) - 1)
        forced = sum(max(0, meetings - (n - 1 - sum(map(bool, row)))) for row in base_meet)
        odd = self.base_odd[:]
        odd_cost = 0
        for p in range(positions):
            for x in sorted(range(n), key=odd.__getitem__)[: self.odd_seats]:
                odd[x] += 1
            odd_cost += self.prefix_weight[p] * sum(count * count for count in odd)
        return history_cost + _REPEAT_WEIGHT * ((forced + 1) // 2), odd_cost

    @property
    def bound(self) -> int:
        return self.pair_bound + self.odd_weight * self.odd_bound

    def _cost_of(self, meet: list[list[int]], odd_cost: int) -> int:
        n, weight = self.n, self.weight
        pairs = sum(
            weight[x][y] * (meet[x][y] - 1)
            for x in range(n)
            for y in range(x + 1, n)
            if meet[x][y] > 1
        )
        return pairs + self.odd_weight * odd_cost

    # -- state --------------------------------------------------------------------------

    def _load(self, tables: list[list[list[int]]]) -> None:
        """Make ``tables`` (copied) the current schedule and recompute everything from it."""
        n = self.n
        self.tables = [[table[:] for table in position] for position in tables]
        self.where = []
        meet = self.meet = [row[:] for row in self.base_meet]
        odd = self.base_odd[:]
        self.count = []
        for position in self.tables:
            where = [0] * n
            for t, table in enumerate(position):
                for x in table:
                    where[x] = t
                    odd[x] += self.odd_table[t]
                for x, y in itertools.permutations(table, 2):
                    meet[x][y] += 1
            self.where.append(where)
            self.count.append(odd[:])
        weighted = [
            [w * c for c in counts]
            for w, counts in zip(self.prefix_weight, self.count, strict=True)
        ]
        self.tail = [list(map(sum, zip(*weighted[p:], strict=True))) for p in range(self.positions)]
        self.odd_cost = sum(
            w * sum(c * c for c in counts)
            for w, counts in zip(self.prefix_weight, self.count, strict=True)
        )
        join = self.join = [
            [w if m else 0 for w, m in zip(weights, meets, strict=True)]
            for weights, meets in zip(self.weight, meet, strict=True)
        ]
        self.price = [
            [list(map(sum, zip(*(join[z] for z in table), strict=True))) for table in position]
            for position in self.tables
        ]
        self.burden = []
        for position in self.tables:
            burden = [0] * n
            for table in position:
                for x, y in itertools.combinations(table, 2):
                    if meet[x][y] > 1:
                        burden[x] += self.weight[x][y]
                        burden[y] += self.weight[x][y]
            self.burden.append(burden)
        self.cost = self._cost_of(meet, self.odd_cost)

    def _snapshot(self) -> list[list[list[int]]]:
        return [[table[:] for table in position] for position in self.tables]

    def _swap(self, p: int, x: int, y: int) -> None:
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
        if self.odd_table[t]:
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
        if self.odd_table[t]:
            self._shift_odd(p, x, 1)

    def _shift_odd(self, p: int, x: int, step: int) -> None:
        """Count ``x`` at one odd table more (``step`` 1) or fewer (-1) from position ``p``
        on: every count up to a later position moves by ``step``."""
        positions = self.positions
        change = 2 * step * self.tail[p][x] + self.rest[p]
        self.odd_cost += change
        self.cost += self.odd_weight * change
        for q in range(p, positions):
            self.count[q][x] += step
        for r in range(positions):
            self.tail[r][x] += step * self.rest[max(r, p)]

    def _meet(self, p: int, x: int, z: int) -> None:
        """Count a meeting of ``x`` and ``z``, who now share a table at position ``p``."""
        met = self.meet[x][z]
        w = self.weight[x][z]
        self.meet[x][z] = self.meet[z][x] = met + 1
        if met == 0:
            self.join[x][z] = self.join[z][x] = w
            for where, price in zip(self.where, self.price, strict=True):
                price[where[z]][x] += w
                price[where[x]][z] += w
            return
        self.cost += w
        self.burden[p][x] += w
        self.burden[p][z] += w
        if met == 1:
            # Their earlier meeting has just become one of a repeated pair too.
            for q, where in enumerate(self.where):
                if q != p and where[x] == where[z]:
                    self.burden[q][x] += w
                    self.burden[q][z] += w

    def _part(self, p: int, x: int, z: int) -> None:
        """Uncount the meeting of ``x`` and ``z`` at position ``p``, before one leaves."""
        met = self.meet[x][z]
        w = self.weight[x][z]
        self.meet[x][z] = self.meet[z][x] = met - 1
        if met == 1:
            self.join[x][z] = self.join[z][x] = 0
            for where, price in zip(self.where, self.price, strict=True):
                price[where[z]][x] -= w
                price[where[x]][z] -= w
            return
        self.cost -= w
        self.burden[p][x] -= w
        self.burden[p][z] -= w
        if met == 2:
            for q, where in enumerate(self.where):
                if q != p and where[x] == where[z]:
                    self.burden[q][x] -= w
                    self.burden[q][z] -= w

    # -- construction -------------------------------------------------------------------

    def _construct(
        self, first: list[list[list[int]]] | None = None
    ) -> tuple[list[list[list[int]]], int]:
        """A greedy schedule and its cost: after the ``first`` positions if given, position
        by position, each player takes a free seat at the table where they add least, the
        players with the fewest odd tables so far filling the odd tables. On large fields
        this alone is repeat-free."""
        n, rng, sizes, weight = self.n, self.rng, self.sizes, self.weight
        meet = [row[:] for row in self.base_meet]
        odd = self.base_odd[:]
        odd_cost = 0
        odd_ids = [t for t, is_odd in enumerate(self.odd_table) if is_odd]
        even_ids = [t for t, is_odd in enumerate(self.odd_table) if not is_odd]
        schedule = [[table[:] for table in position] for position in first or []]
        for p, tables in enumerate(schedule):
            for t, table in enumerate(tables):
                for x in table:
                    odd[x] += self.odd_table[t]
                for x, y in itertools.permutations(table, 2):
                    meet[x][y] += 1
            odd_cost += self.prefix_weight[p] * sum(c * c for c in odd)
        while len(schedule) < self.positions:
            order = list(range(n))
            rng.shuffle(order)
            order.sort(key=odd.__getitem__)
            tables: list[list[int]] = [[] for _ in sizes]
            groups = ((order[: self.odd_seats], odd_ids), (order[self.odd_seats :], even_ids))
            for group, ids in groups:
                rng.shuffle(group)
                for x in group:
                    meets, weights = meet[x], weight[x]
                    start = rng.randrange(len(ids))
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
                    tables[best_table].append(x)
            for t, table in enumerate(tables):
                for x in table:
                    odd[x] += self.odd_table[t]
                for x, y in itertools.permutations(table, 2):
                    meet[x][y] += 1
            schedule.append(tables)
            odd_cost += self.prefix_weight[len(schedule) - 1] * sum(c * c for c in odd)
        return schedule, self._cost_of(meet, odd_cost)

    def _design(self) -> list[list[list[int]]] | None:
        """Up to ``positions`` repeat-free positions from an affine design, when the field
        is 4m players at tables of 4, with m a prime power and no history; else None.

        Split the players into four groups of m, numbered by the elements of the field
        GF(m), and pick four distinct elements e0..e3. At position r, table j seats, from
        each group g, the player numbered j + r * eg. Two players of groups g and h meet
        when r * (eh - eg) equals the difference of their numbers: at exactly one r, so m
        positions hold no repeat, and players of the same group never meet, which is
        where team-mates go. With m = 4 and no teams the groups themselves make a fifth
        position (the affine plane of order 4: 16 players, everyone meets everyone once).
        Tight schedules are where swaps struggle most, so this start saves the search.
        """
        n, rng = self.n, self.rng
        field = _galois_field(n // 4) if self.fresh and n % 4 == 0 and n >= 16 else None
        if field is None:
            return None
        add, multiply = field
        m = n // 4
        groups: list[list[int]] = [[] for _ in range(4)]
        teams = sorted(self.teams, key=lambda team: (-len(team), rng.random()))
        for team in teams:
            members = team[:]
            while members:
                group = max(groups, key=lambda members_of: m - len(members_of))
                room = m - len(group)
                group.extend(members[:room])
                members = members[room:]
        in_team = {x for team in self.teams for x in team}
        solos = [x for x in range(n) if x not in in_team]
        rng.shuffle(solos)
        for group in groups:
            room = m - len(group)
            group.extend(solos[:room])
            solos = solos[room:]
            rng.shuffle(group)
        elements = rng.sample(range(m), 4)
        rounds = [
            [[groups[g][add[j][multiply[r][elements[g]]]] for g in range(4)] for j in range(m)]
            for r in range(m)
        ]
        if m == 4 and not self.teams:
            rounds.append([group[:] for group in groups])
        # A team too large for what was left of a group meets across groups, once: leave out
        # the positions where it does, as far as there are positions to spare.
        weight = self.weight
        rng.shuffle(rounds)
        rounds.sort(
            key=lambda tables: sum(
                weight[x][y] == _CLASH_WEIGHT
                for table in tables
                for x, y in itertools.combinations(table, 2)
            )
        )
        return rounds[: self.positions]

    # -- tabu search --------------------------------------------------------------------

    def run(self) -> list[list[list[int]]]:
        """Search, and return the best schedule found (player indexes, tables in order).

        The constructions spread the odd tables evenly, and a first search keeps them so at
        the end of the tournament (a swap that would unbalance the final counts is all but
        forbidden) as it removes repeats; when repeats are left, a second one trades that
        balance for them, as the priorities say. The spread at earlier positions then often
        remains uneven: a swap that evens it nearly always seats someone beside a player met
        before, so it is never worth taking alone. When it is uneven, a last search starts
        from there with
        the odd-table imbalance weighing more than repeats: it spreads the odd tables at
        once, then works the repeats back down while keeping them spread. The best schedule
        any search meets, by the true weights, is the answer: repeats still come first.
        """
        best_tables, best_cost = self._construct()
        design = self._design() if best_cost > self.bound else None
        if design is not None:
            tables, cost = self._construct(design)
            if cost < best_cost:
                best_tables, best_cost = tables, cost
        # With odd tables, these searches stop at the fewest repeats possible: the last
        # one sees to the odd tables.
        self.repeats_only = bool(self.odd_seats)
        if best_cost > self.bound:
            self.unbalance_weight = _CLASH_WEIGHT
            best_tables, best_cost = self._improve(best_tables, best_cost)
        if self.odd_seats and best_cost > self.bound and not self.repeats_done:
            self._load(best_tables)
            if self.cost - self.odd_cost > self.pair_bound:
                # Repeats are left: search for fewer once more, trading balance for them.
                self.unbalance_weight = _ODD_WEIGHT
                best_tables, best_cost = self._improve(best_tables, best_cost)
        if self.odd_seats and best_cost > self.bound:
            self.kept_tables, self.kept_cost = best_tables, best_cost
            self.odd_weight = self.unbalance_weight = _ODD_FIRST_WEIGHT
            self.repeats_only = self.repeats_done = False
            # Spreading the odd tables comes after the repeats: a quarter of the budget.
            self.budget //= 4
            self._load(best_tables)
            self._improve(best_tables, self.cost)
            best_tables = self.kept_tables
        return best_tables

    def _keep(self) -> None:
        """Keep the current schedule if it is the best yet by the true weights (while the
        odd-table imbalance weighs more than they say)."""
        cost = self.cost - (self.odd_weight - _ODD_WEIGHT) * self.odd_cost
        if cost < self.kept_cost:
            self.kept_tables, self.kept_cost = self._snapshot(), cost

    def _improve(
        self, best_tables: list[list[list[int]]], best_cost: int
    ) -> tuple[list[list[list[int]]], int]:
        """Tabu searches from ``best_tables``, then from fresh constructions, until the bound
        is reached, the work budget is spent, or restarts stop paying."""
        work = 0
        fruitless_restarts = 0
        start_tables = best_tables
        while best_cost > self.bound and work < self.budget and not self.repeats_done:
            self._load(start_tables)
            work, tables, cost = self._tabu(work)
            if cost < best_cost:
                best_tables, best_cost = tables, cost
                fruitless_restarts = 0
            else:
                fruitless_restarts += 1
                if fruitless_restarts >= _FRUITLESS_RESTARTS:
                    break
            start_tables, cost = self._construct()
            if cost < best_cost:
                best_tables, best_cost = start_tables, cost
        return best_tables, best_cost

    def _tabu(self, work: int) -> tuple[int, list[list[list[int]]], int]:
        """Tabu search from the current schedule, perturbing the best one found whenever the
        search stalls, until perturbing stops paying, the bound is reached or the work runs
        out. Returns the work done so far and the best schedule with its cost."""
        rng, n = self.rng, self.n
        best_tables, best_cost = self._snapshot(), self.cost
        stall = _STALL_BASE + _STALL_PER_PLAYER * n
        tabu: list[dict[int, int]] = [{} for _ in range(self.positions)]
        iteration = last_gain = 0
        fruitless_perturbations = 0
        while best_cost > self.bound and work < self.budget:
            iteration += 1
            candidates = self._candidates()
            if not candidates:
                break
            work += len(candidates) * (n + _CANDIDATE_OVERHEAD)
            move = self._best_move(candidates, tabu, iteration, best_cost)
            if move is None:
                break
            p, x, y = move
            self._swap(p, x, y)
            if self.odd_weight != _ODD_WEIGHT:
                self._keep()
            tabu[p][x * n + y if x < y else y * n + x] = (
                iteration + _TENURE_MIN + rng.randrange(_TENURE_SPREAD)
            )
            if self.cost < best_cost:
                best_tables, best_cost = self._snapshot(), self.cost
                last_gain = iteration
                fruitless_perturbations = 0
                if self.repeats_only and self.cost - self.odd_weight * self.odd_cost <= (
                    self.pair_bound
                ):
                    self.repeats_done = True
                    break
            elif iteration - last_gain > stall:
                fruitless_perturbations += 1
                if fruitless_perturbations > _FRUITLESS_PERTURBATIONS:
                    break
                self._load(best_tables)
                self._perturb()
                tabu = [{} for _ in range(self.positions)]
                last_gain = iteration
        return work, best_tables, best_cost

    def _candidates(self) -> list[tuple[int, int]]:
        """The (position, player) pairs worth moving: players in conflict, and players at an
        odd table of a position where someone has sat at two odd tables fewer so far."""
        n = self.n
        candidates = [(p, x) for p, burden in enumerate(self.burden) for x in range(n) if burden[x]]
        if self.odd_seats:
            for p, (position, odd) in enumerate(zip(self.tables, self.count, strict=True)):
                too_many = min(odd) + 1
                if max(odd) > too_many:
                    candidates.extend(
                        (p, x)
                        for t, table in enumerate(position)
                        if self.odd_table[t]
                        for x in table
                        if odd[x] > too_many and not self.burden[p][x]
                    )
        if len(candidates) > _CANDIDATES_CAP:
            candidates = self.rng.sample(candidates, _CANDIDATES_CAP)
        return candidates

    def _perturb(self) -> None:
        """A few random swaps in random positions, to leave the basin the tabu search is
        stuck in without losing all that the best schedule got right."""
        rng, n, odd_table = self.rng, self.n, self.odd_table
        keep_balance = self.unbalance_weight > _ODD_WEIGHT
        for _ in range(_PERTURBATION_SWAPS):
            p = rng.randrange(self.positions)
            x, y = rng.sample(range(n), 2)
            a, b = self.where[p][x], self.where[p][y]
            if a != b and not (keep_balance and odd_table[a] != odd_table[b]):
                self._swap(p, x, y)

    def _best_move(
        self,
        candidates: list[tuple[int, int]],
        tabu: list[dict[int, int]],
        iteration: int,
        best_cost: int,
    ) -> tuple[int, int, int] | None:
        """The best swap of a candidate with a player of another table of the same position;
        a tabu swap only if it beats the best cost (aspiration). Ties are drawn at random.

        Swapping x (table a) with y (table b) changes the cost by what y adds at table a
        without x, plus what x adds at table b without y, minus what both save by leaving,
        plus the change in odd-table imbalance when one table is odd and the other is not.
        """
        rng, n = self.rng, self.n
        odd_table = self.odd_table
        best_move: tuple[int, int, int] | None = None
        best_delta = 0
        ties = 0
        aspiration = best_cost - self.cost
        for p, x in candidates:
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
            if self.odd_seats:
                # The change in the odd-table imbalance when x and y swap between an odd and
                # an even table: the one leaving the odd table counts one fewer up to every
                # position from p on, the one joining it one more (see _shift_odd).
                tail = self.tail[p]
                rest = 2 * self.rest[p]
                if odd_table[a]:
                    shift = rest - 2 * tail[x]
                    changes = [
                        0 if odd_table[b] else shift + 2 * later
                        for b, later in zip(where, tail, strict=True)
                    ]
                else:
                    shift = rest + 2 * tail[x]
                    changes = [
                        shift - 2 * later if odd_table[b] else 0
                        for b, later in zip(where, tail, strict=True)
                    ]
                # Of which the change in the squared counts at the end, where adding imbalance
                # may cost more (see run()).
                final = self.count[-1]
                last = 2 * self.prefix_weight[-1]
                sign = 1 if odd_table[a] else -1
                ends = [
                    0 if odd_table[b] == odd_table[a] else last * (1 + sign * (count - final[x]))
                    for b, count in zip(where, final, strict=True)
                ]
                odd_weight, unbalance = self.odd_weight, self.unbalance_weight
                deltas = [
                    delta
                    + odd_weight * (change - end)
                    + (unbalance if end > 0 else odd_weight) * end
                    for delta, change, end in zip(deltas, changes, ends, strict=True)
                ]
            tabu_p = tabu[p]
            for y, delta in enumerate(deltas):
                if best_move is not None and delta > best_delta:
                    continue
                b = where[y]
                if b == a:
                    continue
                if (
                    tabu_p.get(x * n + y if x < y else y * n + x, 0) > iteration
                    and delta >= aspiration
                ):
                    continue
                if best_move is None or delta < best_delta:
                    best_move, best_delta, ties = (p, x, y), delta, 1
                else:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        best_move = (p, x, y)
        return best_move


def _galois_field(order: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """The addition and multiplication tables of the field GF(order), its elements numbered
    0..order-1 (0 and 1 as usual), or None when ``order`` is not a prime power.

    An element is a polynomial over GF(p) of degree below k (order = p**k), numbered by its
    coefficients in base p; products are reduced modulo the first monic polynomial of
    degree k that leaves no zero divisor, which is then irreducible."""
    if order < 2:
        return None
    prime = next(d for d in range(2, order + 1) if order % d == 0)
    degree, rest = 0, order
    while rest % prime == 0:
        rest //= prime
        degree += 1
    if rest != 1:
        return None
    digits = [[a // prime**i % prime for i in range(degree)] for a in range(order)]

    def number(coefficients: Sequence[int]) -> int:
        return sum(c * prime**i for i, c in enumerate(coefficients))

    add = [
        [
            number([(x + y) % prime for x, y in zip(digits[a], digits[b], strict=True)])
            for b in range(order)
        ]
        for a in range(order)
    ]
    for modulus in itertools.product(range(prime), repeat=degree):
        multiply = []
        for a in range(order):
            row = []
            for b in range(order):
                product = [0] * (2 * degree - 1)
                for i, x in enumerate(digits[a]):
                    for j, y in enumerate(digits[b]):
                        product[i + j] += x * y
                for top in range(2 * degree - 2, degree - 1, -1):
                    c = product[top]
                    product[top] = 0
                    for i, coefficient in enumerate(modulus):
                        product[top - degree + i] -= c * coefficient
                row.append(number([c % prime for c in product[:degree]]))
            if a and 0 in row[1:]:
                break
            multiply.append(row)
        else:
            return add, multiply
    return None
