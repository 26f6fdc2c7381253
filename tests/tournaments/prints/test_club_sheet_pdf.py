"""The feuille de marque of a tournament played by the club's rules (docs/scoring.md §Règles du
club): the rules in its header, each poignée and misère in the column of who showed it, and
each player's individual prime."""

from decimal import Decimal

import pytest

from tests.at_the_table import play
from tests.factories import seated_room
from tests.pdfs import assert_pdf, pdf_pages, save_first_page, word_boxes, words
from tournaments.deal_scoring import DealResult
from tournaments.prints.layout import sheet_layout

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


MM = 72 / 25.4  # points a millimetre
MARGIN = 10 * MM  # the page's margin (print.css, @page)
LAYOUT = sheet_layout(seats=4, deals=5, with_code=False, miseres=True)
NORD, EST, SUD = 0, 1, 2


def cell_words(pdf, row: int, seat: int) -> list[str]:
    """The words inside the cell of deal ``row`` (from 0) and seat ``seat``, line by line."""
    left = LAYOUT.seat_lefts[seat] * MM + MARGIN
    top = LAYOUT.rows[row] * MM + MARGIN
    right, bottom = left + LAYOUT.seat_width * MM, top + LAYOUT.row_height * MM
    inside = [
        (round(y_max, 1), x_min, text)
        for text, x_min, y_min, _x_max, y_max in word_boxes(pdf)
        if left <= x_min < right and top <= y_min and y_max <= bottom
    ]
    return [text for *_place, text in sorted(inside)]


def test_the_club_sheet_says_where_poignees_and_miseres_are_written(club_sheet):
    assert "poignées et misères : dans la colonne de qui les montre" in words(club_sheet)


def test_each_poignee_and_misere_stands_whole_in_the_row_and_column_of_who_showed_it(club_sheet):
    assert cell_words(club_sheet, 0, SUD)[:2] == ["Pas", "d'atout"]
    assert cell_words(club_sheet, 1, EST)[:2] == ["Poignée", "simple"]
    assert "Poignée" not in cell_words(club_sheet, 1, NORD)
    assert "Pas" not in cell_words(club_sheet, 0, NORD)


def test_the_club_sheet_shows_each_players_prime(club_sheet):
    text = words(club_sheet)

    assert "Poignée simple" in text
    # Under each marque: deal 1, Sud's « pas d'atout » (+30, the others −10); deal 2, Est's
    # poignée (−60, the others +20).
    assert "primes +30" in text
    assert "primes −60" in text
    assert text.count("primes −10") == 3
    assert text.count("primes +20") == 3
