"""The algebraic designs (``seating.designs``): Galois fields and the affine design."""

import itertools
import random

import pytest

from seating.designs import affine_design, galois_field
from tests.seating.schedules import meetings


@pytest.mark.parametrize("order", [2, 3, 4, 5, 7, 8, 9])
def test_a_prime_power_order_gives_a_field(order):
    add, multiply = galois_field(order)
    elements = range(order)
    for a, b, c in itertools.product(elements, repeat=3):
        assert multiply[a][add[b][c]] == add[multiply[a][b]][multiply[a][c]]
    for a in elements:
        assert add[a][0] == a and multiply[a][1] == a
        assert sorted(add[a]) == list(elements)
        if a:
            assert sorted(multiply[a]) == list(elements)


@pytest.mark.parametrize("order", [0, 1, 6, 10, 12])
def test_an_order_that_is_not_a_prime_power_gives_no_field(order):
    assert galois_field(order) is None


@pytest.mark.parametrize(("n", "positions"), [(16, 5), (20, 5), (32, 8), (36, 9)])
def test_the_affine_design_is_repeat_free(n, positions):
    design = affine_design(n=n, teams=[], positions=positions, rng=random.Random(0))
    assert len(design) == positions
    for tables in design:
        assert sorted(x for table in tables for x in table) == list(range(n))
    assert set(meetings(design).values()) == {1}


def test_the_affine_design_keeps_team_mates_apart():
    teams = [[0, 1], [2, 3, 4, 5], [6, 7]]
    design = affine_design(n=20, teams=teams, positions=5, rng=random.Random(3))
    met = meetings(design)
    assert not any(
        frozenset(pair) in met for team in teams for pair in itertools.combinations(team, 2)
    )


def test_a_field_of_no_prime_power_has_no_affine_design():
    assert affine_design(n=24, teams=[], positions=5, rng=random.Random(0)) is None
