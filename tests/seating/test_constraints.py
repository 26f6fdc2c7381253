"""What the organiser asks beyond the opponents (seating/constraints.py): one club at one table
as far as the field allows, pairs kept apart, players at a fixed table; and the report says
what could not be met."""

import itertools
import random

import pytest

from seating import SeatingError, plan_positions
from seating.constraints import club_notes


def tables_of(plan, player):
    return [next(t for t, table in enumerate(position, 1) if player in table) for position in plan]


def same_club_tables(plan, clubs) -> int:
    return club_notes(plan, clubs)[0]


def field(players: int, club_sizes: list[int], seed: int = 1):
    """``players`` ids in a random order, the first ones in clubs of ``club_sizes``."""
    ids = list(range(100, 100 + players))
    random.Random(seed).shuffle(ids)
    clubs, start = {}, 0
    for number, size in enumerate(club_sizes):
        for player in ids[start : start + size]:
            clubs[player] = f"club {number + 1}"
        start += size
    return ids, clubs


def test_players_of_one_club_sit_at_different_tables_when_the_field_allows():
    players, clubs = field(48, [6, 6, 5, 4, 4, 3, 3, 2, 2, 2])
    unconstrained = plan_positions(players=players, positions=4, seed=5)

    plan = plan_positions(players=players, positions=4, seed=5, clubs=clubs)

    assert same_club_tables(unconstrained, clubs) > 0
    assert same_club_tables(plan, clubs) == 0
    assert plan.report.same_club_tables == 0
    assert plan.report.repeat_meetings == 0


def test_spreading_the_clubs_never_costs_a_repeat_meeting_nor_a_table_of_3_or_5():
    players, clubs = field(42, [8, 7, 5, 4])
    unconstrained = plan_positions(players=players, positions=5, seed=2)

    plan = plan_positions(players=players, positions=5, seed=2, clubs=clubs)

    assert plan.report.repeat_meetings == unconstrained.report.repeat_meetings == 0
    assert plan.report.odd_tables == unconstrained.report.odd_tables


def test_a_club_with_more_players_than_tables_is_said_to_force_shared_tables():
    players, clubs = field(24, [9])  # 6 tables: 3 of them must seat two of the club

    plan = plan_positions(players=players, positions=2, seed=1, clubs=clubs)

    assert plan.report.same_club_tables == 6
    assert plan.report.same_club_tables_forced == 6
    assert plan.report.notes == (
        "9 joueurs de « club 1 » sur 24 : au moins 3 tables en comptent deux à chaque position.",
    )


def test_a_pair_kept_apart_never_sits_together():
    players = list(range(16))
    apart = [(0, 1), (2, 3), (0, 5)]

    plan = plan_positions(players=players, positions=5, seed=1, apart=apart)

    for position in plan:
        for table in position:
            for first, second in apart:
                assert not {first, second} <= set(table)
    assert plan.report.apart_clashes == ()


def test_a_player_with_a_fixed_table_sits_there_at_every_position():
    players = list(range(40))

    plan = plan_positions(players=players, positions=4, seed=3, fixed={17: 1, 23: 10})

    assert tables_of(plan, 17) == [1, 1, 1, 1]
    assert tables_of(plan, 23) == [10, 10, 10, 10]
    assert plan.report.repeat_meetings == 0


def test_a_fixed_table_of_4_keeps_its_player_off_the_tables_of_3():
    players = list(range(22))  # tables 1 to 4 of 4, tables 5 and 6 of 3

    plan = plan_positions(players=players, positions=3, seed=4, fixed={0: 2})

    assert tables_of(plan, 0) == [2, 2, 2]
    assert all(len(position[1]) == 4 for position in plan)


def test_fixed_tables_and_clubs_together():
    players, clubs = field(40, [5, 5, 4], seed=3)
    fixed = {players[0]: 1, players[7]: 2}

    plan = plan_positions(players=players, positions=3, seed=6, clubs=clubs, fixed=fixed)

    assert tables_of(plan, players[0]) == [1, 1, 1]
    assert tables_of(plan, players[7]) == [2, 2, 2]
    assert plan.report.same_club_tables == 0


def test_two_players_asking_for_the_same_fixed_table_are_refused_in_french():
    with pytest.raises(SeatingError, match="demandent tous deux la table 3"):
        plan_positions(players=list(range(16)), positions=1, fixed={1: 3, 2: 3})


def test_a_fixed_table_that_does_not_exist_is_refused_in_french():
    with pytest.raises(
        SeatingError, match="La table 5 n'existe pas : les joueurs présents font 4 tables."
    ):
        plan_positions(players=list(range(16)), positions=1, fixed={1: 5})


def test_without_wishes_the_plan_is_the_one_it_always_was():
    players = list(range(28))

    assert plan_positions(players=players, positions=4, seed=9) == plan_positions(
        players=players, positions=4, seed=9, clubs={}, apart=(), fixed={}
    )


def test_the_same_wishes_and_seed_give_the_same_plan():
    players, clubs = field(36, [6, 5, 4])

    first = plan_positions(players=players, positions=3, seed=8, clubs=clubs, fixed={players[3]: 2})
    again = plan_positions(players=players, positions=3, seed=8, clubs=clubs, fixed={players[3]: 2})

    assert first == again


@pytest.mark.parametrize("seed", range(4))
def test_every_pair_meets_at_most_once_with_clubs_spread(seed):
    players, clubs = field(60, [10, 8, 6, 5, 5, 4, 3], seed=seed)

    plan = plan_positions(players=players, positions=4, seed=seed, clubs=clubs)

    met = [
        frozenset(pair)
        for position in plan
        for table in position
        for pair in itertools.combinations(table, 2)
    ]
    assert len(met) == len(set(met))
    assert plan.report.same_club_tables == 0
