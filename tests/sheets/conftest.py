"""Fixtures of the sheets: a table's device (which typed the code), the arbitre, the FFT sheet."""

import pytest
from django.core.cache import cache

from tournaments.models import Place
from tournaments.services.deals import DealResult

# The FFT fascicule's example sheet (SCORING.md §The example score sheet), as the form posts it:
# the table of the ``table`` fixture sits Nord, Est, Sud, Ouest.
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
