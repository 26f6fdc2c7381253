"""Every word of a filled feuille de marque inside its box, and every box of every row printed
whole, at tables of 3, 4 and 5, under the FFT's rules and the club's (misères and individual
primes), with the longest words a row and a signature box can hold: long names, a garde contre,
three bouts with the petit au bout, a chelem, poignées and misères, and every player's bilan
confirmed online. A position of 6 deals: the most whose rows keep the room these words need
(tournaments.prints.layout, ROW_HEIGHT)."""

from decimal import Decimal

import pytest

from clubs.models import Player
from tests.at_the_table import TESTS, prise_by
from tests.factories import seated_room
from tests.pdfs import assert_pdf, save_first_page, word_boxes
from tournaments.deal_scoring import DealResult
from tournaments.prints.layout import CONTRACT, SIGNATURE_GAP, sheet_layout
from tournaments.services.deals import record_deal
from tournaments.services.sheets import confirm_bilan

pytestmark = pytest.mark.django_db

MM = 72 / 25.4  # points a millimetre
MARGIN = 10 * MM  # the page's margin, left and top (print.css, @page)
DEALS = 6

CLUB = {"rules": "club", "club_miseres": True, "club_individual_primes": True}
RULES = {"fft": {}, "club": CLUB}
NAMES = [
    ("DE LA ROCHEFOUCAULD-MONTBEL", "Marie-Christine"),
    ("VAN DEN BERGHE", "Anne-Sophie"),
    ("SAINT-GERMAIN", "François-Xavier"),
    ("LEFÈVRE-DUBOIS", "Jean-Christophe"),
    ("CHÂTEAUNEUF", "Gwénaëlle"),
]


def long_deals(seats: int, rules: str) -> list[DealResult]:
    """The longest rows: a prise of 35 with 3 bouts, the petit au bout to the attack and a
    triple poignée; a garde contre with a chelem announced and made; a garde sans with the
    petit au bout to the defence and a double poignée; under the club's rules, misères too:
    « pas d'honneur », both, and « pas d'atout »."""
    partner = {"partner": "S"} if seats == 5 else {}
    other = {"partner": "N"} if seats == 5 else {}
    club = rules == "club"
    return [
        DealResult(
            taker="N", contract="prise", points=Decimal(35), bouts=3,
            petit_au_bout="attack", poignees={"N": "triple"}, **partner,
            miseres={"E": "pas_d_honneur"} if club else {},
        ),
        DealResult(
            taker="E", contract="garde_contre", points=Decimal(91), bouts=3,
            chelem="announced_made", petit_au_bout="attack", **partner,
            miseres={"N": "les_deux"} if club else {},
        ),
        DealResult(
            taker="S", contract="garde_sans", points=Decimal(40), bouts=2,
            petit_au_bout="defense", poignees={"E": "double"}, **other,
            miseres={"N": "pas_d_atout"} if club else {},
        ),
    ]  # fmt: skip


@pytest.fixture(scope="module")
def sheets(rendered):
    """The filled, signed sheet of a table of 3, 4 and 5 under each rules, and its layout."""

    def sheet(rules: str, seats: int):
        def build(client, arbitre):
            tournament, _position, (table,), registrations = seated_room(
                arbitre, sizes=(seats,), deals_per_position=DEALS, allow_five=True, **RULES[rules]
            )
            for registration, (last, first) in zip(registrations, NAMES, strict=False):
                Player.objects.filter(pk=registration.player_id).update(
                    last_name=last, first_name=first
                )
            results = long_deals(seats, rules) + [prise_by(place) for place in "NES"]
            for number, result in enumerate(results, start=1):
                record_deal(table=table, number=number, result=result, by=TESTS)
            for seat in table.seats.all():
                confirm_bilan(table=table, place=seat.place, by=TESTS)
            pdf = assert_pdf(
                client.get(f"/tables/{table.pk}/feuille.pdf"), "feuille-position-1-table-1.pdf"
            )
            miseres = tournament.rule_profile.miseres
            return pdf, sheet_layout(seats=seats, deals=DEALS, with_code=False, miseres=miseres)

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


def said(words) -> str:
    """The words as read, line by line (pdftotext lists them in an order of its own), a word
    broken after its hyphen joined again."""
    in_order = sorted(words, key=lambda box: (round(box[4], 1), box[1]))
    return " ".join(text for text, *_box in in_order).replace("- ", "-")


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
        assert "Confirmé en ligne à" in said(inside), (index, said(inside))
        overflowing = [text for text, _l, _t, x_max, _b in inside if x_max > right * MM + MARGIN]
        assert overflowing == [], (index, said(inside))


@pytest.mark.parametrize(("rules", "seats"), CASES, ids=IDS)
def test_each_rows_words_stand_inside_their_row(sheets, rules, seats):
    pdf, layout = sheets[rules, seats]
    boxes = word_boxes(pdf)

    for row, top in enumerate(layout.rows):
        bottom = top + layout.row_height
        inside = words_between(boxes, 11, 190, top, bottom)
        below = [text for text, _l, _t, _r, y_max in inside if y_max > bottom * MM + MARGIN]
        assert below == [], (row, said(inside))
        left_of_seats = words_between(boxes, 11, layout.seats_left, top, bottom)
        past = [text for text, _l, _t, x_max, _b in left_of_seats
                if x_max > layout.seats_left * MM + MARGIN]  # fmt: skip
        assert past == [], (row, said(left_of_seats))


@pytest.mark.parametrize(("rules", "seats"), CASES, ids=IDS)
def test_no_box_of_a_row_is_cut_past_the_takers_name(sheets, rules, seats):
    """The contract, the points and bouts, the primes, the poignées and the misères print
    whole: only a name longer than the taker's column may end in « … » there."""
    pdf, layout = sheets[rules, seats]
    boxes = word_boxes(pdf)

    for row, top in enumerate(layout.rows):
        inside = words_between(boxes, CONTRACT[0], 190, top, top + layout.row_height)
        assert "…" not in said(inside), (row, said(inside))


def detail_said(pdf, layout) -> list[str]:
    """Each row's points, bouts and primes, as printed in its column."""
    boxes = word_boxes(pdf)
    return [
        said(words_between(boxes, CONTRACT[1], layout.seats_left, top, top + layout.row_height))
        for top in layout.rows
    ]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_long_rows_say_all_they_hold_under_the_fft_rules(sheets, seats):
    rows = detail_said(*sheets["fft", seats])

    assert rows[0] == (
        "35 pts, 3 bouts Petit au bout à l'attaque, poignée triple (DE LA ROCHEFOUCAULD-MONTBEL M.)"
    )
    assert rows[1] == "91 pts, 3 bouts Petit au bout à l'attaque, chelem annoncé et réalisé"
    assert rows[2] == (
        "40 pts, 2 bouts Petit au bout à la défense, poignée double (VAN DEN BERGHE A.)"
    )


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_long_rows_say_all_they_hold_under_the_club_rules(sheets, seats):
    rows = detail_said(*sheets["club", seats])

    assert rows[0] == "35 pts, 3 bouts Petit au bout à l'attaque"
    assert rows[1] == "91 pts, 3 bouts Petit au bout à l'attaque, chelem annoncé et réalisé"
    assert rows[2] == "40 pts, 2 bouts Petit au bout à la défense"


def seat_said(pdf, layout, row: int, seat: int) -> str:
    """What the seat's cell of a row holds above its marque."""
    top = layout.rows[row]
    left = layout.seat_lefts[seat]
    inside = words_between(
        word_boxes(pdf), left, left + layout.seat_width, top, top + layout.row_height
    )
    return said(inside)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_each_poignee_and_misere_prints_whole_in_the_column_of_who_showed_it(sheets, seats):
    pdf, layout = sheets["club", seats]
    nord, est = 0, 1

    assert seat_said(pdf, layout, 0, nord).startswith("Poignée triple ")
    assert seat_said(pdf, layout, 0, est).startswith("Pas d'honneur ")
    assert seat_said(pdf, layout, 1, nord).startswith("Pas d'honneur Pas d'atout ")
    assert seat_said(pdf, layout, 2, est).startswith("Poignée double ")
    assert seat_said(pdf, layout, 2, nord).startswith("Pas d'atout ")


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_poignee_or_misere_stands_above_the_marque_and_the_primes_below(sheets, seats):
    pdf, layout = sheets["club", seats]
    boxes = word_boxes(pdf)
    top = layout.rows[1]
    left = layout.seat_lefts[0]  # Nord, who showed both misères in deal 2
    cell = words_between(boxes, left, left + layout.seat_width, top, top + layout.row_height)
    shown = [box for box in cell if box[0] in {"Pas", "d'honneur", "d'atout"}]
    marque = [box for box in cell if box[0][:1] in "+−" and box[4] - box[2] > 9]  # 11 pt
    primes = [box for box in cell if box[0] == "primes"]

    assert len(shown) == 4 and len(marque) == 1 and len(primes) == 1, said(cell)
    # A word's box runs from its font's ascent to its descent (DejaVu Sans: 0.928 and 0.236
    # em); figures, 0.729 em high, stand on the baseline.
    figures_top = marque[0][2] + (0.928 - 0.729) * 11
    marque_baseline = marque[0][4] - 0.236 * 11
    primes_figures_top = primes[0][2] + (0.928 - 0.729) * 7
    assert max(box[4] for box in shown) <= figures_top
    assert marque_baseline <= primes_figures_top
