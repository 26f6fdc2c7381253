"""Pages load in a few queries per kind of object, never one per deal, seat or table."""

import uuid

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet
from tournaments.models import Deal
from tournaments.services.deals import record_deal
from tournaments.services.sheets import confirm_bilan


def queries_of(client, path) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured)


def test_the_sheet_page_costs_the_same_with_one_deal_or_five(table_client, table, other_table):
    fill_sheet(table, fft_example.RESULTS[:1])
    fill_sheet(other_table)

    one = queries_of(table_client, f"/tables/{table.pk}/")
    table_client.post(f"/tables/{other_table.pk}/acces/", {"code": other_table.code})
    five = queries_of(table_client, f"/tables/{other_table.pk}/")

    assert one == five
    # Session, table (with position and tournament), seats (with players), deals.
    assert five <= 5


def test_the_room_costs_the_same_with_one_table_played_or_two(arbitre_client, table, other_table):
    path = f"/arbitre/tournois/{table.position.tournament.pk}/positions/1/salle/"
    fill_sheet(table)
    one = queries_of(arbitre_client, path)

    fill_sheet(other_table)
    for place in "NESO":
        confirm_bilan(table=other_table, place=place, by=TESTS)
    two = queries_of(arbitre_client, path)

    assert one == two
    # Session (in the database alone), user, tournament, position, tables, seats (with
    # players), deals, the calls already answered (with who answered them); the draw in force,
    # the next position's commitment and the tournament's halls.
    assert two <= 11


def test_the_history_costs_the_same_with_one_change_or_many(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:1])
    one = queries_of(table_client, f"/tables/{table.pk}/historique/")

    for number, result in enumerate(fft_example.RESULTS[1:], start=2):
        record_deal(table=table, number=number, result=result, by=TESTS)
    many = queries_of(table_client, f"/tables/{table.pk}/historique/")

    assert one == many


# A phone's save: its session; then, in the save's transaction (here a savepoint and its
# release), the seats with the table locked, the deals, the deal, its history and its journal
# entry. Nothing read before (the phone's right is in its session), no re-check of the
# constraints the database holds.
SAVE_QUERIES = 12


def queries_of_post(client, path, fields, **extra) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.post(path, {**fields, "submission_id": str(uuid.uuid4())}, **extra)
    return response.status_code, len(captured)


def test_a_deal_is_saved_in_at_most_twelve_queries(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:1])

    status, count = queries_of_post(
        table_client, f"/tables/{table.pk}/donnes/nouvelle/", {"number": 2, **fft_example.POSTS[1]}
    )

    assert status == 302
    assert count <= SAVE_QUERIES


def test_a_phones_save_reads_the_sheet_once_under_the_lock(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:1])

    with CaptureQueriesContext(connection) as captured:
        table_client.post(
            f"/tables/{table.pk}/donnes/nouvelle/", {"number": 2, **fft_example.POSTS[1]}
        )

    seat_reads = [
        q["sql"] for q in captured if q["sql"].startswith("SELECT") and "_seat" in q["sql"]
    ]
    assert len(seat_reads) == 1
    assert Deal.objects.get(table=table, number=2).marque_ouest == 228


def test_a_deal_saved_through_htmx_comes_back_with_its_sheet_in_at_most_twelve_queries(
    table_client, table
):
    fill_sheet(table, fft_example.RESULTS[:1])

    status, count = queries_of_post(
        table_client,
        f"/tables/{table.pk}/donnes/nouvelle/",
        {"number": 2, **fft_example.POSTS[1]},
        headers={"HX-Request": "true"},
    )

    assert status == 200
    assert count <= SAVE_QUERIES


def test_the_result_of_a_deal_bid_is_saved_in_as_many_queries_as_a_new_deal(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:1])
    path = f"/tables/{table.pk}/donnes/nouvelle/"
    bid = {"taker": "O", "contract": "garde_sans"}
    _status, new_deal = queries_of_post(table_client, path, {"number": 2, **bid})

    status, result = queries_of_post(
        table_client, path, {"number": 2, "version": 1, **fft_example.POSTS[1]}
    )

    assert status == 302
    assert result == new_deal


def test_a_deal_is_corrected_in_at_most_twelve_queries(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:1])

    status, count = queries_of_post(
        table_client, f"/tables/{table.pk}/donnes/1/", {"number": 1, "version": 1,
        **fft_example.POSTS[1]}
    )  # fmt: skip

    assert status == 302
    assert count <= SAVE_QUERIES
