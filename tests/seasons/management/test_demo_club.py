"""The demo club a newcomer sees: six evenings, thirty members, two seasons to compare (as
``./dev serve`` loads it, after the demo tournament: test_demo_club_shipped.py)."""

import pytest
from django.core.management import call_command

from seasons.management.commands.demo_club import CHALLENGE, SEASON
from seasons.models import Season
from seasons.selectors.ranking import season_ranking
from tests.module_db import loaded_for_the_module
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo_loaded(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """The demo club loaded once for the module (six evenings played through the services), in
    a transaction rolled back after the module's tests, whose own transactions nest in it:
    what a test writes (the command run again) is rolled back after that test."""
    with loaded_for_the_module(django_db_blocker, "demo_club"):
        yield Season.objects.get(name=CHALLENGE).pk


@pytest.fixture
def demo(demo_loaded):
    """The challenge season, read afresh for each test."""
    return Season.objects.get(pk=demo_loaded)


def test_the_demo_club_plays_six_evenings_over_two_months_with_thirty_members(demo):
    evenings = season_ranking(demo).evenings
    players = Registration.objects.filter(tournament__in=evenings).values("player").distinct()
    present = [e.registrations.count() for e in evenings]

    assert len(evenings) == 6
    assert (evenings[-1].date - evenings[0].date).days <= 62
    assert players.count() == 30
    assert demo.club.members.filter(player__in=players).count() == 30
    assert all(16 <= count < 30 for count in present)


def test_its_two_seasons_rank_by_place_points_best_4_of_3_and_by_cumul(demo):
    challenge = season_ranking(demo)
    cumul = Season.objects.get(name=SEASON)

    assert (demo.method, demo.best, demo.minimum) == ("points_de_place", 4, 3)
    assert all(len(line.counted) <= 4 and line.played >= 3 for line in challenge.ranked)
    assert challenge.unranked
    assert (cumul.method, cumul.best, cumul.minimum) == ("cumul", None, 1)


def test_if_absent_leaves_the_demo_club_alone(demo):
    call_command("demo_club", "--if-absent", stdout=open("/dev/null", "w"))  # noqa: SIM115

    assert Season.objects.get(name=CHALLENGE).pk == demo.pk
    assert Season.objects.count() == 2
