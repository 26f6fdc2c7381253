"""Fixtures shared by every area: the people (arbitre, another arbitre) and a small room."""

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.cache import caches

from tests.at_the_table import TESTS
from tests.factories import club_tournament, register
from tournaments.models import Position
from tournaments.services.seating import seat_position


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Tests create users by the dozen; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _forget_failed_logins():
    """django-axes counts failed logins in the database, rolled back after each test, or in
    the cache (with Redis, or a test that says so), cleared here so that each test starts
    with none."""
    caches[getattr(django_settings, "AXES_CACHE", "default")].clear()


@pytest.fixture
def arbitre(db):  # noqa: ARG001 - db: it writes to the test database
    return get_user_model().objects.create_user(
        username="arbitre", password="mot-de-passe-arbitre", first_name="Anne", last_name="Arbitre"
    )


@pytest.fixture
def other_arbitre(db):  # noqa: ARG001 - db: it writes to the test database
    return get_user_model().objects.create_user(username="autre", password="mot-de-passe-autre")


@pytest.fixture
def tournament(arbitre):
    return club_tournament(arbitre)


@pytest.fixture
def registrations(tournament):
    return register(tournament, 8)


@pytest.fixture
def position(tournament):
    return Position.objects.create(tournament=tournament, number=1)


@pytest.fixture
def table(position, registrations):
    """Table 1 of position 1: players 1 to 4 at Nord, Est, Sud, Ouest."""
    return seat_position(
        position=position, tables=[registrations[:4], registrations[4:]], by=TESTS
    )[0]


@pytest.fixture
def arbitre_client(client, arbitre):
    """A browser logged in as the tournament's arbitre."""
    client.force_login(arbitre)
    return client
