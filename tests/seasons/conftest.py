"""The club, its players and its season, for the season tests."""

import datetime

import pytest

from seasons.models import Season
from tests.factories import club_of
from tests.seasons.evenings import make_people


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def people(db):  # noqa: ARG001 - db: it writes to the test database
    return make_people()


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club,
        name="Saison 2026",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
        method="cumul",
    )
