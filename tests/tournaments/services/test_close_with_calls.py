"""Closing a position while tables' calls are still unanswered: the service names them and
closes only once the arbitre confirms."""

import pytest

from common.actors import Actor
from tests.at_the_table import PRISE, TESTS, sign
from tests.refusals import refusal
from tournaments.choices import JournalAction
from tournaments.deal_scoring import DealResult
from tournaments.models import JournalEntry
from tournaments.services.deals import record_deal
from tournaments.services.positions import close_position, handle_call

pytestmark = pytest.mark.django_db


@pytest.fixture
def calls(short_tournament, first_position):
    """Position 1 signed at both tables, after a second deal each: a garde sans at table 1,
    a prise with a chelem announced at table 2 (a tournament of one deal a position is
    played, so both come after it)."""
    short_tournament.deals_per_position = 2
    short_tournament.save()
    garde_sans = record_deal(
        table=first_position[0], number=2,
        result=DealResult(taker="E", contract="garde_sans", bouts=2, points=50), by=TESTS,
    )  # fmt: skip
    chelem = record_deal(
        table=first_position[1], number=2,
        result=DealResult(taker="S", **PRISE, chelem="announced_failed", chelem_announced=True),
        by=TESTS,
    )  # fmt: skip
    for table in first_position:
        sign(table)
    return garde_sans, chelem


@pytest.mark.usefixtures("calls")
def test_closing_with_unanswered_calls_names_each_table_and_what_it_called_for(
    first_position, arbitre
):
    position = first_position[0].position

    refused = refusal(close_position, position=position, by=Actor.arbitre(arbitre))

    assert refused.code == "unanswered_calls"
    assert refused.message == (
        "Appels sans réponse : table 1, donne 2 (garde sans) ; table 2, donne 2 (chelem "
        "annoncé). Prenez-les en compte dans la salle, ou confirmez la clôture."
    )
    position.refresh_from_db()
    assert position.closed_at is None
    assert not JournalEntry.objects.filter(action=JournalAction.POSITION_CLOSED).exists()


def test_an_answered_call_is_no_longer_named(calls, first_position, arbitre):
    garde_sans, _chelem = calls
    handle_call(deal=garde_sans, by=Actor.arbitre(arbitre))

    refused = refusal(
        close_position, position=first_position[0].position, by=Actor.arbitre(arbitre)
    )

    assert "table 1" not in refused.message
    assert "table 2, donne 2 (chelem annoncé)" in refused.message


@pytest.mark.usefixtures("calls")
def test_once_confirmed_the_position_closes_and_is_journalled_as_any_closing(
    first_position, arbitre
):
    position = close_position(
        position=first_position[0].position, by=Actor.arbitre(arbitre), despite_calls=True
    )

    assert position.closed_at is not None
    entry = JournalEntry.objects.get(action=JournalAction.POSITION_CLOSED)
    assert (entry.position_number, entry.after["closed"]) == (1, True)


@pytest.mark.usefixtures("calls")
def test_every_call_answered_closes_without_confirmation(first_position, arbitre):
    for table in first_position:
        for deal in table.deals.filter(number=2):
            handle_call(deal=deal, by=Actor.arbitre(arbitre))

    position = close_position(position=first_position[0].position, by=Actor.arbitre(arbitre))

    assert position.closed_at is not None
