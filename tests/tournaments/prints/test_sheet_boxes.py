"""Every word of a filled feuille de marque inside its box, at tables of 3, 4 and 5, under the
FFT's rules and the club's (a misères column), with the longest words a row and a signature
box can hold: a taker's long name, a garde contre, three bouts with the petit au bout and a
poignée, and every player's bilan confirmed online."""

from decimal import Decimal

import pytest

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import seated_room
from tests.pdfs import assert_pdf, save_first_page, word_boxes
from tournaments.deal_scoring import DealResult
from tournaments.prints.layout import SIGNATURE_GAP, sheet_layout
from tournaments.services.deals import record_deal
from tournaments.services.sheets import confirm_bilan

pytestmark = pytest.mark.django_db

MM = 72 / 25.4  # points a millimetre
MARGIN = 10 * MM  # the page's margin, left and top (print.css, @page)

RULES = {"fft": {}, "club": {"rules": "club", "club_miseres": True}}
NAMES = [
    ("DE LA ROCHEFOUCAULD-MONTBEL", "Marie-Christine"),
    ("VAN DEN BERGHE", "Anne-Sophie"),
    ("SAINT-GERMAIN", "François-Xavier"),
    ("LEFÈVRE-DUBOIS", "Jean-Christophe"),
    ("CHÂTEAUNEUF", "Gwénaëlle"),
]


def long_deals(seats: int) -> list[DealResult]:
    """The longest rows: a prise of 35 with 3 bouts, the petit au bout to the attack and a
    triple poignée; a garde contre with a chelem announced and made; a garde sans with the
    petit au bout to the defence and a double poignée."""
    partner = {"partner": "S"} if seats == 5 else {}
    other = {"partner": "N"} if seats == 5 else {}
    return [
        DealResult(
            taker="N", contract="prise", points=Decimal(35), bouts=3,
            petit_au_bout="attack", poignees={"N": "triple"}, **partner,
        ),
        DealResult(
            taker="E", contract="garde_contre", points=Decimal(91), bouts=3,
            chelem="announced_made", petit_au_bout="attack", **partner,
        ),
        DealResult(
            taker="S", contract="garde_sans", points=Decimal(40), bouts=2,
            petit_au_bout="defense", poignees={"E": "double"}, **other,
        ),
    ]  # fmt: skip


@pytest.fixture(scope="module")
def sheets(rendered):
    """The filled, signed sheet of a table of 3, 4 and 5 under each rules, and its layout."""

    def sheet(rules: str, seats: int):
        def build(client, arbitre):
            tournament, _position, (table,), registrations = seated_room(
                arbitre, sizes=(seats,), deals_per_position=3, allow_five=True, **RULES[rules]
            )
            for registration, (last, first) in zip(registrations, NAMES, strict=False):
                Player.objects.filter(pk=registration.player_id).update(
                    last_name=last, first_name=first
                )
            for number, result in enumerate(long_deals(seats), start=1):
                record_deal(table=table, number=number, result=result, by=TESTS)
            for seat in table.seats.all():
                confirm_bilan(table=table, place=seat.place, by=TESTS)
            pdf = assert_pdf(
                client.get(f"/tables/{table.pk}/feuille.pdf"), "feuille-position-1-table-1.pdf"
            )
            miseres = tournament.rule_profile.miseres
            return pdf, sheet_layout(seats=seats, deals=3, with_code=False, miseres=miseres)

        pdf, layout = rendered(build)
        save_first_page(pdf, f"print_sheet_boxes_{rules}_{seats}")
        return pdf, layout

    return {(rules, seats): sheet(rules, seats) for rules in RULES for seats in (3, 4, 5)}


CASES = [(rules, seats) for rules in RULES for seats in (3, 4, 5)]
IDS = [f"{rules}-{seats}" for rules, seats in CASES]


def words_between(boxes, left_mm: float, right_mm: float, top_mm: float, bottom_mm: float):
    """The words whose box starts inside the area, in mm on the sheet."""
    return [
        box
        for box in boxes
        if left_mm * MM + MARGIN <= box[1] < right_mm * MM + MARGIN
        and top_mm * MM + MARGIN <= box[2] < bottom_mm * MM + MARGIN
    ]


@pytest.mark.parametrize(("rules", "seats"), CASES, ids=IDS)
def test_each_confirmation_online_stands_in_its_own_signature_box(sheets, rules, seats):
    pdf, layout = sheets[rules, seats]
    boxes = word_boxes(pdf)
    top = layout.signatures_top
    bottom = top + layout.signature_height

    for index in range(seats):
        left = index * layout.signature_pitch
        right = left + layout.signature_pitch - SIGNATURE_GAP
        inside = words_between(boxes, left, right, top, bottom)
        said = " ".join(text for text, *_box in inside)
        assert "Confirmé en ligne à" in said, (index, said)
        overflowing = [text for text, _l, _t, x_max, _b in inside if x_max > right * MM + MARGIN]
        assert overflowing == [], (index, said)


@pytest.mark.parametrize(("rules", "seats"), CASES, ids=IDS)
def test_each_rows_words_stand_inside_their_row(sheets, rules, seats):
    pdf, layout = sheets[rules, seats]
    boxes = word_boxes(pdf)

    for row, top in enumerate(layout.rows):
        bottom = top + layout.row_height
        inside = words_between(boxes, 11, layout.seats_left, top, bottom)
        said = " ".join(text for text, *_box in inside)
        below = [text for text, _l, _t, _r, y_max in inside if y_max > bottom * MM + MARGIN]
        past = [text for text, _l, _t, x_max, _b in inside
                if x_max > layout.seats_left * MM + MARGIN]  # fmt: skip
        assert below == [] and past == [], (row, said)


def rows_said(pdf, layout) -> list[str]:
    boxes = word_boxes(pdf)
    return [
        " ".join(
            text for text, *_box in words_between(boxes, 11, 190, top, top + layout.row_height)
        )
        for top in layout.rows
    ]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_long_rows_say_all_they_hold_under_the_fft_rules(sheets, seats):
    said = rows_said(*sheets["fft", seats])

    for words in ("35 pts, 3 bouts", "Petit au bout à l'attaque", "triple"):
        assert words in said[0], said[0]
    for words in ("Garde", "contre", "91 pts, 3 bouts", "chelem annoncé et réalisé"):
        assert words in said[1], said[1]
    for words in ("Garde sans", "40 pts, 2 bouts", "Petit au bout à la défense", "double"):
        assert words in said[2], said[2]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_row_too_long_for_the_club_rules_narrow_column_ends_with_an_ellipsis(sheets, seats):
    said = rows_said(*sheets["club", seats])

    assert "35 pts," in said[0] and "Poignée triple" in said[0]
    assert "91 pts," in said[1]
    assert "chelem annoncé et réalisé" in said[1] or "…" in said[1]
