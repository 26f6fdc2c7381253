"""Two devices on one sheet: a save made on a stale view is refused, never overwrites.

Run against PostgreSQL too (``DATABASE_URL=postgres://… pytest`` on this file): there the
two saves really race, each in its own connection and transaction.
"""

import threading

import pytest
from django.db import connection

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet, grant
from tournaments.deal_scoring import DealResult
from tournaments.models import Deal
from tournaments.services.deals import correct_deal


def correct(client, table, number, fields, version):
    return client.post(
        f"/tables/{table.pk}/donnes/{number}/", {"number": number, "version": version, **fields}
    )


@pytest.mark.usefixtures("django_user_model")
def test_a_save_on_a_stale_view_is_refused_with_a_message(client, table):
    fill_sheet(table)
    phone, tablet = grant(client, table), grant(client.__class__(), table)
    # Both devices opened deal 5 at version 1; the phone saves first. Without its chelem, which
    # holds the attack to exactly 87 points with 2 bouts (87 is also the most 2 bouts allow).
    without_chelem = {**fft_example.POSTS[4], "chelem": ""}
    assert correct(phone, table, 5, {**without_chelem, "points": "86"}, 1).status_code == 302

    response = correct(tablet, table, 5, {**without_chelem, "points": "85"}, 1)

    html = response.content.decode()
    assert response.status_code == 409
    assert "vient d&#x27;être modifiée sur un autre appareil" in html
    assert 'value="85"' in html
    assert Deal.objects.get(table=table, number=5).points == 86


def test_a_delete_on_a_stale_view_is_refused(client, table):
    fill_sheet(table)
    phone, tablet = grant(client, table), grant(client.__class__(), table)
    correct(phone, table, 5, fft_example.POSTS[4], 1)

    response = tablet.post(f"/tables/{table.pk}/donnes/5/supprimer/", {"version": 1})

    assert response.status_code == 409
    assert table.deals.count() == 5


def test_two_devices_adding_the_same_deal_get_number_taken(client, table):
    phone, tablet = grant(client, table), grant(client.__class__(), table)
    phone.post(f"/tables/{table.pk}/donnes/nouvelle/", {"number": 1, **fft_example.POSTS[0]})

    response = tablet.post(
        f"/tables/{table.pk}/donnes/nouvelle/", {"number": 1, **fft_example.POSTS[1]}
    )

    assert response.status_code == 409
    assert Deal.objects.get(table=table).taker == "E"


def test_completing_a_bid_on_a_stale_view_is_refused(client, table):
    from tournaments.services.deals import record_deal

    record_deal(table=table, number=1, result=DealResult(taker="E", contract="garde"), by=TESTS)
    phone, tablet = grant(client, table), grant(client.__class__(), table)
    changed = {**fft_example.POSTS[0], "contract": "garde_sans"}
    assert correct(phone, table, 1, {"taker": "E", "contract": "garde_sans"}, 1).status_code == 302

    response = tablet.post(
        f"/tables/{table.pk}/donnes/nouvelle/", {"number": 1, "version": 1, **changed}
    )

    assert response.status_code == 409
    assert not Deal.objects.get(table=table).is_played


@pytest.mark.django_db(transaction=True)
def test_of_two_racing_saves_on_one_version_exactly_one_wins(table):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises writers (BEGIN IMMEDIATE); the race is run on PostgreSQL")
    fill_sheet(table, fft_example.RESULTS)
    barrier = threading.Barrier(2)
    outcomes = []

    def save(points: int) -> None:
        from django.db import connections

        # Without its chelem, which holds the attack to 87 points with 2 bouts.
        result = DealResult(**{**fft_example.RESULTS[4].__dict__, "chelem": None, "points": points})
        barrier.wait()
        try:
            correct_deal(table=table, number=5, version=1, result=result, by=Actor.table_device())
            outcomes.append(("saved", points))
        except Refused as refused:
            outcomes.append((refused.code, points))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(points,)) for points in (85, 86)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    codes = sorted(code for code, _ in outcomes)
    assert codes == ["saved", "stale"]
    winner = next(points for code, points in outcomes if code == "saved")
    deal = Deal.objects.get(table=table, number=5)
    assert deal.points == winner and deal.version == 2
