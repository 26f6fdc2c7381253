"""The arbitre's room: every table's progress, signature, zero sum, and the calls to the arbitre."""

import pytest
from django.utils.timezone import localtime

from common.actors import Actor
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet, post_deal
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import record_deal
from tournaments.services.positions import close_position, handle_call
from tournaments.services.sheets import confirm_bilan


def room_html(client, table, **extra) -> str:
    tournament = table.position.tournament
    response = client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/", **extra)
    assert response.status_code == 200
    return response.content.decode()


def test_the_room_shows_each_tables_progress_and_signature(arbitre_client, table, other_table):
    fill_sheet(table)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=TESTS)
    fill_sheet(other_table, fft_example.RESULTS[:2])

    html = room_html(arbitre_client, table)

    assert "5 / 5" in html and "2 / 5" in html
    assert "signée" in html and "en cours" in html
    assert table.code in html and other_table.code in html
    assert f'href="/tables/{table.pk}/"' in html


def test_a_garde_sans_a_garde_contre_and_an_announced_chelem_call_the_arbitre(
    arbitre_client, table, other_table
):
    record_deal(
        table=table, number=1, result=DealResult(taker="N", contract="garde_contre"), by=TESTS
    )
    fill_sheet(other_table, fft_example.RESULTS)

    html = room_html(arbitre_client, table)

    assert "Table 1</strong>, donne 1" in html  # the garde contre, still at the bidding
    assert "Table 2</strong>, donne 2" in html  # the garde sans
    assert "Table 2</strong>, donne 5" in html  # the chelem announced and made
    assert "Table 2</strong>, donne 1" not in html  # a plain garde
    assert "chelem annoncé et réalisé" in html


def test_the_room_refreshes_itself_as_an_htmx_fragment(arbitre_client, table):
    html = room_html(arbitre_client, table, HTTP_HX_REQUEST="true")

    assert "<html" not in html and "Appels à l'arbitre" in html


def test_the_table_is_told_that_the_arbitre_is_called(table_client, table):
    post_deal(table_client, table, 1, {"taker": "E", "contract": "garde_sans"})

    html = table_client.get(f"/tables/{table.pk}/").content.decode()

    assert "Garde sans : l'arbitre est appelé" in html


def test_a_chelem_announced_at_the_bidding_calls_the_arbitre_at_once(
    arbitre_client, table_client, table
):
    post_deal(table_client, table, 1, {"taker": "E", "contract": "garde", "chelem_announced": "on"})

    html = room_html(arbitre_client, table)

    assert "Chelem annoncé</strong> · Garde" in html


def test_a_deal_entered_at_the_bidding_is_shown_in_plain_words(arbitre_client, table_client, table):
    post_deal(table_client, table, 1, {"taker": "S", "contract": "prise"})

    html = room_html(arbitre_client, table)

    assert '<span class="badge warn">contrat annoncé, résultat à venir</span>' in html
    assert "enchères" not in html


def test_a_garde_sans_call_names_its_contract_once(arbitre_client, table_client, table):
    post_deal(table_client, table, 1, {"taker": "E", "contract": "garde_sans"})

    html = room_html(arbitre_client, table)

    assert "Garde sans</strong> · Joueur2" in html
    assert html.count("Garde sans") == 1


def test_the_close_form_lists_the_tables_with_no_deal_and_what_they_will_show(
    arbitre_client, table, other_table
):
    record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=TESTS)

    html = room_html(arbitre_client, table)

    assert "1 table n'a joué aucune donne" in html
    assert f'<a href="#table-{other_table.number}">table 2</a>.</p>' in html
    assert "leurs 4 joueurs auront cette position « non jouée » (« — ») au classement" in html


@pytest.mark.usefixtures("other_table")
def test_the_close_form_links_every_table_not_signed(arbitre_client, table):
    html = room_html(arbitre_client, table)

    assert (
        "2 feuilles ne sont pas encore signées :\n"
        '            <a href="#table-1">table 1</a>, <a href="#table-2">table 2</a>.</p>'
    ) in html


@pytest.mark.usefixtures("other_table")
def test_a_forced_close_names_the_tables_left_unsigned(arbitre_client, arbitre, table):
    close_position(position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Panne")

    html = room_html(arbitre_client, table)

    assert "Feuilles non signées à la clôture : table 1, table 2</span>" in html


def test_the_room_escapes_the_players_names(arbitre_client, table):
    player = table.seats.get(place="N").registration.player
    player.last_name, player.first_name = "<b>Dupont</b>", "&Anne"
    player.save()

    html = room_html(arbitre_client, table)

    assert "&lt;b&gt;Dupont&lt;/b&gt; &amp;." in html
    assert "<b>Dupont</b>" not in html


def test_an_answered_call_says_who_answered_it_and_when(arbitre_client, arbitre, table):
    deal = record_deal(
        table=table, number=1, result=DealResult(taker="N", contract="garde_sans"), by=TESTS
    )
    call = handle_call(deal=deal, by=Actor.arbitre(arbitre))

    html = room_html(arbitre_client, table)

    when = localtime(call.handled_at).strftime("%H:%M")
    assert f"✓ Pris en compte par Anne Arbitre à {when}" in html
    assert f"/donnes/{deal.pk}/appel/" not in html


def test_an_open_position_lets_each_tables_phone_in_and_a_closed_one_does_not(
    arbitre_client, arbitre, table, other_table
):
    grant = f"/positions/1/salle/tables/{table.pk}/telephone/"
    assert grant in room_html(arbitre_client, table)

    close_position(position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Test")

    html = room_html(arbitre_client, table)
    assert "Ouvrir un téléphone" not in html
    assert f'href="/tables/{other_table.pk}/"' in html


def test_a_closed_positions_room_no_longer_waits_on_a_call_never_answered(
    arbitre_client, arbitre, table
):
    deal = record_deal(
        table=table, number=1, result=DealResult(taker="N", contract="garde_sans"), by=TESTS
    )
    close_position(
        position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Fin",
        despite_calls=True,
    )  # fmt: skip

    html = room_html(arbitre_client, table)

    assert "Sans réponse : la position est close." in html
    assert f"/donnes/{deal.pk}/appel/" not in html
    assert 'badge warn">1<' not in html
