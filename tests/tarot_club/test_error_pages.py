"""The error pages speak French: a page not found, a page refused, an expired form."""

from django.test import Client

from tests import fft_example
from tests.at_the_table import post_deal


def test_a_page_not_found_says_so_in_french(client, db):  # noqa: ARG001 - db: the session
    response = client.get("/tables/999999/")

    html = response.content.decode()
    assert response.status_code == 404
    assert "Page introuvable" in html
    assert "Not Found" not in html


def test_a_refusal_gives_the_views_reason(client, table):
    response = post_deal(client, table, 1, fft_example.POSTS[0])

    html = response.content.decode()
    assert response.status_code == 403
    assert "Saisissez d&#x27;abord le code de la table." in html
    assert "Forbidden" not in html


def test_an_expired_form_is_explained_in_french(table):
    browser = Client(enforce_csrf_checks=True)

    response = post_deal(browser, table, 1, fft_example.POSTS[0])

    html = response.content.decode()
    assert response.status_code == 403
    assert "Page expirée" in html
    assert "rien n'a été enregistré" in html
