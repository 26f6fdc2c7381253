"""The feuille de marque as a PDF: /tables/<id>/feuille.pdf, pre-filled and filled.

The FFT example sheet (docs/scoring.md §The example score sheet) is table 1; table 2 has played
nothing yet, so its sheet is the pre-filled one the arbitre puts on the table.
"""

from decimal import Decimal

import pytest
from django.test import Client

from clubs.models import Player
from common.actors import Actor
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet
from tests.factories import seated_room
from tests.pdfs import (
    assert_pdf,
    assert_says,
    pdf_info,
    pdf_pages,
    pdf_text,
    save_first_page,
    word_boxes,
    words,
)
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import correct_deal, record_deal

# The test database is made for the modules whose tests are marked so: these read it only
# through the module's `rendered` fixture (conftest.py), which is no mark.
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def sheets(rendered):
    def build(client, arbitre):
        tournament, position, (fft, blank), registrations = seated_room(arbitre)
        fill_sheet(fft)
        # Deal 2 corrected by the arbitre after its first save, with the same result.
        correct_deal(table=fft, number=2, version=1, result=fft_example.RESULTS[1],
                     by=Actor.arbitre(arbitre))  # fmt: skip
        arbitre_copy = client.get(f"/tables/{fft.pk}/feuille.pdf")
        public_copy = Client().get(f"/tables/{fft.pk}/feuille.pdf")
        prefilled = client.get(f"/tables/{blank.pk}/feuille.pdf")
        return {
            "fft": fft,
            "blank": blank,
            "arbitre": assert_pdf(arbitre_copy, "feuille-position-1-table-1.pdf"),
            "public": assert_pdf(public_copy, "feuille-position-1-table-1.pdf"),
            "prefilled": assert_pdf(prefilled, "feuille-position-1-table-2.pdf"),
        }

    built = rendered(build)
    save_first_page(built["arbitre"], "print_sheet_filled_arbitre")
    save_first_page(built["public"], "print_sheet_filled_public")
    save_first_page(built["prefilled"], "print_sheet_prefilled")
    return built


@pytest.mark.parametrize("copy", ["arbitre", "public", "prefilled"])
def test_a_sheet_is_one_page(sheets, copy):
    assert pdf_pages(sheets[copy]) == 1


def test_the_filled_sheet_holds_the_fft_example_bilans(sheets):
    text = pdf_text(sheets["public"])

    bilan_line = next(line for line in text.splitlines() if line.strip().startswith("Bilan ("))
    assert bilan_line.split()[-4:] == fft_example.BILANS_SHOWN
    assert "Somme des bilans 0 ✓ elle fait 0." in " ".join(text.split())


def test_the_filled_sheet_holds_each_marque_and_the_totals(sheets):
    lines = pdf_text(sheets["public"]).splitlines()

    deal_5 = next(line for line in lines if "+1746" in line and "Total" not in line)
    assert deal_5.split()[-4:] == ["−582", "−582", "+1746", "−582"]
    plus = next(line for line in lines if line.strip().startswith("Total +"))
    minus = next(line for line in lines if line.strip().startswith("Total −"))
    assert plus.split()[-4:] == ["318", "360", "1746", "270"]
    assert minus.split()[-4:] == ["764", "750", "400", "780"]


def test_the_marques_and_totals_stand_right_aligned_in_their_seat_columns(sheets):
    """A block of figures across the seats (tab stops, each figure padded to one width): each
    seat's figures end together, at least a millimetre inside the seat's column."""
    mm = 72 / 25.4
    boxes = word_boxes(sheets["public"])
    deal_5 = [box[3] for box in boxes if box[0] in {"−582", "+1746"}][-4:]
    totals = [box[3] for box in boxes if box[0] in {"318", "360", "1746", "270"}]
    first_right = deal_5[0] + 2 * mm  # the first seat's column: its figures end 2 mm inside

    for index, (marque, total) in enumerate(zip(deal_5, totals, strict=True)):
        assert abs(marque - total) < 1
        assert mm < first_right + index * 22 * mm - marque < 3 * mm


def test_the_sheet_names_the_tournament_position_table_and_players(sheets):
    text = words(sheets["public"])

    assert "Tournoi du club" in text
    assert "samedi 21 novembre 2026 · Salle des fêtes" in text
    assert "POSITION 1 TABLE 1" in text
    assert pdf_info(sheets["public"])["Title"] == (
        "Feuille de marque · Tournoi du club · position 1 · table 1"
    )
    assert "NORD EST SUD OUEST JOUEUR1 JOUEUR2 JOUEUR3 JOUEUR4 Prénom Prénom Prénom Prénom" in text
    assert "n° 1 n° 2 n° 3 n° 4" in text
    assert "NORD · n° 1 EST · n° 2 SUD · n° 3 OUEST · n° 4 JOUEUR1 Prénom JOUEUR2 Prénom" in text


def test_the_filled_sheet_gives_takers_contracts_and_primes_in_words(sheets):
    assert_says(
        sheets["public"],
        "Joueur2 P. Garde 49 pts, 2 bouts Petit au bout à l'attaque, poignée simple",
        "Joueur4 P. Garde sans 45 pts, 2 bouts Petit au bout à la défense",
        "Joueur3 P. Prise 44 pts, 1 bout",
        "Joueur1 P. Garde 47 pts, 3 bouts Poignée simple (Joueur2 P.)",
        "chelem annoncé et réalisé",
    )


def test_a_deal_corrected_after_its_first_save_is_marked_and_explained(sheets):
    assert_says(
        sheets["public"],
        "Donne Preneur Contrat Points, bouts et primes",
        " 1 2* 3 4 5 ",
        "* Donne corrigée après sa première saisie",
        "donne 2, dernière correction à",
        "(Arbitre : Anne Arbitre).",
    )


def test_the_arbitre_copy_carries_the_table_code(sheets):
    assert_says(
        sheets["arbitre"],
        f"Code {sheets['fft'].code}",
        "scannez le QR code",
    )


def test_the_public_copy_carries_no_code(sheets):
    text = pdf_text(sheets["public"])

    assert sheets["fft"].code not in text
    assert "Code" not in text
    assert "QR code" not in text


def test_the_prefilled_sheet_has_a_blank_row_for_every_deal(sheets):
    text = words(sheets["prefilled"])

    assert "n° 5 n° 6 n° 7 n° 8 1 2 3 4 5 Total + Total − Bilan" in text
    assert "JOUEUR5 JOUEUR6 JOUEUR7 JOUEUR8" in text
    assert "Somme des bilans elle doit faire 0." in text
    assert "pts" not in text
    assert f"Code {sheets['blank'].code}" in text  # the arbitre's copy, to put on the table


def test_the_filled_sheet_shows_a_deal_waiting_for_its_result(rendered):
    def build(client, arbitre):
        _tournament, _position, (table, _other), _registrations = seated_room(arbitre)
        record_deal(
            table=table, number=1, result=DealResult(taker="S", contract="garde_contre"), by=TESTS
        )
        response = client.get(f"/tables/{table.pk}/feuille.pdf")
        return pdf_text(assert_pdf(response, "feuille-position-1-table-1.pdf"), raw=True)

    assert "Joueur3 P. Garde contre résultat à venir" in " ".join(rendered(build).split())


@pytest.mark.parametrize(
    ("sizes", "places"),
    [((3,), "NORD EST SUD"), ((5,), "NORD EST SUD OUEST CINQUIÈME")],
)
def test_a_sheet_has_a_column_per_seat_of_its_table(rendered, sizes, places):
    def build(client, arbitre):
        _tournament, _position, (table,), _registrations = seated_room(
            arbitre, sizes=sizes, allow_five=True
        )
        response = client.get(f"/tables/{table.pk}/feuille.pdf")
        pdf = assert_pdf(response, "feuille-position-1-table-1.pdf")
        save_first_page(pdf, f"print_sheet_table_of_{sizes[0]}")
        return pdf

    pdf = rendered(build)
    text = words(pdf)

    assert pdf_pages(pdf) == 1
    assert f"Points, bouts et primes {places} JOUEUR1 " in text
    assert f"JOUEUR{sizes[0]} Prénom" in text
    assert f"JOUEUR{sizes[0] + 1} " not in text


def test_a_partner_stands_under_the_taker_and_each_contract_in_the_contract_column(rendered):
    """A row's taker and contract are one block, the contract after a tab stop: it stands in its
    column whatever the taker's name, and « avec » the partner on the taker's next line."""

    def build(client, arbitre):
        _tournament, _position, (table,), registrations = seated_room(
            arbitre, sizes=(5,), allow_five=True
        )
        Player.objects.filter(pk=registrations[2].player_id).update(last_name="Martineau")
        for number, (taker, contract) in enumerate([("S", "garde_contre"), ("E", "prise")], 1):
            record_deal(
                table=table,
                number=number,
                result=DealResult(
                    taker=taker, partner="N", contract=contract, bouts=2, points=Decimal(50)
                ),  # fmt: skip
                by=TESTS,
            )
        response = client.get(f"/tables/{table.pk}/feuille.pdf")
        return assert_pdf(response, "feuille-position-1-table-1.pdf")

    pdf = rendered(build)
    save_first_page(pdf, "print_sheet_partner")
    boxes = word_boxes(pdf)
    mm = 72 / 25.4
    taker = next(box for box in boxes if box[0] == "Martineau")
    partner = next(box for box in boxes if box[0] == "avec")
    contracts = [box for box in boxes if box[0] in {"Garde", "Prise"}][-2:]

    assert "Martineau P. Garde avec Joueur1 P. contre" in words(pdf)
    assert abs(partner[1] - taker[1]) < 0.5 and partner[2] > taker[4]  # under the taker
    lefts = [box[1] / mm - 10 for box in contracts]  # from the sheet's edge (10 mm margin)
    assert abs(lefts[0] - lefts[1]) < 0.3
    assert 38 < lefts[0] < 39.5  # past the contract column's rule, at 37 mm
