"""The room follows its position live: an event of table 2 fetches table 2's card alone."""

import re

import pytest

from tests.at_the_table import play, prise_by
from tests.factories import seated_room
from tests.htmx import HTMX


@pytest.fixture
def room(arbitre):
    tournament, position, tables, _registrations = seated_room(arbitre)
    return tournament, tables


def test_each_card_fetches_itself_on_its_tables_events(arbitre_client, room):
    tournament, _tables = room

    content = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")

    card = re.search(r'<li class="card room-card[^"]*" id="table-2"([^>]*)>', content.text)
    assert f'hx-get="/arbitre/tournois/{tournament.pk}/positions/1/salle/?table=2"' in card[1]
    assert 'data-live-on="table:1:2"' in card[1]
    assert 'hx-swap="outerHTML"' in card[1]
    assert f'sse-connect="/arbitre/tournois/{tournament.pk}/direct/"' in content.text


def test_a_cards_fetch_answers_that_card_alone(arbitre_client, room):
    tournament, tables = room
    play(tables[1], prise_by("N"))

    content = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/1/salle/?table=2", headers=HTMX
    ).content.decode()

    assert content.count('class="card room-card') == 1
    assert 'id="table-2"' in content
    assert "1 / 5" in content
    assert "<html" not in content


def test_a_card_of_no_table_is_nothing(arbitre_client, room):
    content = arbitre_client.get(
        f"/arbitre/tournois/{room[0].pk}/positions/1/salle/?table=99", headers=HTMX
    ).content.decode()

    assert "room-card" not in content
