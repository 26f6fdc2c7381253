"""What happens at a table, as plain helpers: deals played and sheets signed through the
services, deals posted and codes typed through the pages."""

from common.actors import Actor
from tests import fft_example
from tournaments.choices import Place
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import record_deal
from tournaments.services.sheets import confirm_bilan

TESTS = Actor.running("tests")
"""Who writes when a test plays through the services directly: the tests' own script, unless
the test is about the arbitre (then it passes ``Actor.arbitre(arbitre)``)."""

PRISE = {"contract": "prise", "bouts": 1, "points": 55}
"""A prise of 55 points with 1 bout: the taker marks +87 and each defender −29."""

PRISE_BY_NORD = DealResult(taker=Place.NORD, **PRISE)


def prise_by(place: str) -> DealResult:
    return DealResult(taker=place, **PRISE)


def play(table, *results: DealResult) -> None:
    """Record ``results`` as the table's deals 1, 2… through the service."""
    for number, result in enumerate(results, start=1):
        record_deal(table=table, number=number, result=result, by=TESTS)


def fill_sheet(table, results=fft_example.RESULTS) -> None:
    """Record the five deals of the FFT example sheet (or ``results``) through the service."""
    play(table, *results)


def sign(table) -> None:
    """Every player of the table confirms their bilan: the sheet is signed."""
    for seat in table.seats.all():
        confirm_bilan(table=table, place=seat.place, by=TESTS)


def grant(client, table):
    """``client`` types the table's code: it may write the table's sheet."""
    response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})
    assert response.status_code == 302
    return client


def post_deal(client, table, number: int, fields: dict, **extra):
    """Post deal ``number`` through the sheet's « new deal » form."""
    return client.post(
        f"/tables/{table.pk}/donnes/nouvelle/", {"number": number, **fields}, **extra
    )
