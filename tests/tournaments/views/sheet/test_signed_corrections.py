"""A signed sheet: the message of its signature, corrections by the arbitre after it (with a
reason, withdrawing the confirmations of the players whose marque changed), its reopening
(confirmed first, without script), and all of it in the sheet's history."""

from zoneinfo import ZoneInfo

import pytest
from django.db import IntegrityError
from django.utils import timezone

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tests.at_the_table import PRISE_BY_NORD, TESTS, fill_sheet
from tournaments.deal_scoring import DealResult
from tournaments.models import Deal, SheetEvent
from tournaments.services.deals import correct_deal, delete_deal
from tournaments.services.sheets import confirm_bilan

PARIS = ZoneInfo("Europe/Paris")
# Deal 1 of the FFT example taken by Nord instead of Est: Nord and Est swap their marques,
# Sud and Ouest keep theirs (−106).
DEAL_1_BY_NORD = {**fft_example.POSTS[0], "taker": "N"}


def sign(table, places="NESO"):
    for place in places:
        confirm_bilan(table=table, place=place, by=TESTS)
    table.refresh_from_db()


@pytest.fixture
def signed_table(table):
    fill_sheet(table)
    sign(table)
    return table


def edit(client, table, number, fields, version=1):
    return client.post(
        f"/tables/{table.pk}/donnes/{number}/", {"number": number, "version": version, **fields}
    )


def confirmed_places(table) -> set[str]:
    return set(table.seats.filter(confirmed_at__isnull=False).values_list("place", flat=True))


# --- The signature's message --------------------------------------------------------------


def test_the_last_confirmation_says_when_and_by_how_many_players(table_client, table):
    fill_sheet(table)
    sign(table, "NES")

    response = table_client.post(f"/tables/{table.pk}/signature/", {"place": "O"}, follow=True)

    table.refresh_from_db()
    when = table.locked_at.astimezone(PARIS).strftime("%H:%M")
    assert f"Feuille signée à {when} par les 4 joueurs." in response.content.decode()


def test_a_table_of_three_is_signed_by_the_three_players(client, table_of_three):
    fill_sheet(table_of_three, [PRISE_BY_NORD] * 5)
    sign(table_of_three, "NE")
    client.post(f"/tables/{table_of_three.pk}/acces/", {"code": table_of_three.code})

    response = client.post(f"/tables/{table_of_three.pk}/signature/", {"place": "S"}, follow=True)

    table_of_three.refresh_from_db()
    when = table_of_three.locked_at.astimezone(PARIS).strftime("%H:%M")
    assert f"Feuille signée à {when} par les 3 joueurs." in response.content.decode()


# --- Corrections after the signature ------------------------------------------------------


def test_a_correction_of_a_signed_sheet_without_a_reason_is_refused(arbitre_client, signed_table):
    response = edit(arbitre_client, signed_table, 1, {**DEAL_1_BY_NORD, "reason": "  "})

    html = response.content.decode()
    assert response.status_code == 422
    assert "indiquez le motif de la correction" in html
    assert Deal.objects.get(table=signed_table, number=1).taker == "E"
    assert confirmed_places(signed_table) == set("NESO")


def test_the_edit_page_of_a_signed_sheet_asks_the_arbitre_for_a_reason(
    arbitre_client, signed_table
):
    html = arbitre_client.get(f"/tables/{signed_table.pk}/donnes/1/").content.decode()

    assert 'name="reason"' in html
    assert "Motif de la correction" in html


def test_a_correction_withdraws_only_the_confirmations_whose_marque_changed(
    arbitre_client, signed_table
):
    response = edit(
        arbitre_client, signed_table, 1, {**DEAL_1_BY_NORD, "reason": "Preneur mal noté"}
    )

    signed_table.refresh_from_db()
    assert response.status_code == 302
    assert confirmed_places(signed_table) == {"S", "O"}
    assert signed_table.locked_at is None
    assert signed_table.correction_reason == "Preneur mal noté"


def test_the_sheet_says_it_was_corrected_after_signature(arbitre_client, signed_table):
    edit(arbitre_client, signed_table, 1, {**DEAL_1_BY_NORD, "reason": "Preneur mal noté"})

    html = arbitre_client.get(f"/tables/{signed_table.pk}/").content.decode()

    assert "Feuille corrigée par l'arbitre après signature" in html
    assert "Motif : Preneur mal noté" in html
    assert "bilan à confirmer de nouveau : Prénom Joueur1, Prénom Joueur2." in html
    assert "feuille signée</span>" not in html


def test_the_players_whose_marque_changed_sign_the_corrected_sheet_again(
    arbitre_client, signed_table
):
    edit(arbitre_client, signed_table, 1, {**DEAL_1_BY_NORD, "reason": "Preneur mal noté"})

    sign(signed_table, "NE")

    assert signed_table.locked_at is not None


def test_a_correction_that_changes_no_marque_keeps_the_sheet_signed(signed_table, arbitre):
    # The poignée of deal 1 shown by Sud rather than Est: it goes to the winning camp anyway.
    result = DealResult(
        taker="E", contract="garde", bouts=2, points=49, petit_au_bout="attack",
        poignees={"S": "simple"},
    )  # fmt: skip

    correct_deal(
        table=signed_table, number=1, version=1, result=result,
        by=Actor.arbitre(arbitre), reason="Poignée montrée par Sud",
    )  # fmt: skip

    signed_table.refresh_from_db()
    assert signed_table.locked_at is not None
    assert confirmed_places(signed_table) == set("NESO")
    assert signed_table.corrected_at is not None


def test_deleting_a_deal_of_a_signed_sheet_needs_a_reason(signed_table, arbitre):
    with pytest.raises(Refused) as refused:
        delete_deal(table=signed_table, number=5, version=1, by=Actor.arbitre(arbitre))

    assert refused.value.field == "reason"
    assert signed_table.deals.count() == 5


def test_deleting_a_deal_of_a_signed_sheet_withdraws_every_confirmation(signed_table, arbitre):
    delete_deal(
        table=signed_table, number=5, version=1, by=Actor.arbitre(arbitre),
        reason="Donne jouée deux fois",
    )  # fmt: skip

    signed_table.refresh_from_db()
    assert confirmed_places(signed_table) == set()
    assert signed_table.locked_at is None


def test_the_database_refuses_a_correction_event_without_a_reason(table):
    with pytest.raises(IntegrityError):
        SheetEvent.objects.create(
            table=table, kind=SheetEvent.Kind.CORRECTED, at=timezone.now(), actor="Arbitre"
        )


# --- Reopening ----------------------------------------------------------------------------


def test_the_sheet_offers_reopening_as_a_link_to_a_confirmation(arbitre_client, signed_table):
    html = arbitre_client.get(f"/tables/{signed_table.pk}/").content.decode()

    assert f'href="/tables/{signed_table.pk}/reouverture/"' in html
    assert f'action="/tables/{signed_table.pk}/reouverture/"' not in html


def test_reopening_asks_for_confirmation_on_a_page_of_its_own(arbitre_client, signed_table):
    response = arbitre_client.get(f"/tables/{signed_table.pk}/reouverture/")

    html = response.content.decode()
    signed_table.refresh_from_db()
    assert response.status_code == 200
    assert "Rouvrir la feuille de la Table 1 ?" in html
    assert f'method="post" action="/tables/{signed_table.pk}/reouverture/"' in html
    assert "Oui, rouvrir la feuille" in html
    assert signed_table.locked_at is not None


def test_the_confirmation_page_is_the_arbitres(table_client, signed_table):
    assert table_client.get(f"/tables/{signed_table.pk}/reouverture/").status_code == 403


def test_reopening_an_open_sheet_is_refused(arbitre_client, table):
    fill_sheet(table)

    response = arbitre_client.post(f"/tables/{table.pk}/reouverture/", follow=True)

    assert "elle est déjà ouverte" in response.content.decode()
    assert not SheetEvent.objects.filter(kind=SheetEvent.Kind.REOPENED).exists()


# --- The history --------------------------------------------------------------------------


def history(client, table) -> str:
    return client.get(f"/tables/{table.pk}/historique/").content.decode()


def test_the_history_shows_each_confirmation_and_the_signature(arbitre_client, signed_table):
    html = history(arbitre_client, signed_table)

    assert html.count("Bilan confirmé : ") == 4
    assert "Bilan confirmé : Joueur1 P." in html
    assert "Feuille signée" in html


def test_the_history_shows_a_reopening_with_its_reason(arbitre_client, signed_table):
    arbitre_client.post(
        f"/tables/{signed_table.pk}/reouverture/", {"reason": "Erreur de preneur signalée"}
    )

    html = history(arbitre_client, signed_table)

    assert "Feuille rouverte" in html
    assert "Motif : Erreur de preneur signalée" in html
    assert "Arbitre : Anne Arbitre" in html


def test_the_history_shows_a_correction_after_signature(arbitre_client, signed_table):
    edit(arbitre_client, signed_table, 1, {**DEAL_1_BY_NORD, "reason": "Preneur mal noté"})

    html = history(arbitre_client, signed_table)

    assert "Donne 1 — correction de l&#x27;arbitre après signature" in html
    assert "Motif : Preneur mal noté" in html
    assert "Confirmations retirées (leur marque a changé) : Joueur1 P., Joueur2 P." in html


def test_the_newest_event_comes_first_and_the_signature_after_its_last_confirmation(
    arbitre_client, signed_table
):
    html = history(arbitre_client, signed_table)

    assert html.index("Feuille signée") < html.index("Bilan confirmé : Joueur4 P.")
    assert html.index("Bilan confirmé : Joueur4 P.") < html.index("Bilan confirmé : Joueur1 P.")


def test_a_correction_refused_for_its_reason_alone_still_shows_its_marques(
    arbitre_client, signed_table
):
    response = edit(arbitre_client, signed_table, 1, DEAL_1_BY_NORD)

    html = response.content.decode()
    trigger = html[html.index('id="preview"') :]
    assert 'hx-trigger="load, change' in trigger
    assert "une fois corrigé ce qui est signalé" not in html
