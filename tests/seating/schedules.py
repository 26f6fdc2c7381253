"""What the seating tests check plans with: meetings counted, the paper movement, and
the legality of a plan."""

import itertools
from collections import Counter

from seating import table_sizes


def meetings(schedule):
    """How often each pair of players sat at the same table."""
    return Counter(
        frozenset(pair)
        for position in schedule
        for table in position
        for pair in itertools.combinations(table, 2)
    )


def fixed_movement(*, tables, positions):
    """The paper movement clubs use: Nord stays, Sud +1 table, Est +2, Ouest -2."""
    return [
        [
            [
                4 * t,
                4 * ((t - 2 * r) % tables) + 1,
                4 * ((t - r) % tables) + 2,
                4 * ((t + 2 * r) % tables) + 3,
            ]
            for t in range(tables)
        ]
        for r in range(positions)
    ]


def assert_legal(plan, *, players, allow_five=False, teams=None):
    """Everyone present seated once per position, at tables of the legal sizes, team-mates
    apart."""
    sizes = table_sizes(player_count=len(players), allow_five=allow_five)
    for position in plan:
        assert tuple(len(table) for table in position) == sizes
        assert Counter(player for table in position for player in table) == Counter(players)
        for table in position:
            clubs = [teams[player] for player in table if teams and player in teams]
            assert len(clubs) == len(set(clubs))
