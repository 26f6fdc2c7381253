"""Fixtures of the sheets: a table's device (which typed the code), the arbitre, the FFT sheet."""

import pytest
from django.core.cache import cache

from tournaments.actors import Actor
from tournaments.models import Place, Position
from tournaments.services.deals import DealResult, record_deal
from tournaments.services.seating import seat_position

TESTS = Actor.running("tests")

# The FFT fascicule's example sheet (docs/scoring.md §The example score sheet), as the form
# posts it: the table of the ``table`` fixture sits Nord, Est, Sud, Ouest.
FFT_EXAMPLE_POSTS = [
    {"taker": "E", "contract": "garde", "bouts": "2", "points": "49",
     "petit_au_bout": "attack", "poignee_E": "simple"},
    {"taker": "O", "contract": "garde_sans", "bouts": "2", "points": "45",
     "petit_au_bout": "defense"},
    {"taker": "S", "contract": "prise", "bouts": "1", "points": "44",
     "petit_au_bout": "attack", "poignee_S": "simple"},
    {"taker": "N", "contract": "garde", "bouts": "3", "points": "47", "poignee_E": "simple"},
    {"taker": "S", "contract": "garde", "bouts": "2", "points": "87",
     "petit_au_bout": "attack", "chelem": "announced_made", "poignee_S": "simple"},
]  # fmt: skip

FFT_EXAMPLE_BILANS = {"N": -446, "S": 1346, "E": -390, "O": -510}

PRISE_BY_NORD = DealResult(taker=Place.NORD, contract="prise", bouts=1, points=55)


@pytest.fixture(autouse=True)
def _forget_code_attempts():
    """The code attempts are counted in the cache: each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table_client(client, table):
    """A browser that typed the table's code."""
    response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})
    assert response.status_code == 302
    return client


@pytest.fixture
def arbitre_client(client, arbitre):
    client.force_login(arbitre)
    return client


def post_deal(client, table, number: int, fields: dict, **extra):
    return client.post(
        f"/tables/{table.pk}/donnes/nouvelle/", {"number": number, **fields}, **extra
    )


@pytest.fixture
def other_table(table):
    """Table 2 of the same position: players 5 to 8."""
    return table.position.tables.get(number=2)


@pytest.fixture
def later_table(tournament, registrations, table):
    """Table 1 of position 2: the same number, another position."""
    position = Position.objects.create(tournament=tournament, number=2)
    return seat_position(position=position, tables=[registrations[4:], registrations[:4]])[0]


@pytest.fixture
def table_of_three(tournament, registrations):
    position = Position.objects.create(tournament=tournament, number=3)
    return seat_position(position=position, tables=[registrations[:3]])[0]


@pytest.fixture
def table_of_five(tournament, registrations):
    position = Position.objects.create(tournament=tournament, number=3)
    return seat_position(position=position, tables=[registrations[:5]])[0]


def grant(client, table):
    response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})
    assert response.status_code == 302
    return client


def fill_sheet(table, results=None):
    """Record the five deals of the FFT example sheet (or ``results``) through the service."""
    for number, result in enumerate(results or FFT_EXAMPLE_RESULTS, start=1):
        record_deal(table=table, number=number, result=result, by=TESTS)


FFT_EXAMPLE_RESULTS = [
    DealResult(taker="E", contract="garde", bouts=2, points=49, petit_au_bout="attack",
               poignees={"E": "simple"}),
    DealResult(taker="O", contract="garde_sans", bouts=2, points=45, petit_au_bout="defense"),
    DealResult(taker="S", contract="prise", bouts=1, points=44, petit_au_bout="attack",
               poignees={"S": "simple"}),
    DealResult(taker="N", contract="garde", bouts=3, points=47, poignees={"E": "simple"}),
    DealResult(taker="S", contract="garde", bouts=2, points=87, petit_au_bout="attack",
               chelem="announced_made", poignees={"S": "simple"}),
]  # fmt: skip
