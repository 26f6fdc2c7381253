"""A tournament of two halls and the roles given in it, for the roles' tests: an « arbitre de
salle » of the first hall and a « pointeur »."""

import pytest
from django.contrib.auth import get_user_model

from championships.services.halls import add_hall, give_role
from common.actors import Actor
from tests.at_the_table import TESTS, fill_sheet, sign
from tests.factories import plan_committed, register
from tournaments.services.penalties import add_penalty
from tournaments.services.seating import publish_seating


@pytest.fixture
def event(tournament, arbitre):
    """16 players at 4 tables: « Salle A » holds tables 1–2, « Salle B » tables 3–4; each
    table has played the FFT example's five deals (a garde sans among them: a call); the
    first table of each hall has signed, the second not (an arbitre may close it); a penalty
    in each hall."""
    registrations = register(tournament, 16)
    first = add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=2, by=TESTS)
    second = add_hall(tournament=tournament, name="Salle B", first_table=3, last_table=4, by=TESTS)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)
    tables = {table.number: table for table in position.tables.all()}
    for table in tables.values():
        fill_sheet(table)
    for number in (1, 3):
        sign(tables[number])
    penalties = {}
    for hall, table in ((first, tables[1]), (second, tables[3])):
        seat = table.seats.first()
        penalties[hall.number] = add_penalty(
            registration=seat.registration, position=position, points=10, reason="Retard",
            by=Actor.arbitre(arbitre),
        )  # fmt: skip
    return {
        "tournament": tournament,
        "registrations": registrations,
        "halls": (first, second),
        "position": position,
        "tables": tables,
        "penalties": penalties,
    }


def account(username):
    return get_user_model().objects.create_user(username=username, password="x")


@pytest.fixture
def hall_arbitre(event):
    user = account("arbitre-salle-a")
    give_role(
        tournament=event["tournament"], username=user.username, role="salle",
        hall=event["halls"][0], by=TESTS,
    )  # fmt: skip
    return user


@pytest.fixture
def pointeur(event):
    user = account("pointeur")
    give_role(
        tournament=event["tournament"], username=user.username, role="pointeur", hall=None, by=TESTS
    )
    return user
