"""Dealing the seats of tables already drawn, so that everyone's seats rotate.

Position after position, each table takes the seat order that gives its players the seats
they have held least so far (history included); ties are broken at random so that nobody is
Nord by default. Then two players of a table exchange seats wherever that evens their seat
counts out (the sum of squared counts falls), until no exchange does: the greedy order alone
can leave someone who never sat Nord over four positions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final, TypeAlias

from seating.schedule import Draft, PlannedPosition, PlannedTable, PlayerId, Schedule

SEATS: Final = ("Nord", "Est", "Sud", "Ouest", "Cinquième")
"""Seat names in seat order; a table of 3 uses the first three, a table of 5 all five."""

# Rounds of seat exchanges at most, once the tables are set.
_SEAT_PASSES: Final = 20

SeatCounts: TypeAlias = dict[PlayerId, list[int]]
"""For each player, the times they sat in each seat of :data:`SEATS`."""


def deal_seats(
    draft: Draft, *, history: Schedule, present: Sequence[PlayerId], rng: random.Random
) -> list[PlannedPosition]:
    """Turn the search's tables (player indexes) into tables of ids in seat order."""
    counts = _seat_counts(history, present)
    orders = {size: list(itertools.permutations(range(size))) for size in (3, 4, 5)}
    seated = [
        [_seat_table([present[index] for index in table], counts, orders, rng) for table in tables]
        for tables in draft
    ]
    for _ in range(_SEAT_PASSES):
        exchanged = [_even_out_seats(table, counts) for tables in seated for table in tables]
        if not any(exchanged):
            break
    return seated


def _seat_counts(history: Schedule, present: Sequence[PlayerId]) -> SeatCounts:
    """The seats the players present have held in the positions already played."""
    counts: SeatCounts = {player: [0] * len(SEATS) for player in present}
    for position in history:
        for table in position:
            for seat, player in enumerate(table[: len(SEATS)]):
                if player in counts:
                    counts[player][seat] += 1
    return counts


def _seat_table(
    players: list[PlayerId],
    counts: SeatCounts,
    orders: dict[int, list[tuple[int, ...]]],
    rng: random.Random,
) -> PlannedTable:
    """The players of one table in the seat order that gives them the seats they have held
    least (a random one among the best), counted in ``counts``."""
    candidates = orders[len(players)]
    rows = [counts[player] for player in players]
    if len(rows) == 4:
        # The common table, priced without a generator per order: a fifth of the seating's
        # time at 2,000 players.
        first, second, third, fourth = rows
        held = [first[a] + second[b] + third[c] + fourth[d] for a, b, c, d in candidates]
    else:
        held = [
            sum(row[seat] for row, seat in zip(rows, order, strict=True)) for order in candidates
        ]
    # The orders shuffled, then the first that gives the fewest seats held: the draw of the
    # random one among the best (shuffling their numbers draws as shuffling them would).
    numbers = list(range(len(candidates)))
    rng.shuffle(numbers)
    best = candidates[min(numbers, key=held.__getitem__)]
    in_seat_order: PlannedTable = [None] * len(players)
    for player, seat in zip(players, best, strict=True):
        in_seat_order[seat] = player
        counts[player][seat] += 1
    return in_seat_order


def _even_out_seats(table: PlannedTable, counts: SeatCounts) -> bool:
    """Exchange the seats of two players of ``table`` wherever that evens their seat counts
    out; whether any exchange was made."""
    exchanged = False
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
    return exchanged
