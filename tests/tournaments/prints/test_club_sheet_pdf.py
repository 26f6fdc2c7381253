"""The feuille de marque of a tournament played by the club's rules (docs/scoring.md §Règles du
club): the rules in its header, a misères column, and each player's individual prime."""

from decimal import Decimal

import pytest

from tests.at_the_table import play
from tests.factories import seated_room
from tests.pdfs import assert_pdf, pdf_pages, save_first_page, word_boxes, words
from tournaments.deal_scoring import DealResult

# The test database is made for the modules whose tests are marked so: these read it only
# through the module's `rendered` fixture (conftest.py), which is no mark.
pytestmark = pytest.mark.django_db

CLUB = {"rules": "club", "club_miseres": True, "club_individual_primes": True}


@pytest.fixture(scope="module")
def club_sheet(rendered):
    def build(client, arbitre):
        _tournament, _position, (table, _other), _registrations = seated_room(arbitre, **CLUB)
        play(
            table,
            # docs/scoring.md §Règles du club, examples 2 and 1.
            DealResult(
                taker="N",
                contract="prise",
                points=Decimal(38),
                bouts=2,
                miseres={"S": "pas_d_atout"},
            ),
            DealResult(
                taker="N", contract="garde", points=Decimal(56), bouts=1, poignees={"E": "simple"}
            ),
        )
        return assert_pdf(
            client.get(f"/tables/{table.pk}/feuille.pdf"), "feuille-position-1-table-1.pdf"
        )

    pdf = rendered(build)
    save_first_page(pdf, "print_sheet_club_rules")
    return pdf


def test_the_club_sheet_is_one_page(club_sheet):
    assert pdf_pages(club_sheet) == 1


def test_the_club_sheet_states_its_rules(club_sheet):
    assert "Règles du club : misères, primes individuelles" in words(club_sheet)


def test_the_club_sheet_has_a_miseres_column_with_who_and_what(club_sheet):
    text = words(club_sheet)

    assert "Poignées et misères" in text
    assert "Pas d'atout (Joueur3 P.)" in text
    assert "Poignée simple (Joueur2 P.)" in text


def test_a_poignee_and_who_showed_it_fit_in_their_row(club_sheet):
    boxes = word_boxes(club_sheet)
    # The deal numbers stand in the first column, each in the middle of its row.
    middles = {text: (top + bottom) / 2 for text, left, top, _right, bottom in boxes if left < 60}
    row = middles["3"] - middles["2"]
    (owner_bottom,) = [bottom for text, *_box, bottom in boxes if text == "(Joueur2"]

    assert owner_bottom <= middles["3"] - row / 2


def test_the_club_sheet_shows_each_players_prime(club_sheet):
    text = words(club_sheet)

    assert "Poignée simple" in text
    # Under each marque: deal 1, Sud's « pas d'atout » (+30, the others −10); deal 2, Est's
    # poignée (−60, the others +20).
    assert "primes +30" in text
    assert "primes −60" in text
    assert text.count("primes −10") == 3
    assert text.count("primes +20") == 3
