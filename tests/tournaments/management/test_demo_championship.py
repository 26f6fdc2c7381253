"""The demo championship: a qualification, then a final for the first 32, in two halls."""

import itertools

import pytest
from django.core.management import call_command

from tests.module_db import kept_for_the_module
from tournaments.management.commands.demo_championship import DEMO_NAME
from tournaments.models import Tournament
from tournaments.selectors.ranking import tournament_ranking


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """The demo built once for the module (it plays 40 tables through the services), in a
    transaction rolled back after the module's tests, whose own transactions nest in it:
    nothing of it (its arbitre's account, its club) outlives them."""
    with django_db_blocker.unblock(), kept_for_the_module():
        call_command("demo_championship", stdout=None)
        yield Tournament.objects.get(name=DEMO_NAME)


@pytest.mark.django_db
def test_the_demo_plays_a_qualification_then_a_final_for_the_first_32(demo):
    ranking = tournament_ranking(demo)

    qualification, final = ranking.stages
    assert (len(qualification.lines), qualification.span.cut) == (64, 32)
    assert len(final.lines) == qualification.qualified_count >= 32
    assert final.span.carry_over_label.startswith("Report de la moitié")
    assert ranking.final


@pytest.mark.django_db
def test_nobody_meets_twice_over_the_demo(demo):
    pairs = [
        pair
        for position in demo.positions.all()
        for table in position.tables.all()
        for pair in itertools.combinations(
            sorted(table.seats.values_list("registration_id", flat=True)), 2
        )
    ]

    assert len(pairs) == len(set(pairs))


@pytest.mark.django_db
@pytest.mark.usefixtures("demo")
def test_the_demo_runs_again_over_itself():
    call_command("demo_championship", stdout=None)

    assert Tournament.objects.filter(name=DEMO_NAME).count() == 1


@pytest.mark.django_db
def test_the_demo_has_two_halls_and_both_roles(demo):
    assert list(demo.halls.values_list("name", flat=True)) == ["Salle Lumière", "Salle Gerland"]
    assert sorted(demo.roles.values_list("user__username", "role")) == [
        ("pointeur", "pointeur"),
        ("salle-lumiere", "salle"),
    ]
