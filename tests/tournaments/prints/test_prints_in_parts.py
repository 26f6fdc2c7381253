"""A position's sheets and the players' cards drawn in parts by several workers: the tables, or
the cards' holders, in order, so many to a part, the parts' pages together the same document as
the whole drawn at once."""

import io

import pytest
from pypdf import PdfReader

from championships.services.halls import add_hall
from documents.models import DocumentPart
from tests.at_the_table import TESTS
from tests.factories import seated_room
from tests.pdfs import assert_pdf, pdf_info, words
from tournaments.prints import documents
from tournaments.prints.cards import printed_cards

pytestmark = pytest.mark.django_db

BASE = "https://tarot.example.org"


@pytest.fixture
def room(arbitre, monkeypatch):
    """Position 1 seated at five tables (4, 4, 3, 4, 4), drawn two tables to a part."""
    monkeypatch.setattr(documents, "SHEETS_PER_PART", 2)
    tournament, position, tables, _registrations = seated_room(arbitre, sizes=(4, 4, 3, 4, 4))
    return tournament, tables


def params(tournament, **more) -> dict:
    return {"tournament": tournament.pk, "position": 1, "base": BASE, **more}


def test_the_position_s_sheets_are_split_into_its_tables_in_order(room):
    tournament, tables = room

    parts = documents.split_position_sheets(params(tournament))

    ids = [table.pk for table in tables]
    assert [part["tables"] for part in parts] == [ids[0:2], ids[2:4], ids[4:5]]


def test_a_hall_s_sheets_are_split_into_the_hall_s_tables_only(room):
    tournament, tables = room
    hall = add_hall(tournament=tournament, name="Salle B", first_table=3, last_table=5, by=TESTS)

    parts = documents.split_position_sheets(params(tournament, hall=hall.number))

    assert [part["tables"] for part in parts] == [[tables[2].pk, tables[3].pk], [tables[4].pk]]


def test_a_part_draws_the_sheets_of_its_own_tables(room):
    tournament, tables = room

    text = words(documents.draw_position_sheets(params(tournament, tables=[tables[2].pk])))

    assert "POSITION 1 TABLE 3" in text
    assert "TABLE 1" not in text and "TABLE 4" not in text


def test_the_sheets_drawn_in_parts_are_the_sheets_drawn_whole(room, arbitre_client):
    tournament, _tables = room
    url = f"/arbitre/tournois/{tournament.pk}/positions/1/feuilles.pdf"

    in_parts = assert_pdf(arbitre_client.get(url), "feuilles-position-1.pdf")

    assert DocumentPart.objects.count() == 3
    whole = documents.draw_position_sheets(params(tournament, base="http://testserver"))
    assert words(in_parts) == words(whole)


def test_the_sheets_drawn_in_parts_keep_their_title_and_language(room, arbitre_client):
    tournament, _tables = room
    url = f"/arbitre/tournois/{tournament.pk}/positions/1/feuilles.pdf"

    pdf = assert_pdf(arbitre_client.get(url), "feuilles-position-1.pdf")

    root = PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    assert pdf_info(pdf)["Title"].startswith("Feuilles de marque · ")
    assert root["/Lang"] == "fr"


def test_the_parts_are_as_even_as_can_be(room, monkeypatch):
    tournament, _tables = room
    monkeypatch.setattr(documents, "SHEETS_PER_PART", 4)

    parts = documents.split_position_sheets(params(tournament))

    assert [len(part["tables"]) for part in parts] == [3, 2]


@pytest.fixture
def cards_room(room, monkeypatch):
    """The room's 19 players, their cards drawn eight to a part (a page each)."""
    monkeypatch.setattr(documents, "CARDS_PER_PART", 8)
    return room


def test_the_cards_are_split_into_whole_pages_in_the_cards_order(cards_room):
    tournament, _tables = cards_room

    parts = documents.split_cards(params(tournament))

    assert [len(part["cards"]) for part in parts] == [8, 8, 3]
    order = [card.registration.pk for card in printed_cards(tournament, player_url=str)]
    assert sum((part["cards"] for part in parts), []) == order


def test_the_cards_drawn_in_parts_are_the_cards_drawn_whole(cards_room, arbitre_client):
    tournament, _tables = cards_room

    in_parts = assert_pdf(
        arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf"), "cartes-joueurs.pdf"
    )

    assert DocumentPart.objects.count() == 3
    whole = documents.draw_cards(params(tournament, base="http://testserver"))
    assert words(in_parts) == words(whole)
