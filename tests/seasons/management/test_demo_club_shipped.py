"""The demo as ``./dev serve`` loads it: the demo tournament (still under way), then the demo
club's autumn, whose seasons count the club's evenings and, for the cumul, the tournament."""

import pytest

from seasons.management.commands.demo_club import CHALLENGE, SEASON
from seasons.models import Season
from seasons.selectors.ranking import season_ranking
from tests.module_db import loaded_for_the_module

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shipped_loaded(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """Both demos loaded once for the module, in a transaction rolled back after its tests."""
    with loaded_for_the_module(django_db_blocker, "demo_tournament", "demo_club"):
        yield Season.objects.get(name=CHALLENGE).pk, Season.objects.get(name=SEASON).pk


@pytest.fixture
def shipped(shipped_loaded):
    """The challenge and the cumul, read afresh for each test."""
    challenge, cumul = shipped_loaded
    return Season.objects.get(pk=challenge), Season.objects.get(pk=cumul)


def test_as_shipped_the_challenge_counts_the_six_club_evenings_ticked(shipped):
    challenge, _cumul = shipped

    ranking = season_ranking(challenge)

    assert challenge.chosen
    assert len(ranking.evenings) == 6
    assert all(evening.name.startswith("Soirée du club") for evening in ranking.evenings)


def test_as_shipped_the_challenge_lists_players_below_its_minimum_and_drops_evenings(shipped):
    challenge, _cumul = shipped

    ranking = season_ranking(challenge)

    assert ranking.unranked
    assert any(len(line.counted) < line.played for line in ranking.ranked)


def test_as_shipped_the_cumul_counts_every_published_evening_in_its_dates(shipped):
    _challenge, cumul = shipped

    evenings = season_ranking(cumul).evenings

    assert not cumul.chosen
    assert len(evenings) == 7
    assert sum(1 for evening in evenings if not evening.name.startswith("Soirée du club")) == 1
