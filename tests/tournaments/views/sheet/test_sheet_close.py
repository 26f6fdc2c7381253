"""The arbitre closes a sheet its players have not all signed (a player gone, a table that
cannot finish): with a reason, kept in the sheet's history and the journal; the sheet then
counts as signed when the position closes."""

import pytest

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet, play, prise_by, sign
from tournaments.models import JournalEntry, SheetEvent
from tournaments.services.deals import correct_deal
from tournaments.services.positions import close_position
from tournaments.services.sheets import close_sheet, confirm_bilan


def close(client, table, reason="Un joueur est parti"):
    return client.post(f"/tables/{table.pk}/cloture/", {"reason": reason})


def test_closing_a_sheet_locks_it_with_its_reason_and_the_bilans_unconfirmed(table, arbitre):
    fill_sheet(table)
    confirm_bilan(table=table, place="N", by=TESTS)

    close_sheet(table=table, by=Actor.arbitre(arbitre), reason="  Ouest est parti  ")

    table.refresh_from_db()
    event = table.events.get(kind=SheetEvent.Kind.CLOSED)
    assert table.locked_at is not None
    assert (event.reason, event.places) == ("Ouest est parti", ["E", "S", "O"])
    entry = JournalEntry.objects.get(action="sheet.closed")
    assert (entry.table_number, entry.actor_user) == (1, arbitre)
    assert entry.after == {"closed": True, "reason": "Ouest est parti"}


def test_closing_a_sheet_needs_a_reason_and_leaves_it_open_without_one(table, arbitre):
    play(table, prise_by("N"))

    with pytest.raises(Refused) as refused:
        close_sheet(table=table, by=Actor.arbitre(arbitre), reason=" ")

    table.refresh_from_db()
    assert refused.value.code == "reason_missing"
    assert table.locked_at is None
    assert not JournalEntry.objects.filter(action="sheet.closed").exists()


def test_a_table_cannot_close_its_own_sheet(table):
    play(table, prise_by("N"))

    with pytest.raises(Refused) as refused:
        close_sheet(table=table, by=Actor.table_device(), reason="Fini")

    table.refresh_from_db()
    assert refused.value.code == "not_arbitre"
    assert table.locked_at is None


def test_a_signed_sheet_is_not_closed_again(table, arbitre):
    fill_sheet(table)
    sign(table)

    with pytest.raises(Refused) as refused:
        close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Fini")

    assert refused.value.message == "La feuille est déjà signée."
    assert not table.events.filter(kind=SheetEvent.Kind.CLOSED).exists()


def test_a_closed_sheet_counts_as_signed_when_the_position_closes(table, other_table, arbitre):
    for each in (table, other_table):
        fill_sheet(each)
    sign(other_table)
    close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Nord est parti")

    position = close_position(
        position=table.position, by=Actor.arbitre(arbitre), despite_calls=True
    )

    assert position.closed_at is not None
    assert position.unsigned_at_close == []


def test_a_correction_keeps_a_closed_sheet_closed(table, arbitre):
    fill_sheet(table)
    confirm_bilan(table=table, place="N", by=TESTS)
    close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Ouest est parti")

    correct_deal(
        table=table,
        number=5,
        version=table.deals.get(number=5).version,
        result=prise_by("N"),
        by=Actor.arbitre(arbitre),
        reason="Erreur de preneur",
    )

    table.refresh_from_db()
    assert table.locked_at is not None
    assert table.seats.get(place="N").confirmed_at is None


def test_the_arbitre_closes_a_sheet_from_its_page_and_goes_back_to_the_room(arbitre_client, table):
    fill_sheet(table, fft_example.RESULTS[:3])

    page = arbitre_client.get(f"/tables/{table.pk}/cloture/")
    response = close(arbitre_client, table)

    assert page.status_code == 200
    assert "3 donnes jouées sur 5." in page.content.decode()
    assert response.status_code == 302
    assert response.url == f"/arbitre/tournois/{table.position.tournament_id}/positions/1/salle/"
    sheet = arbitre_client.get(f"/tables/{table.pk}/").content.decode()
    assert "Feuille close par l&#x27;arbitre à" in sheet
    assert "Motif : Un joueur est parti" in sheet
    assert ">feuille close par l'arbitre<" in sheet
    assert ">feuille signée<" not in sheet


def test_a_close_without_reason_is_refused_on_its_page_with_nothing_closed(arbitre_client, table):
    play(table, prise_by("N"))

    response = close(arbitre_client, table, reason="")

    table.refresh_from_db()
    assert response.status_code == 422
    assert "donnez le motif" in response.content.decode()
    assert table.locked_at is None


def test_a_tables_phone_may_not_close_its_sheet(table_client, table):
    play(table, prise_by("N"))

    response = close(table_client, table)

    table.refresh_from_db()
    assert response.status_code == 403
    assert table.locked_at is None


def test_the_room_offers_to_close_the_unsigned_sheets_and_names_those_closed(
    arbitre_client, table, other_table, arbitre
):
    fill_sheet(table)
    close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Nord est parti")
    url = f"/arbitre/tournois/{table.position.tournament_id}/positions/1/salle/"

    page = arbitre_client.get(url).content.decode()

    assert page.count("/cloture/") == 1
    assert f"/tables/{other_table.pk}/cloture/" in page
    assert "close par l&#x27;arbitre" in page


def test_the_sheets_history_says_who_closed_it_and_whose_bilans_were_unconfirmed(
    arbitre_client, table, arbitre
):
    fill_sheet(table)
    for place in "NES":
        confirm_bilan(table=table, place=place, by=TESTS)
    close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Ouest est parti")

    page = arbitre_client.get(f"/tables/{table.pk}/historique/").content.decode()

    assert "Feuille close par l&#x27;arbitre" in page
    assert "Bilans non confirmés à la clôture :" in page
    assert "Ouest est parti" in page
