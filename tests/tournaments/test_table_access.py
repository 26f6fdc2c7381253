"""A table's code opens its sheet, and only its sheet; guessing is cut off."""

import pytest

from tests import fft_example
from tests.at_the_table import post_deal


def type_code(client, table, code, **extra):
    return client.post(f"/tables/{table.pk}/acces/", {"code": code}, **extra)


def test_the_table_code_opens_the_sheet_for_entry(client, table):
    response = type_code(client, table, table.code)

    assert response.status_code == 302
    assert response["Location"] == f"/tables/{table.pk}/"
    assert "Enregistrer la donne" in client.get(f"/tables/{table.pk}/").content.decode()


def test_the_code_forgives_lower_case_and_spaces(client, table):
    typed = f" {table.code[:3].lower()} {table.code[3:].lower()} "

    assert type_code(client, table, typed).status_code == 302


def test_a_wrong_code_opens_nothing(client, table):
    response = type_code(client, table, "AAAAAA" if table.code != "AAAAAA" else "BBBBBB")

    assert response.status_code == 403
    assert "Ce n&#x27;est pas le code de cette table." in response.content.decode()
    assert post_deal(client, table, 1, fft_example.POSTS[0]).status_code == 403


def test_another_tables_code_opens_nothing(client, table, other_table):
    response = type_code(client, table, other_table.code)

    assert response.status_code == 403
    assert post_deal(client, table, 1, fft_example.POSTS[0]).status_code == 403
    assert post_deal(client, other_table, 1, fft_example.POSTS[0]).status_code == 403


def test_a_code_opens_one_table_of_one_position_only(client, table, later_table):
    type_code(client, table, table.code)

    assert post_deal(client, later_table, 1, fft_example.POSTS[0]).status_code == 403
    assert post_deal(client, table, 1, fft_example.POSTS[0]).status_code == 302


def test_a_session_may_hold_two_tables_it_typed_the_codes_of(client, table, other_table):
    type_code(client, table, table.code)
    type_code(client, other_table, other_table.code)

    assert post_deal(client, table, 1, fft_example.POSTS[0]).status_code == 302
    assert post_deal(client, other_table, 1, fft_example.POSTS[0]).status_code == 302


@pytest.mark.parametrize(
    ("page", "content"),
    [("acces/", 'name="code"'), ("", "Bilan")],
    ids=["the code form", "the sheet"],
)
def test_the_page_renders_as_a_fragment_for_htmx(client, table, page, content):
    response = client.get(f"/tables/{table.pk}/{page}", HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and content in html


def test_the_public_reads_the_sheet_without_any_form(client, table):
    html = client.get(f"/tables/{table.pk}/").content.decode()

    assert "Enregistrer la donne" not in html
    assert table.code not in html
    assert f"/tables/{table.pk}/acces/" in html


def test_the_arbitre_sees_the_code_of_the_table(client, table, arbitre):
    client.force_login(arbitre)

    assert table.code in client.get(f"/tables/{table.pk}/").content.decode()


def test_the_session_key_changes_when_the_code_is_accepted(client, table):
    client.get(f"/tables/{table.pk}/acces/")
    type_code(client, table, "ZZZZZZ")
    before = client.session.session_key

    type_code(client, table, table.code)

    assert client.session.session_key != before


def test_a_qr_code_link_fills_the_code_without_opening_the_sheet(client, table):
    response = client.get(f"/tables/{table.pk}/acces/?code={table.code}")

    assert f'value="{table.code}"' in response.content.decode()
    assert "Enregistrer la donne" not in client.get(f"/tables/{table.pk}/").content.decode()
