"""Seat marques and sheet totals (docs/scoring.md §One deal, 8-9 and §The example score sheet)."""

import pytest

from scoring.rules import Deal, InvalidDeal
from scoring.sheet import SeatTotals, all_pass_marques, seat_marques, sheet_totals
from tests import fft_example

FOUR = ("N", "E", "S", "O")
FIVE = ("N", "E", "S", "O", "C")
SHEET_SEATS = ("N", "S", "E", "O")


def garde(**overrides):
    """A garde won by 8 (49 points, 2 bouts), v = 66, changed by the overrides."""
    fields = {"players": 4, "contract": "garde", "points": 49, "bouts": 2}
    fields.update(overrides)
    return Deal(**fields)


def refusal(deal, **seating):
    with pytest.raises(InvalidDeal) as refused:
        seat_marques(deal, **seating)
    return refused.value.field, str(refused.value)


# The FFT example sheet (tests/fft_example.py): five deals at Nord, Sud, Est, Ouest.

EXAMPLE_DEALS = [
    (fft_example.as_scoring_deal(deal), deal["taker"], marques)
    for deal, marques in zip(fft_example.DEALS, fft_example.MARQUES, strict=True)
]


@pytest.mark.parametrize(
    ("deal", "taker", "marques"), EXAMPLE_DEALS, ids=[f"donne {n}" for n in range(1, 6)]
)
def test_example_sheet_deal_gives_each_seat_its_marque(deal, taker, marques):
    assert seat_marques(deal, seats=SHEET_SEATS, taker=taker) == marques


def test_example_sheet_totals_and_bilans():
    deals = [seat_marques(deal, seats=SHEET_SEATS, taker=taker) for deal, taker, _ in EXAMPLE_DEALS]

    totals = sheet_totals(SHEET_SEATS, deals)

    assert {t.seat: (t.plus, t.minus, t.bilan) for t in totals.seats} == {
        seat: (*fft_example.TOTALS[seat], fft_example.BILANS[seat]) for seat in SHEET_SEATS
    }
    assert (totals.balanced, totals.unbalanced_deals, totals.bilans_sum) == (True, (), 0)


def test_example_sheet_typed_from_paper_gives_the_same_totals():
    typed = dict(enumerate(fft_example.MARQUES, start=1))

    totals = sheet_totals(SHEET_SEATS, typed)

    assert totals.bilans == fft_example.BILANS
    assert totals.balanced is True


def test_sheet_names_the_deal_that_does_not_sum_to_zero():
    typed = list(fft_example.MARQUES)
    typed[2] = {"N": 24, "S": -126, "E": 42, "O": 42}

    totals = sheet_totals(SHEET_SEATS, typed)

    assert (totals.unbalanced_deals, totals.bilans_sum) == ((3,), -18)
    assert (totals.balanced, totals.bilans_balanced) == (False, False)
    assert totals.by_seat["N"] == SeatTotals(seat="N", plus=300, minus=764)


def test_sheet_names_unbalanced_deals_by_their_own_numbers_in_order():
    totals = sheet_totals(
        FOUR,
        {
            9: {"N": 10, "E": -10, "S": 0, "O": 1},
            4: {"N": -75, "E": 25, "S": 25, "O": 25},
            7: {"N": 3, "E": 0, "S": 0, "O": 0},
        },
    )

    assert totals.unbalanced_deals == (7, 9)


def test_two_unbalanced_deals_that_cancel_out_still_make_the_sheet_unbalanced():
    totals = sheet_totals(
        FOUR, [{"N": 10, "E": -10, "S": 5, "O": 0}, {"N": -5, "E": 0, "S": 0, "O": 0}]
    )

    assert (totals.unbalanced_deals, totals.bilans_balanced, totals.balanced) == (
        (1, 2),
        True,
        False,
    )


def test_sheet_of_no_deal_is_balanced_at_zero():
    totals = sheet_totals(FOUR, [])

    assert totals.bilans == {"N": 0, "E": 0, "S": 0, "O": 0}
    assert totals.balanced is True


def test_seat_left_out_or_none_is_an_empty_cell():
    totals = sheet_totals(
        FIVE,
        [
            {"N": -50, "E": 150, "S": -50, "O": -50},
            {"N": 0, "E": None, "S": 90, "O": -30, "C": -60},
        ],
    )

    assert totals.bilans == {"N": -50, "E": 150, "S": 40, "O": -80, "C": -60}
    assert totals.balanced is True


def test_sheet_refuses_a_seat_not_at_the_table():
    with pytest.raises(InvalidDeal) as refused:
        sheet_totals(FOUR, [{"N": 0, "E": 0, "S": 0, "X": 0}])

    assert (refused.value.field, str(refused.value)) == (
        "deals",
        "Donne 1 : la place « X » n'est pas à cette table.",
    )


@pytest.mark.parametrize("marque", [1.5, "10", True])
def test_sheet_refuses_a_marque_that_is_not_a_whole_number(marque):
    with pytest.raises(InvalidDeal) as refused:
        sheet_totals(FOUR, {2: {"N": marque}})

    assert (refused.value.field, str(refused.value)) == (
        "deals",
        f"Donne 2 : la marque de « N » doit être un nombre entier, pas {marque!r}.",
    )


# Seat marques: who marks what at each table size.


def test_four_players_taker_marks_three_v_and_each_defender_minus_v():
    assert seat_marques(garde(), seats=FOUR, taker="S") == {"N": -66, "E": -66, "S": 198, "O": -66}


def test_three_players_taker_marks_two_v():
    marques = seat_marques(garde(players=3), seats=("N", "E", "S"), taker="N")

    assert marques == {"N": 132, "E": -66, "S": -66}


def test_five_players_partner_marks_v_and_taker_two_v():
    marques = seat_marques(garde(players=5, partner=True), seats=FIVE, taker="E", partner="C")

    assert marques == {"N": -66, "E": 132, "S": -66, "O": -66, "C": 66}


def test_five_players_taker_alone_marks_four_v():
    marques = seat_marques(garde(players=5), seats=FIVE, taker="O")

    assert marques == {"N": -66, "E": -66, "S": -66, "O": 264, "C": -66}


def test_five_players_with_a_mort_score_a_four_player_deal_and_the_mort_marks_0():
    marques = seat_marques(garde(), seats=FIVE, taker="N", sitting_out="C")

    assert marques == {"N": 198, "E": -66, "S": -66, "O": -66, "C": 0}


def test_lost_deal_seat_marques_sum_to_zero():
    marques = seat_marques(
        garde(players=5, partner=True, points=30, chelem="announced_failed"),
        seats=FIVE,
        taker="N",
        partner="S",
    )

    assert marques == {"N": -544, "E": 272, "S": -272, "O": 272, "C": 272}
    assert sum(marques.values()) == 0


def test_seat_marques_keep_the_seat_order():
    assert list(seat_marques(garde(), seats=("O", "S", "E", "N"), taker="E")) == [
        "O",
        "S",
        "E",
        "N",
    ]


def test_all_pass_marks_zero_for_everyone():
    assert all_pass_marques(FIVE) == {"N": 0, "E": 0, "S": 0, "O": 0, "C": 0}


# Seatings that cannot be, refused with the field at fault.


# Each seating that cannot be: the deal, the seating, and the field at fault with its message.
SEATINGS_THAT_CANNOT_BE = {
    "taker not at the table": (garde(), {"seats": FOUR, "taker": "C"}),
    "partner not at the table": (
        garde(players=5, partner=True),
        {"seats": FIVE, "taker": "N", "partner": "X"},
    ),
    "partner at a table of 4": (garde(), {"seats": FOUR, "taker": "N", "partner": "S"}),
    "partner who is the taker": (
        garde(players=5, partner=True),
        {"seats": FIVE, "taker": "N", "partner": "N"},
    ),
    "missing partner for a deal played with one": (
        garde(players=5, partner=True),
        {"seats": FIVE, "taker": "N"},
    ),
    "partner for a taker playing alone": (
        garde(players=5),
        {"seats": FIVE, "taker": "N", "partner": "E"},
    ),
    "mort as taker": (garde(), {"seats": FIVE, "taker": "C", "sitting_out": "C"}),
    "mort as partner": (garde(), {"seats": FIVE, "taker": "N", "partner": "C", "sitting_out": "C"}),
    "mort not at the table": (garde(), {"seats": FIVE, "taker": "N", "sitting_out": "X"}),
    "mort at a table of 4": (garde(players=3), {"seats": FOUR, "taker": "N", "sitting_out": "O"}),
    "five player deal with a mort": (
        garde(players=5),
        {"seats": FIVE, "taker": "N", "sitting_out": "C"},
    ),
    "four player deal at five seats without a mort": (garde(), {"seats": FIVE, "taker": "N"}),
    "same seat twice": (garde(), {"seats": ("N", "E", "N", "O"), "taker": "N"}),
    "seats given as one string": (garde(), {"seats": "NESO", "taker": "N"}),
}
REFUSALS = {
    "taker not at the table": ("taker", "Le preneur « C » n'est pas assis à cette table."),
    "partner not at the table": ("partner", "Le partenaire « X » n'est pas assis à cette table."),
    "partner at a table of 4": (
        "partner",
        "Il n'y a de partenaire appelé qu'à 5 joueurs, pas à 4 joueurs.",
    ),
    "partner who is the taker": (
        "partner",
        "Le preneur ne peut pas être son propre partenaire : "
        "s'il s'est appelé lui-même, il joue seul.",
    ),
    "missing partner for a deal played with one": (
        "partner",
        "Indiquez le partenaire appelé par le preneur.",
    ),
    "partner for a taker playing alone": (
        "partner",
        "La donne est marquée avec le preneur seul contre quatre : "
        "aucun partenaire ne doit être indiqué.",
    ),
    "mort as taker": (
        "taker",
        "« C » est le mort : il ne joue pas la donne et ne peut pas prendre.",
    ),
    "mort as partner": (
        "partner",
        "Il n'y a de partenaire appelé qu'à 5 joueurs, pas à 4 joueurs.",
    ),
    "mort not at the table": ("sitting_out", "Le mort « X » n'est pas assis à cette table."),
    "mort at a table of 4": (
        "sitting_out",
        "Il n'y a de mort qu'à une table de 5 joueurs, pas de 4.",
    ),
    "five player deal with a mort": (
        "players",
        "La donne est marquée à 5 joueurs, mais 4 joueurs la jouent à cette table "
        "(le mort ne joue pas).",
    ),
    "four player deal at five seats without a mort": (
        "players",
        "La donne est marquée à 4 joueurs, mais 5 joueurs la jouent à cette table.",
    ),
    "same seat twice": ("seats", "Chaque place figure une seule fois : « N » est en double."),
    "seats given as one string": (
        "seats",
        "Les places de la table se donnent dans l'ordre, en liste.",
    ),
}


@pytest.mark.parametrize("case", SEATINGS_THAT_CANNOT_BE)
def test_a_seating_that_cannot_be_is_refused_naming_the_field(case):
    deal, seating = SEATINGS_THAT_CANNOT_BE[case]

    assert refusal(deal, **seating) == REFUSALS[case]


@pytest.mark.parametrize("seats", [("N", "E"), ("A", "B", "C", "D", "E", "F")])
def test_table_of_other_than_3_to_5_seats_is_refused(seats):
    assert refusal(garde(), seats=seats, taker="N") == (
        "seats",
        f"Une table compte 3, 4 ou 5 places, pas {len(seats)}.",
    )
