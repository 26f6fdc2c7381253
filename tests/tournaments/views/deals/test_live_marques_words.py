"""The live marques: they say what is missing, each message is shown once, and a half point
says which camp it went to."""

import re

from tests import fft_example
from tests.at_the_table import grant, post_deal

HTMX = {"HTTP_HX_REQUEST": "true"}


def preview(client, table, fields) -> str:
    response = client.post(f"/tables/{table.pk}/apercu/", {"number": 1, **fields}, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_with_the_contract_chosen_the_live_marques_ask_for_the_taker(table_client, table):
    html = preview(table_client, table, {"contract": "garde"})

    assert "Choisissez le preneur." in html
    assert "le preneur et le contrat" not in html


def test_with_the_taker_chosen_the_live_marques_ask_for_the_contract(table_client, table):
    html = preview(table_client, table, {"taker": "N"})

    assert "Choisissez le contrat." in html
    assert "Choisissez le preneur" not in html


def test_with_nothing_chosen_the_live_marques_ask_for_both(table_client, table):
    assert "Choisissez le preneur et le contrat." in preview(table_client, table, {})


def test_a_refused_save_shows_its_message_once(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "points": "95"})

    html = response.content.decode()
    assert response.status_code == 422
    assert html.count("doivent être compris entre 0 et 91") == 1
    # The live marques do not compute themselves again on load: they would repeat it.
    trigger = re.search(r'hx-trigger="([^"]*)"', html[html.index('id="preview"') :]).group(1)
    assert "load" not in trigger


def test_the_live_marques_take_over_the_messages_of_the_last_save(table_client, table):
    html = preview(table_client, table, {**fft_example.POSTS[0], "points": "96"})

    assert html.count("doivent être compris entre 0 et 91") == 1
    assert '<div id="errors-points" class="field-errors" hx-swap-oob="true"></div>' in html
    assert 'id="errors-partner"' not in html  # no partner at a table of 4


def test_each_field_message_sits_in_the_slot_the_live_marques_empty(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "points": "95"})

    html = response.content.decode()
    slot = html[html.index('<div id="errors-points"') :]
    assert slot.index("compris entre 0 et 91") < slot.index("</div>")


def test_a_half_point_lost_says_it_went_to_the_defence(client, table_of_three):
    grant(client, table_of_three)
    fields = {"taker": "N", "contract": "garde", "bouts": "2", "points": "40,5"}

    html = preview(client, table_of_three, fields)

    assert "l&#x27;attaque en compte 40,5." in html
    assert (
        "Le demi-point revient au camp gagnant, ici la défense : l&#x27;attaque compte donc 40."
        in html
    )
    assert "Contrat chuté de 1." in html


def test_a_half_point_won_says_it_went_to_the_attack(client, table_of_three):
    grant(client, table_of_three)
    fields = {"taker": "N", "contract": "garde", "bouts": "2", "points": "41,5"}

    html = preview(client, table_of_three, fields)

    assert "ici l&#x27;attaque : l&#x27;attaque compte donc 42." in html
    assert "Contrat gagné de 1." in html


def test_whole_points_say_nothing_of_a_half_point(table_client, table):
    html = preview(table_client, table, fft_example.POSTS[0])

    assert "demi-point" not in html
