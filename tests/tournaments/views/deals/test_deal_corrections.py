"""Corrections: the table its last deal until the sheet is signed, the arbitre any deal."""

import pytest
from django.utils import timezone

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tests.at_the_table import fill_sheet
from tournaments.models import Deal
from tournaments.services.deals import correct_deal, delete_deal

HTMX = {"HTTP_HX_REQUEST": "true"}


def edit(client, table, number, fields, version=1, **extra):
    return client.post(
        f"/tables/{table.pk}/donnes/{number}/",
        {"number": number, "version": version, **fields},
        **extra,
    )


def fill_and_lock(table) -> None:
    """The FFT example sheet, locked as the last confirmation locks it."""
    fill_sheet(table)
    table.locked_at = timezone.now()
    table.save()


def test_the_edit_page_is_filled_with_the_deal(table_client, table):
    fill_sheet(table)

    html = table_client.get(f"/tables/{table.pk}/donnes/5/").content.decode()

    assert 'name="points" value="87"' in html
    assert 'name="version" value="1"' in html
    assert "Corriger la donne 5" in html


def test_the_table_corrects_its_last_deal(table_client, table):
    fill_sheet(table)

    response = edit(table_client, table, 5, {**fft_example.POSTS[4], "chelem": ""})

    assert response.status_code == 302
    deal = Deal.objects.get(table=table, number=5)
    # Won by 46 at a garde, petit au bout, poignée: (71 × 2) + 20 + 20 = 182 per defender.
    assert deal.marque_nord == -182 and deal.version == 2


def test_a_correction_through_htmx_sends_back_to_the_sheet(table_client, table):
    fill_sheet(table)

    response = edit(table_client, table, 5, fft_example.POSTS[4], **HTMX)

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/tables/{table.pk}/"


def test_a_refused_correction_keeps_what_was_typed(table_client, table):
    fill_sheet(table)

    response = edit(table_client, table, 5, {**fft_example.POSTS[4], "points": "99"})

    html = response.content.decode()
    assert response.status_code == 422
    assert 'value="99"' in html and "entre 0 et 91" in html
    assert Deal.objects.get(table=table, number=5).points == 87


def test_the_table_may_not_correct_an_earlier_deal(table_client, table):
    fill_sheet(table)

    response = edit(table_client, table, 2, fft_example.POSTS[1])

    assert response.status_code == 403
    assert "Seule la dernière donne peut être modifiée par la table" in response.content.decode()


def test_the_table_deletes_its_last_deal(table_client, table):
    fill_sheet(table)

    response = table_client.post(f"/tables/{table.pk}/donnes/5/supprimer/", {"version": 1})

    assert response.status_code == 302
    assert list(table.deals.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_the_table_may_not_delete_an_earlier_deal(table_client, table):
    fill_sheet(table)

    response = table_client.post(f"/tables/{table.pk}/donnes/3/supprimer/", {"version": 1})

    assert response.status_code == 403
    assert table.deals.count() == 5


def test_the_table_may_not_change_a_signed_sheet(table_client, table):
    fill_and_lock(table)

    assert edit(table_client, table, 5, fft_example.POSTS[4]).status_code == 423
    response = table_client.post(f"/tables/{table.pk}/donnes/5/supprimer/", {"version": 1})
    assert response.status_code == 423
    assert table.deals.count() == 5


def test_the_arbitre_corrects_any_deal_of_a_signed_sheet(arbitre_client, table):
    fill_and_lock(table)

    response = edit(
        arbitre_client,
        table,
        2,
        {**fft_example.POSTS[1], "points": "40", "reason": "Points recomptés à la table"},
    )

    assert response.status_code == 302
    assert Deal.objects.get(table=table, number=2).marque_ouest == -3 * (26 * 4 + 40)


def test_the_arbitre_deletes_any_deal(arbitre_client, table):
    fill_sheet(table)

    response = arbitre_client.post(f"/tables/{table.pk}/donnes/2/supprimer/", {"version": 1})

    assert response.status_code == 302
    assert list(table.deals.values_list("number", flat=True)) == [1, 3, 4, 5]


def test_correcting_a_missing_deal_is_refused(table):
    with pytest.raises(Refused) as refused:
        correct_deal(table=table, number=3, version=1, result=None, by=Actor.table_device())

    assert refused.value.code == "missing"


def test_deleting_without_the_version_seen_is_refused_as_stale(table):
    fill_sheet(table)

    with pytest.raises(Refused) as refused:
        delete_deal(table=table, number=5, version=None, by=Actor.table_device())

    assert refused.value.code == "stale"


def test_the_edit_page_renders_as_a_fragment_for_htmx(table_client, table):
    fill_sheet(table)

    response = table_client.get(f"/tables/{table.pk}/donnes/5/", **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "Corriger la donne 5" in html


def test_a_deletion_through_htmx_sends_back_to_the_sheet(table_client, table):
    fill_sheet(table)

    response = table_client.post(f"/tables/{table.pk}/donnes/5/supprimer/", {"version": 1}, **HTMX)

    assert response["HX-Redirect"] == f"/tables/{table.pk}/"
    assert table.deals.count() == 4


def test_a_refused_correction_through_htmx_scrolls_to_its_message(table_client, table):
    fill_sheet(table)

    response = edit(table_client, table, 5, {**fft_example.POSTS[4], "points": "99"}, **HTMX)

    assert response.status_code == 200
    assert response["HX-Reswap"] == "innerHTML show:.errorlist:top"
    assert "entre 0 et 91" in response.content.decode()
