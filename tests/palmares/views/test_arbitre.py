"""The arbitre's prize table page: set the table from the form (French amounts), refused
input shown beside what was typed (never a 500), lock and unlock from the page."""

from decimal import Decimal

import pytest

from palmares.models import PrizeAction, PrizeJournalEntry, PrizeTable
from tests.palmares.conftest import amounts


def form(*rows, **fields) -> dict:
    """The page's form: the table's fields, then each row as (list, série, value)."""
    data = {"pot_kind": "montants", "fee": "", "percent": "", "ties": "partage",
            "one_prize_each": "on"} | fields  # fmt: skip
    data |= {"lignes-TOTAL_FORMS": str(len(rows)), "lignes-INITIAL_FORMS": "0"}
    for index, (category, serie, value) in enumerate(rows):
        data |= {f"lignes-{index}-category": category, f"lignes-{index}-serie": serie,
                 f"lignes-{index}-value": value}  # fmt: skip
    return data


def url(tournament, tail="") -> str:
    return f"/arbitre/tournois/{tournament.pk}/prix/{tail}"


def test_the_page_offers_blank_rows_for_a_new_table(arbitre_client, evening):
    page = arbitre_client.get(url(evening)).content.decode()

    assert "Tableau des prix" in page
    assert page.count('name="lignes-') >= 4 * 3


def test_the_form_sets_the_table_in_french_amounts(arbitre_client, evening):
    response = arbitre_client.post(
        url(evening), form(("general", "", "150,50"), ("dames", "", "40"), ("general", "", ""))
    )

    table = PrizeTable.objects.get()
    assert response.status_code == 302
    assert [(row.category, row.amount) for row in table.rows.all()] == [
        ("general", Decimal("150.50")),
        ("dames", Decimal("40.00")),
    ]


def test_a_pot_of_takings_from_the_form(arbitre_client, evening):
    arbitre_client.post(
        url(evening),
        form(("general", "", "60"), ("general", "", "40"), pot_kind="recettes", fee="12,50",
             percent="75"),
    )  # fmt: skip

    table = PrizeTable.objects.get()
    assert (table.pot_kind, table.fee, table.percent) == ("recettes", Decimal("12.5"), 75)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-12", "de 0 à 999 999,99"),
        ("12,345", "au centime près"),
        ("99999999999", "de 0 à 999 999,99"),
        ("1e999999", "Un nombre, comme 12,50"),
        ("１２", "Un nombre, comme 12,50"),
        ("douze", "Un nombre, comme 12,50"),
        ("9" * 300, "au plus 40 caractères"),
    ],
)
def test_a_bad_amount_is_refused_beside_what_was_typed(arbitre_client, evening, typed, message):
    response = arbitre_client.post(
        url(evening), form(("general", "", "100"), ("general", "", typed))
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert message in page
    assert 'value="100"' in page  # nothing typed is lost
    assert not PrizeTable.objects.exists()


def test_a_nul_byte_is_answered_in_french_not_a_500(arbitre_client, evening):
    response = arbitre_client.post(url(evening), form(("general", "", "10\x00")))

    assert response.status_code == 400
    assert not PrizeTable.objects.exists()


def test_a_forged_list_or_row_count_is_refused(arbitre_client, evening):
    data = form(("inconnue", "", "10")) | {"lignes-TOTAL_FORMS": "100000"}

    response = arbitre_client.post(url(evening), data)

    assert response.status_code == 422
    assert not PrizeTable.objects.exists()


def test_under_htmx_a_refusal_answers_the_form_alone(arbitre_client, evening):
    response = arbitre_client.post(
        url(evening), form(("general", "", "-1")), headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert "de 0 à 999 999,99" in response.content.decode()


def test_the_lock_button_locks_and_the_page_says_so(arbitre_client, evening):
    amounts(evening, "100")

    arbitre_client.post(url(evening, "arreter/"))

    page = arbitre_client.get(url(evening)).content.decode()
    assert PrizeTable.objects.get().locked
    assert "Palmarès arrêté le" in page
    assert "Rouvrir le palmarès" in page


def test_locking_before_the_end_says_why_on_the_page(arbitre_client, arbitre):
    from tests.factories import club_tournament

    tournament = club_tournament(arbitre)
    amounts(tournament, "100")

    response = arbitre_client.post(url(tournament, "arreter/"), follow=True)

    assert "pas encore définitif" in response.content.decode()
    assert not PrizeTable.objects.get().locked


def test_unlocking_asks_why_and_keeps_the_reason_in_the_journal(arbitre_client, evening):
    amounts(evening, "100")
    arbitre_client.post(url(evening, "arreter/"))

    refused = arbitre_client.post(url(evening, "rouvrir/"), {"reason": "   "})
    arbitre_client.post(url(evening, "rouvrir/"), {"reason": "Donne mal saisie, table 2"})

    assert refused.status_code == 422
    assert not PrizeTable.objects.get().locked
    entry = PrizeJournalEntry.objects.order_by("pk").last()
    assert (entry.action, entry.after["reason"]) == (
        PrizeAction.LIST_UNLOCKED,
        "Donne mal saisie, table 2",
    )
    assert "Donne mal saisie, table 2" in arbitre_client.get(url(evening)).content.decode()


@pytest.mark.parametrize(
    "forged",
    [
        {"pot_kind": "montants"},  # no rows' management form at all
        form(("general", "", "10")) | {"lignes-TOTAL_FORMS": "abc"},
        form(("serie", "x" * 1000, "10")),
        form(("general", "", "10"), fee="NaN"),
        form(("general", "", "10"), pot_kind="recettes", fee="10", percent="Infinity"),
        form(("general", "", "10"), ties="pile ou face"),
        form(("serie", "\u202e\u200b", "10")),
    ],
)
def test_forged_or_odd_input_is_refused_in_french_not_a_500(arbitre_client, evening, forged):
    response = arbitre_client.post(url(evening), forged)

    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    assert not PrizeTable.objects.exists()
