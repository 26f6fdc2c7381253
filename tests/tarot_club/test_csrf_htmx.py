"""htmx posts pass Django's CSRF check the way the browser sends them, and fail without it.

A client that enforces CSRF reads the token from the page's ``hx-headers`` (as htmx does) and
sends it as X-CSRFToken; the same post without it is refused.
"""

import re

import pytest
from django.test import Client

from tests import fft_example

HTMX = {"HTTP_HX_REQUEST": "true"}


def page_token(client: Client, url: str) -> str:
    html = client.get(url).content.decode()
    return re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', html).group(1)


@pytest.fixture
def device(table):
    client = Client(enforce_csrf_checks=True)
    url = f"/tables/{table.pk}/acces/"
    html = client.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = client.post(url, {"code": table.code, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    return client


@pytest.fixture
def arbitre_browser(arbitre):
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbitre)
    return client


def sheet_posts(table):
    deal = {"number": 1, **fft_example.POSTS[2]}
    return [
        (f"/tables/{table.pk}/apercu/", deal),
        (f"/tables/{table.pk}/donnes/nouvelle/", deal),
        (f"/tables/{table.pk}/signature/", {"place": "N"}),
    ]


def test_the_tables_htmx_posts_pass_with_the_pages_token(device, table):
    token = page_token(device, f"/tables/{table.pk}/")
    for url, data in sheet_posts(table):
        response = device.post(url, data, HTTP_X_CSRFTOKEN=token, **HTMX)

        assert response.status_code == 200, url


def test_the_tables_htmx_posts_are_refused_without_the_token(device, table):
    for url, data in sheet_posts(table):
        assert device.post(url, data, **HTMX).status_code == 403, url


def arbitre_posts(tournament, registration):
    base = f"/arbitre/tournois/{tournament.pk}"
    return [
        (f"{base}/pointage/{registration.pk}/", {"present": "0"}),
        (f"{base}/joueurs/", {"last_name": "Neuf", "first_name": "Léa"}),
        (f"{base}/positions/1/placement/generer/", {}),
        (f"{base}/modifier/", {"name": "Tournoi du club"}),
    ]


def test_the_arbitres_htmx_posts_pass_with_the_pages_token(
    arbitre_browser, tournament, registrations
):
    token = page_token(arbitre_browser, f"/arbitre/tournois/{tournament.pk}/")
    for url, data in arbitre_posts(tournament, registrations[0]):
        response = arbitre_browser.post(url, data, HTTP_X_CSRFTOKEN=token, **HTMX)

        assert response.status_code != 403, url
        assert response.status_code < 500, url


def test_the_arbitres_htmx_posts_are_refused_without_the_token(
    arbitre_browser, tournament, registrations
):
    for url, data in arbitre_posts(tournament, registrations[0]):
        assert arbitre_browser.post(url, data, **HTMX).status_code == 403, url


def test_the_room_grant_is_refused_without_the_token(arbitre_browser, table):
    position = table.position
    url = (
        f"/arbitre/tournois/{position.tournament_id}/positions/1/salle/tables/{table.pk}/telephone/"
    )

    assert arbitre_browser.post(url).status_code == 403
