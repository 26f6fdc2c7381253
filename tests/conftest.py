"""Fixtures shared by every area: the people (arbitre, another arbitre) and a small room."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from tournaments.actors import Actor
from tournaments.models import Deal, Player, Position, Registration, Tournament
from tournaments.services.registrations import check_in, register_player, withdraw_player
from tournaments.services.seating import plan_position, seat_position

# Every write a test makes through the services is the tests' own script's, unless the test is
# about the arbitre (then it passes ``Actor.arbitre(arbitre)``).
TESTS = Actor.running("tests")


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Tests create users by the dozen; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def arbitre(db):
    return get_user_model().objects.create_user(
        username="arbitre", password="mot-de-passe-arbitre", first_name="Anne", last_name="Arbitre"
    )


@pytest.fixture
def other_arbitre(db):
    return get_user_model().objects.create_user(username="autre", password="mot-de-passe-autre")


def club_tournament(arbitre, **fields) -> Tournament:
    """The published « Tournoi du club » of ``arbitre``: 3 positions of 5 deals."""
    return Tournament.objects.create(
        name="Tournoi du club",
        date=datetime.date(2026, 11, 21),
        venue="Salle des fêtes",
        positions_count=3,
        deals_per_position=5,
        arbitre=arbitre,
        published=True,
        **fields,
    )


@pytest.fixture
def tournament(arbitre):
    return club_tournament(arbitre)


def register(tournament: Tournament, count: int) -> list[Registration]:
    """Register ``count`` new players, numbered from 1, all checked in."""
    registrations = []
    for number in range(1, count + 1):
        player = Player.objects.create(
            last_name=f"Joueur{number}", first_name="Prénom", licence=f"L{number:05d}"
        )
        registrations.append(
            Registration.objects.create(
                tournament=tournament, player=player, number=number, checked_in=True
            )
        )
    return registrations


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


HTMX = {"HX-Request": "true"}
"""Headers of a request sent by htmx, for ``client.get(url, headers=HTMX)``."""


def start(position: Position) -> Position:
    """Play the first deal of position's table 1: the position is under way."""
    Deal.objects.create(
        table=position.tables.first(), number=1, all_pass=True,
        marque_nord=0, marque_est=0, marque_sud=0, marque_ouest=0,
    )  # fmt: skip
    return position


def seat_ahead_then_change(tournament: Tournament) -> tuple[Registration, Registration]:
    """13 players: position 1 under way, every later position seated ahead, then a late
    arrival (Zoé Tardieu) and a withdrawal (the first player), which leave the later
    positions stale. Returns the player withdrawn and the late arrival."""
    registrations = register(tournament, 13)
    start(plan_position(tournament=tournament, number=1, by=TESTS))
    for number in range(2, tournament.positions_count + 1):
        plan_position(tournament=tournament, number=number, by=TESTS)
    late = register_player(tournament=tournament, last_name="Tardieu", first_name="Zoé", by=TESTS)
    check_in(registration=late, present=True, by=TESTS)
    withdraw_player(registration=registrations[0], by=TESTS)
    return registrations[0], late
