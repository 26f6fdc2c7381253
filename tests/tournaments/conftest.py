"""Fixtures of the results: a short tournament (one deal a position), played and signed."""

import pytest

from tests.conftest import register
from tournaments.actors import Actor
from tournaments.models import Player, Position, Registration, Team
from tournaments.services.deals import DealResult, confirm_bilan, record_deal
from tournaments.services.penalties import add_penalty
from tournaments.services.seating import seat_position

TESTS = Actor.running("tests")

# The taker marks +87 and each defender −29 (a prise of 55 points with 1 bout).
PRISE = {"contract": "prise", "bouts": 1, "points": 55}


def prise_by(place: str) -> DealResult:
    return DealResult(taker=place, **PRISE)


def play(table, *results: DealResult) -> None:
    for number, result in enumerate(results, start=1):
        record_deal(table=table, number=number, result=result, by=TESTS)


def sign(table) -> None:
    for seat in table.seats.all():
        confirm_bilan(table=table, place=seat.place, by=TESTS)


def enrol(tournament, numbers) -> list[Registration]:
    """More participants, present, named Renfort and their number (after ``register``'s 8)."""
    return [
        Registration.objects.create(
            tournament=tournament,
            player=Player.objects.create(last_name=f"Renfort{number:02d}", first_name="R"),
            number=number,
            checked_in=True,
        )
        for number in numbers
    ]


def seat(tournament, number: int, tables) -> list:
    position = Position.objects.create(tournament=tournament, number=number)
    return seat_position(position=position, tables=tables)


@pytest.fixture
def short_tournament(tournament):
    """Three positions of one deal each: a whole tournament in a few lines."""
    tournament.deals_per_position = 1
    tournament.save()
    return tournament


@pytest.fixture
def players(short_tournament):
    return register(short_tournament, 8)


@pytest.fixture
def first_position(short_tournament, players):
    """Position 1 played: Nord takes and wins at both tables (players 1 and 5: +87)."""
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    for table in tables:
        play(table, prise_by("N"))
    return tables


def duo_with_penalty(tournament, players, position, arbitre, *, team_name: str):
    """A DUO whose players 1 and 2 form ``team_name``, player 1 penalised 50 at ``position``."""
    tournament.formula = "duo"
    tournament.save()
    team = Team.objects.create(tournament=tournament, name=team_name)
    tournament.registrations.filter(number__in=[1, 2]).update(team=team)
    add_penalty(registration=players[0], position=position, points=50, reason="Retard", by=arbitre)
    return tournament
