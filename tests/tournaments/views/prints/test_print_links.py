"""Every page where the arbitre prints something links to its PDF (full page and htmx)."""

import pytest

from tests.htmx import HTMX


@pytest.fixture
def base(table):
    return f"/arbitre/tournois/{table.position.tournament.pk}"


def test_the_dashboard_links_the_prints_of_each_seated_position(arbitre_client, base):
    html = arbitre_client.get(f"{base}/").content.decode()

    assert f'href="{base}/positions/1/feuilles.pdf"' in html
    assert f'href="{base}/positions/1/plan.pdf"' in html
    assert f'href="{base}/cartes.pdf"' in html
    assert f'href="{base}/positions/2/plan.pdf"' not in html  # not seated yet


@pytest.mark.parametrize("headers", [{}, HTMX])
def test_the_placement_links_the_plan_sheets_and_cards(arbitre_client, base, headers):
    html = arbitre_client.get(f"{base}/positions/1/placement/", headers=headers).content.decode()

    assert f'href="{base}/positions/1/plan.pdf"' in html
    assert f'href="{base}/positions/1/feuilles.pdf"' in html
    assert f'href="{base}/cartes.pdf"' in html


def test_the_room_links_the_sheets_and_plan(arbitre_client, base):
    # In the room's header: the part htmx refreshes every 20 s holds the tables and calls only.
    html = arbitre_client.get(f"{base}/positions/1/salle/").content.decode()

    assert f'href="{base}/positions/1/feuilles.pdf"' in html
    assert f'href="{base}/positions/1/plan.pdf"' in html


@pytest.mark.parametrize("as_arbitre", [True, False])
def test_the_sheet_page_links_its_pdf(client, arbitre, table, as_arbitre):
    if as_arbitre:
        client.force_login(arbitre)

    html = client.get(f"/tables/{table.pk}/").content.decode()

    assert f'href="/tables/{table.pk}/feuille.pdf"' in html
