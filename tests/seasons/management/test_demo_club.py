"""The demo club a newcomer sees: six evenings, thirty members, two seasons to compare."""

import pytest
from django.core.management import call_command

from seasons.management.commands.demo_club import CHALLENGE, SEASON
from seasons.models import Season
from seasons.selectors.ranking import season_ranking
from tournaments.models import Registration


@pytest.fixture
def demo(db):  # noqa: ARG001 - db: the command writes to the test database
    call_command("demo_club", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return Season.objects.get(name=CHALLENGE)


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


@pytest.fixture
def shipped(db):  # noqa: ARG001 - db: the commands write to the test database
    """The demo as ``./dev serve`` loads it: the demo tournament (still under way), then the
    club's autumn."""
    call_command("demo_tournament", stdout=open("/dev/null", "w"))  # noqa: SIM115
    call_command("demo_club", stdout=open("/dev/null", "w"))  # noqa: SIM115
    return Season.objects.get(name=CHALLENGE), Season.objects.get(name=SEASON)


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
