"""Sign-off: each player confirms their bilan; the last confirmation locks the sheet."""

import pytest
from django.utils import timezone

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet
from tournaments.services.sheets import confirm_bilan, unlock_sheet


def confirm(client, table, place, **extra):
    return client.post(f"/tables/{table.pk}/signature/", {"place": place}, **extra)


def test_the_sign_off_waits_for_every_deal(table_client, table):
    fill_sheet(table, fft_example.RESULTS[:4])

    html = table_client.get(f"/tables/{table.pk}/").content.decode()
    assert "Signature de la feuille" not in html
    response = confirm(table_client, table, "N")

    assert response.status_code == 409
    assert "ne sont pas toutes inscrites (4 sur 5)" in response.content.decode()


def test_each_player_taps_their_name_with_their_bilan(table_client, table):
    fill_sheet(table)

    html = table_client.get(f"/tables/{table.pk}/").content.decode()

    assert "Signature de la feuille" in html
    assert html.count('name="place"') == 4
    assert fft_example.signed(fft_example.BILANS["S"]) in html


def test_the_last_confirmation_locks_the_sheet(table_client, table):
    fill_sheet(table)

    for place in "NES":
        assert confirm(table_client, table, place).status_code == 302
        table.refresh_from_db()
        assert table.locked_at is None
    confirm(table_client, table, "O")

    table.refresh_from_db()
    html = table_client.get(f"/tables/{table.pk}/").content.decode()
    assert table.locked_at is not None
    assert "Feuille signée à" in html
    assert "Enregistrer" not in html


def test_a_confirmation_through_htmx_answers_the_sheet_fragment(table_client, table):
    fill_sheet(table)

    response = confirm(table_client, table, "N", HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert table.seats.get(place="N").confirmed_at is not None


def test_a_corrected_deal_withdraws_the_confirmations_given(table_client, table):
    fill_sheet(table)
    confirm(table_client, table, "N")

    table_client.post(
        f"/tables/{table.pk}/donnes/5/", {"number": 5, "version": 1, **fft_example.POSTS[4]}
    )

    assert table.seats.get(place="N").confirmed_at is None


def test_a_signed_sheet_cannot_be_signed_again(table):
    fill_sheet(table)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=TESTS)

    with pytest.raises(Refused) as refused:
        confirm_bilan(table=table, place="N", by=TESTS)

    assert refused.value.code == "locked"


def test_the_arbitre_reopens_a_signed_sheet(arbitre_client, table):
    fill_sheet(table)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=TESTS)

    response = arbitre_client.post(f"/tables/{table.pk}/reouverture/")

    table.refresh_from_db()
    assert response.status_code == 302
    assert table.locked_at is None
    assert not table.seats.filter(confirmed_at__isnull=False).exists()


def test_a_table_cannot_reopen_its_sheet(table):
    with pytest.raises(Refused):
        unlock_sheet(table=table, by=Actor.table_device())


def test_the_arbitre_reopens_a_sheet_through_htmx(arbitre_client, table):
    fill_sheet(table)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=TESTS)

    response = arbitre_client.post(f"/tables/{table.pk}/reouverture/", HTTP_HX_REQUEST="true")

    assert response["HX-Redirect"] == f"/tables/{table.pk}/"


def test_a_closed_positions_sheet_sends_the_arbitre_to_the_room_not_to_reopen(
    arbitre_client, table
):
    fill_sheet(table)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=TESTS)
    table.position.closed_at = timezone.now()
    table.position.save(update_fields=["closed_at"])

    html = arbitre_client.get(f"/tables/{table.pk}/").content.decode()
    confirm_page = arbitre_client.get(f"/tables/{table.pk}/reouverture/")

    assert "Rouvrir la feuille pour la table" not in html
    room = f"/arbitre/tournois/{table.position.tournament_id}/positions/1/salle/"
    assert f'rouvrez d\'abord la position depuis <a href="{room}">la salle</a>' in html
    assert confirm_page["Location"] == f"/tables/{table.pk}/"
