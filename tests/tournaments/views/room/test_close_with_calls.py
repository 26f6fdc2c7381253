"""The room asks to confirm closing a position while calls are unanswered: it lists them
beside « Clore quand même »."""

import pytest

from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import seat
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import record_deal

pytestmark = pytest.mark.django_db


def close_url(position) -> str:
    return f"/arbitre/tournois/{position.tournament_id}/positions/{position.number}/clore/"


@pytest.fixture
def position(short_tournament, players):
    """Position 1: table 1 signed after a garde sans never answered; table 2 unsigned."""
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    record_deal(
        table=tables[0], number=1,
        result=DealResult(taker="E", contract="garde_sans", bouts=2, points=50), by=TESTS,
    )  # fmt: skip
    sign(tables[0])
    play(tables[1], prise_by("N"))
    return tables[0].position


@pytest.fixture
def signed(position):
    sign(position.tables.get(number=2))
    return position


def test_closing_lists_the_unanswered_calls_beside_a_confirmation(arbitre_client, signed):
    response = arbitre_client.post(close_url(signed), {})

    assert response.status_code == 422
    assert response.context["unanswered_calls"][0].table == 1
    assert "<li>Table 1, donne 1 (garde sans)</li>" in response.text
    assert "Clore quand même" in response.text
    signed.refresh_from_db()
    assert signed.closed_at is None


def test_clore_quand_meme_closes_the_position(arbitre_client, signed):
    response = arbitre_client.post(close_url(signed), {"despite_calls": "on"})

    assert response.status_code == 302
    signed.refresh_from_db()
    assert signed.closed_at is not None


def test_a_forced_close_keeps_its_reason_in_the_confirmation(arbitre_client, position):
    response = arbitre_client.post(close_url(position), {"force": "on", "reason": "Table partie"})

    assert '<input type="hidden" name="force" value="on">' in response.text
    assert '<input type="hidden" name="reason" value="Table partie">' in response.text
    position.refresh_from_db()
    assert position.closed_at is None


def test_unsigned_tables_are_refused_before_the_calls_are_asked(arbitre_client, position):
    response = arbitre_client.post(close_url(position), {})

    assert "Feuilles pas encore signées : table 2." in response.text
    assert "Clore quand même" not in response.text


def test_without_calls_the_position_closes_at_once(arbitre_client, short_tournament, players):
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    for table in tables:
        play(table, prise_by("N"))
        sign(table)

    response = arbitre_client.post(close_url(tables[0].position), {})

    assert response.status_code == 302
