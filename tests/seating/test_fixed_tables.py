"""A fixed table (reduced mobility: the table near the door) held by the search itself, from
version 4 of the generator (``plan_positions(..., pin_fixed=True)``): the construction seats
a player with a fixed table at a table of its size, and no swap of the search moves them
between an odd table and a table of 4, so that the renumbering after the search always
brings them to their table. Versions 1 to 3 plan as they did."""

import json
import random

import pytest

from seating import plan_positions
from seating.construction import construct
from seating.draw import DrawPlayer, input_document, plan_of
from seating.problem import SeatingProblem
from seating.sizes import table_sizes
from seating.state import SearchState
from seating.tabu import TabuSearch

# The fields where the swap after the search (version 3) missed the fixed table of player 3
# most often: players, positions, player 3's fixed table, tables of 5 allowed. On the code
# of version 3 each of them missed it at least once at seeds 0 to 3 (at 20 seeds: 17, 63,
# 10 and 22 positions missed).
MISSED_FIELDS = [(15, 4, 1, False), (15, 4, 4, False), (23, 5, 1, False), (17, 4, 1, True)]


def pinned_problem(count, positions, pinned, *, allow_five=False):
    return SeatingProblem(
        present=list(range(count)),
        sizes=table_sizes(player_count=count, allow_five=allow_five),
        positions=positions,
        team_of={},
        history=(),
        pinned=pinned,
    )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("count", "positions", "table", "allow_five"), MISSED_FIELDS)
def test_a_fixed_player_sits_at_their_fixed_table_at_every_position(
    count, positions, table, allow_five, seed
):
    plan = plan_positions(
        players=list(range(count)),
        positions=positions,
        seed=seed,
        fixed={3: table},
        allow_five=allow_five,
    )

    assert [3 in tables[table - 1] for tables in plan] == [True] * positions
    assert [note for note in plan.report.notes if "table fixe" in note] == []


@pytest.mark.parametrize("seed", range(6))
def test_the_construction_seats_pinned_players_at_tables_of_their_fixed_tables_size(seed):
    # 14 players: two tables of 4, two tables of 3 (tables 3 and 4).
    problem = pinned_problem(14, 4, {0: True, 5: True, 9: False})

    draft, _cost = construct(problem, random.Random(seed), odd_weight=1)

    for tables in draft:
        odd = {x for t, table in enumerate(tables) if problem.odd_table[t] for x in table}
        assert {0, 5} <= odd
        assert 9 not in odd


def test_the_construction_reaches_the_odd_table_bound_with_a_pinned_player():
    # The player pinned to the table of 3 sits there at every position: the bound counts
    # them so, and the search can stop on it.
    problem = pinned_problem(15, 4, {3: True})
    draft, _cost = construct(problem, random.Random(1), odd_weight=1)
    state = SearchState(problem, odd_weight=1)

    state.load(draft)

    assert state.odd_cost == problem.odd_bound


@pytest.mark.parametrize(
    ("count", "allow_five", "pinned"),
    [(15, False, {3: True}), (13, False, {3: False, 12: True}), (17, True, {3: False, 16: True})],
)
def test_the_tabu_search_never_swaps_a_pinned_player_between_an_odd_table_and_a_table_of_4(
    count, allow_five, pinned, monkeypatch
):
    problem = pinned_problem(count, 4, pinned, allow_five=allow_five)
    across, perturbations = [], []
    swap, perturb = SearchState.swap, TabuSearch._perturb

    def watched_swap(state, p, x, y):
        a, b = state.where[p][x], state.where[p][y]
        if (x in pinned or y in pinned) and problem.odd_table[a] != problem.odd_table[b]:
            across.append((p, x, y))
        swap(state, p, x, y)

    def watched_perturb(search):
        perturbations.append(1)
        perturb(search)

    monkeypatch.setattr(SearchState, "swap", watched_swap)
    monkeypatch.setattr(TabuSearch, "_perturb", watched_perturb)

    draft = TabuSearch(problem, random.Random(2), repairs=True).run()

    assert across == []
    assert perturbations
    for tables in draft:
        for x, odd in pinned.items():
            assert problem.odd_table[next(t for t, table in enumerate(tables) if x in table)] == odd


@pytest.mark.parametrize(
    ("count", "positions", "table", "allow_five"),
    [(15, 4, 1, False), (23, 5, 1, False), (13, 3, 1, True)],
)
def test_pinning_a_fixed_table_of_4_costs_no_repeat_on_fields_that_had_none_to_spare(
    count, positions, table, allow_five
):
    def repeats(pin_fixed):
        return [
            plan_positions(
                players=list(range(count)),
                positions=positions,
                seed=seed,
                fixed={3: table},
                allow_five=allow_five,
                pin_fixed=pin_fixed,
            ).report.repeat_meetings
            for seed in range(4)
        ]

    assert sum(repeats(True)) <= sum(repeats(False))


def test_on_tables_of_4_only_a_fixed_table_asks_nothing_of_the_search():
    arguments = {"players": list(range(16)), "positions": 4, "seed": 3, "fixed": {3: 2, 7: 4}}

    assert plan_positions(**arguments, pin_fixed=True) == plan_positions(
        **arguments, pin_fixed=False
    )


def fixed_tables_document(version):
    """15 players over 4 positions, one of Lyon in five, a pair kept apart, player 103 at
    table 4 (the table of 3) and player 108 at table 1."""
    players = [
        DrawPlayer(player_id=100 + k, licence=f"07{k:05d}", club="Lyon" if k % 5 == 0 else None)
        for k in range(15)
    ]
    return input_document(
        position=1, positions=4, allow_five=False, players=players, history=[],
        apart=[(101, 102)], fixed={103: 4, 108: 1}, version=version,
    )  # fmt: skip


# The plan of that document, version 3, seed 0123456789abcdef, as the code of version 3 drew
# it (before version 4): player 103 misses table 4 at position 1.
VERSION_3_PLAN = json.loads(
    "[[[105, 104, 107, 108], [112, 113, 114, 111], [103, 102, 106, 110], [109, 100, 101]],"
    " [[100, 110, 105, 113], [101, 107, 112, 103], [104, 114, 102, 109], [108, 106, 111]],"
    " [[110, 101, 108, 114], [106, 105, 109, 112], [111, 103, 100, 104], [107, 102, 113]],"
    " [[102, 112, 108, 100], [109, 111, 110, 107], [113, 106, 104, 101], [114, 105, 103]]]"
)


def test_version_3_draws_a_document_with_fixed_tables_exactly_as_before():
    assert plan_of(fixed_tables_document("tarot-seating-3"), "0123456789abcdef") == VERSION_3_PLAN


def test_version_4_seats_the_fixed_players_of_that_document_at_their_tables():
    plan = plan_of(fixed_tables_document("tarot-seating-4"), "0123456789abcdef")

    assert [(103 in tables[3], 108 in tables[0]) for tables in plan] == [(True, True)] * 4
