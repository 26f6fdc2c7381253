"""The club's pages show its seasons: the public page lists them, the arbitre's offers them."""

from tests.htmx import HTMX


def test_the_clubs_public_page_lists_its_seasons(client, club, season):
    response = client.get(f"/clubs/{club.pk}/")

    page = response.content.decode()
    assert response.status_code == 200
    assert f'href="/saisons/{season.pk}/"' in page
    assert club.name in page


def test_the_clubs_arbitre_page_offers_to_create_and_change_a_season(arbitre_client, club, season):
    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/").content.decode()

    assert f'href="/arbitre/clubs/{club.pk}/saisons/nouvelle/"' in page
    assert f'href="/arbitre/saisons/{season.pk}/"' in page


def test_the_clubs_arbitre_page_under_htmx_is_the_clubs_own(arbitre_client, club, season):
    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/", headers=HTMX)

    assert response.status_code == 200
    assert b"<html" not in response.content
    assert f"/arbitre/saisons/{season.pk}/".encode() not in response.content


def test_another_clubs_arbitre_gets_a_404_on_the_clubs_page(client, other_arbitre, club):
    client.force_login(other_arbitre)

    assert client.get(f"/arbitre/clubs/{club.pk}/").status_code == 404
