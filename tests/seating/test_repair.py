"""The repair of a construction's repeats (``seating.repair``), and the large fields it
seats without the tabu search's n × n tables."""

import random

import pytest

from seating import plan_positions, seating_report
from seating.construction import construct
from seating.problem import REPEAT_WEIGHT, SeatingProblem
from seating.repair import repair
from seating.sizes import table_sizes
from seating.state import SearchState


def construction(count, positions, seed, *, allow_five=False):
    problem = SeatingProblem(
        present=list(range(count)),
        sizes=table_sizes(player_count=count, allow_five=allow_five),
        positions=positions,
        team_of={},
        history=(),
    )
    tables, _cost = construct(problem, random.Random(seed), odd_weight=1)
    return problem, tables


@pytest.mark.parametrize("seed", range(4))
def test_a_repair_saves_what_it_says_in_repeats(seed):
    problem, tables = construction(40, 6, seed)
    before = seating_report(tables).repeat_meetings

    repaired, saved = repair(problem, tables, random.Random(seed))

    after = seating_report(repaired).repeat_meetings
    assert before > after
    assert saved == -REPEAT_WEIGHT * (before - after)


def test_a_repair_moves_players_only_between_tables_of_one_size():
    problem, tables = construction(42, 6, 1, allow_five=True)

    repaired, _saved = repair(problem, tables, random.Random(1))

    for before, after in zip(tables, repaired, strict=True):
        assert [len(table) for table in after] == [len(table) for table in before]
        odd_before = {x for table in before if len(table) != 4 for x in table}
        odd_after = {x for table in after if len(table) != 4 for x in table}
        assert odd_after == odd_before


class Searched(Exception):
    """The tabu search built its tables of every pair."""


@pytest.fixture
def search_refused(monkeypatch):
    def refused(_state, _draft):
        raise Searched

    monkeypatch.setattr(SearchState, "load", refused)


@pytest.mark.usefixtures("search_refused")
def test_a_large_field_is_seated_without_the_searchs_tables_of_every_pair():
    """At 2,000 players over 4 positions the construction of seed 10 leaves a repeat: the
    repair removes it, before the search builds its 4,000,000 counts (seconds)."""
    plan = plan_positions(players=list(range(2000)), positions=4, seed=10, continue_plan=False)

    assert plan.report.repeat_meetings == 0


@pytest.mark.usefixtures("search_refused")
def test_without_the_repair_that_field_goes_through_the_search():
    with pytest.raises(Searched):
        plan_positions(players=list(range(2000)), positions=4, seed=10, repair=False)
