"""The arbitre's prints of a position and of the tournament: every sheet of the position in one
PDF, the seating plan for the wall, and the player cards."""

import re
import subprocess

import pytest

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import seated_room
from tests.pdfs import (
    assert_pdf,
    assert_says,
    pdf_pages,
    pdf_text,
    save_first_page,
    word_boxes,
    words,
)
from tournaments.models import Position
from tournaments.services.seating import seat_position

# The test database is made for the modules whose tests are marked so: these read it only
# through the module's `rendered` fixture (conftest.py), which is no mark.
pytestmark = pytest.mark.django_db

MM = 72 / 25.4  # points a millimetre


@pytest.fixture(scope="module")
def prints(rendered):
    """Position 1 of a published tournament: tables of 4, 4 and 3, one player « Écuyer »."""

    def build(client, arbitre):
        tournament, position, tables, registrations = seated_room(arbitre, sizes=(4, 4, 3))
        for registration, name in [(registrations[0], "Favre"), (registrations[5], "Écuyer"),
                                   (registrations[9], "Dupont")]:  # fmt: skip
            Player.objects.filter(pk=registration.player_id).update(last_name=name)
        base = f"/arbitre/tournois/{tournament.pk}"
        return {
            "tournament": tournament,
            "codes": [table.code for table in tables],
            "sheets": assert_pdf(
                client.get(f"{base}/positions/1/feuilles.pdf"), "feuilles-position-1.pdf"
            ),
            "plan": assert_pdf(client.get(f"{base}/positions/1/plan.pdf"), "plan-position-1.pdf"),
            "cards": assert_pdf(client.get(f"{base}/cartes.pdf"), "cartes-joueurs.pdf"),
        }

    built = rendered(build)
    for name in ("sheets", "plan", "cards"):
        save_first_page(built[name], f"print_{name}")
    return built


def test_a_position_prints_one_sheet_per_table(prints):
    assert pdf_pages(prints["sheets"]) == 3


def test_the_position_sheets_are_the_arbitre_copies_in_table_order(prints):
    text = words(prints["sheets"])

    positions = [text.index(f"Code {code}") for code in prints["codes"]]
    assert positions == sorted(positions)
    assert "POSITION 1 TABLE 1" in text and "POSITION 1 TABLE 3" in text
    assert "NORD EST SUD JOUEUR9 DUPONT JOUEUR11" in text  # table of 3: three columns


def test_a_sheet_of_a_tournament_without_stages_names_no_stage(prints):
    text = words(prints["sheets"])

    assert "Règles FFT POSITION 1 TABLE" in text
    assert "· position 1" not in text


def test_the_plan_is_by_table_then_by_player(prints):
    assert pdf_pages(prints["plan"]) == 2
    assert_says(
        prints["plan"],
        "Placement · position 1",
        "2 tables de 4, 1 table de 3 · 11 joueurs",
        "Table 1 Nord FAVRE Prénom n° 1 Est JOUEUR2 Prénom n° 2",
        "Table 3 à 3 Nord JOUEUR9 Prénom n° 9 Est DUPONT Prénom n° 10",
    )


def test_the_fifth_seat_label_stands_clear_of_the_name_on_the_plan(rendered):
    """« CINQUIÈME » ran into the name of the player sitting there: « CINQUIÈMD'ARTAGNAN »; the
    place is now written « Cinquième », in the name's size, and a tab stop still clears it."""

    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(
            arbitre, sizes=(5,), allow_five=True
        )
        Player.objects.filter(pk=registrations[4].player_id).update(
            last_name="D'Artagnan", first_name="Aurélie"
        )
        response = client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/plan.pdf")
        return assert_pdf(response, "plan-position-1.pdf")

    pdf = rendered(build)
    save_first_page(pdf, "print_plan_table_of_5")
    boxes = word_boxes(pdf)
    label = next(box for box in boxes if box[0] == "Cinquième")
    name = next(box for box in boxes if box[0] == "D’ARTAGNAN" or box[0] == "D'ARTAGNAN")

    assert "Cinquième D'ARTAGNAN Aurélie n° 5" in words(pdf).replace("’", "'")
    assert label[2] < name[4] and label[4] > name[2]  # on the same line
    assert label[3] + 1 <= name[1]  # the label ends before the name begins


def test_the_plan_by_player_is_in_french_alphabetical_order(prints):
    text = words(prints["plan"])
    by_player = text[text.index("Placement par joueur") :]

    assert "D DUPONT Prénom n° 10 table 3 · Est E ÉCUYER Prénom n° 6 table 2 · Est" in by_player
    assert "F FAVRE Prénom n° 1 table 1 · Nord J JOUEUR11 Prénom n° 11 table 3 · Sud" in by_player


def test_the_cards_hold_eight_players_a_page(prints):
    assert pdf_pages(prints["cards"]) == 2  # 11 players


def test_the_cards_pages_are_numbered_without_their_layers(prints):
    footers = re.findall(r"^\s*(\d+) ?/ ?(\d+)\s*$", pdf_text(prints["cards"]), re.MULTILINE)

    assert footers == [("1", "2"), ("2", "2")]


def test_a_card_gives_the_seat_and_the_player_page(prints):
    tournament = prints["tournament"]
    assert_says(
        prints["cards"],
        "ÉCUYER Prénom n° 6 Position 1 : table 2 · Est Position 2 : pas encore placé",
        f"http://testserver/tournois/{tournament.pk}/joueurs/6/",
    )


def test_cards_follow_a_later_seating(rendered):
    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(arbitre)
        later = Position.objects.create(tournament=tournament, number=2)
        seat_position(position=later, tables=[registrations[4:], registrations[:4]], by=TESTS)
        response = client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf")
        return pdf_text(assert_pdf(response, "cartes-joueurs.pdf"), raw=True)

    text = " ".join(rendered(build).split())

    assert (
        "JOUEUR1 Prénom n° 1 Position 1 : table 1 · Nord Position 2 : table 2 · Nord "
        "Position 3 : pas encore placé" in text
    )


def test_an_unseated_position_has_nothing_to_print(arbitre_client, tournament):
    Position.objects.create(tournament=tournament, number=1)
    base = f"/arbitre/tournois/{tournament.pk}/positions"

    assert arbitre_client.get(f"{base}/1/feuilles.pdf").status_code == 404
    assert arbitre_client.get(f"{base}/1/plan.pdf").status_code == 404
    assert arbitre_client.get(f"{base}/2/plan.pdf").status_code == 404


def page_words(pdf: bytes, page: int) -> str:
    text = subprocess.run(
        ["pdftotext", "-raw", "-f", str(page), "-l", str(page), "-", "-"],
        input=pdf, capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    return " ".join(text.split())


def test_every_sheet_shows_the_form_its_tables_share(prints):
    """The words sheets share are laid out once, as forms, yet read on every page."""
    for page, table in [(1, 1), (2, 2), (3, 3)]:
        text = page_words(prints["sheets"], page)
        assert f"POSITION 1 TABLE {table} " in text
        assert "Donne Preneur Contrat Points, bouts et primes NORD EST SUD " in text
        assert "Total + Total − Bilan (total + moins total −) Somme des bilans" in text
    assert "OUEST" in page_words(prints["sheets"], 2)
    assert "OUEST" not in page_words(prints["sheets"], 3)  # the table of 3 has its own form


def test_the_sheets_hold_no_raster_image(prints):
    """The ruled form and the QR codes are vector drawings, written as PDF forms."""
    listing = subprocess.run(
        ["pdfimages", "-list", "-"], input=prints["sheets"], capture_output=True, check=True
    ).stdout.decode()

    assert listing.splitlines()[2:] == []  # the two heading lines, then one line per image


def pages_of(pdf: bytes) -> list[str]:
    """Each page's words (pdftotext's pages, cut at their form feeds)."""
    return [" ".join(page.split()) for page in pdf_text(pdf, raw=True).split("\f")]


# Page 1 held 4 rows of tables of 4 under its heading, then 5 a page; 3 rows of tables of 5.
@pytest.mark.parametrize(("size", "tables"), [(4, 13), (4, 28), (5, 10)])
def test_the_plan_never_leaves_its_last_row_of_tables_alone_on_a_page(rendered, size, tables):
    def build(client, arbitre):
        tournament, *_rest = seated_room(arbitre, sizes=(size,) * tables, allow_five=size == 5)
        response = client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/plan.pdf")
        return assert_pdf(response, "plan-position-1.pdf")

    pages = pages_of(rendered(build))
    rows = -(-tables // 3)  # the last row holds the last table
    before = 3 * (rows - 2) + 1  # the first table of the row before it

    (page,) = [page for page in pages if f"Table {tables} " in page]
    assert f"Table {before} " in page


def test_on_the_plan_by_player_a_long_name_keeps_out_of_the_seats_column(rendered):
    """« DUPONT-AIGNAN DE LA TOUR-MAUBOURG Marie-Charlotte » wraps under itself, and where the
    player sits stays in the column of the seats, as on every other line."""

    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(arbitre, sizes=(4, 4))
        for registration, last_name in [(registrations[0], "Dupont-Aignan de la Tour-Maubourg"),
                                        (registrations[1], "Fournier-Lacombe")]:  # fmt: skip
            Player.objects.filter(pk=registration.player_id).update(
                last_name=last_name, first_name="Marie-Charlotte"
            )
        response = client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/plan.pdf")
        return assert_pdf(response, "plan-position-1.pdf")

    pdf = rendered(build)
    boxes = word_boxes(pdf)
    by_player = boxes[[box[0] for box in boxes].index("joueur") :]
    seats = [box for box in by_player if box[0] == "table"]
    # The words before each seat, on its line: a name's end.
    names = [
        box for box in by_player for seat in seats if abs(box[2] - seat[2]) < 1 and box[1] < seat[1]
    ]

    assert len(seats) == 8
    # In one column: WeasyPrint's tab stops drift by up to a millimetre from line to line.
    assert max(box[1] for box in seats) - min(box[1] for box in seats) < 1.2 * MM
    assert "Marie-Charlotte" in words(pdf)
    # No name reaches the column of the seats on the line where the seat is.
    assert max(box[3] for box in names) < min(box[1] for box in seats) - 2
