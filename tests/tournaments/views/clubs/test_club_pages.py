"""The club's pages that show its evenings: its public page, the club for its arbitres (an
arbitre added from there); refusals in French with what was typed kept."""

import pytest

from tests.factories import club_of, club_tournament


@pytest.fixture
def club(arbitre):
    return club_of(arbitre, town="Lyon")


def test_the_public_page_shows_only_the_published_evenings(client, arbitre, club):
    club_tournament(arbitre, name="Soirée du 6 mars")
    club_tournament(arbitre, name="Soirée en préparation", published=False)

    page = client.get(f"/clubs/{club.pk}/").content.decode()

    assert "Soirée du 6 mars" in page
    assert "Soirée en préparation" not in page


def test_the_public_page_of_an_unknown_club_is_not_found(client, db):  # noqa: ARG001
    assert client.get("/clubs/999999/").status_code == 404


def test_an_arbitre_is_added_by_login_from_the_club_page(arbitre_client, club, other_arbitre):
    response = arbitre_client.post(f"/arbitre/clubs/{club.pk}/arbitres/", {"username": "autre"})

    assert response.status_code == 302
    assert other_arbitre in club.arbitres.all()
    assert "autre" in arbitre_client.get(response.url).content.decode()


def test_an_unknown_login_is_refused_keeping_what_was_typed(arbitre_client, club):
    response = arbitre_client.post(f"/arbitre/clubs/{club.pk}/arbitres/", {"username": "inconnu"})

    page = response.content.decode()
    assert response.status_code == 422
    assert "Aucun compte ne porte l&#x27;identifiant « inconnu »." in page
    assert 'value="inconnu"' in page


def test_the_arbitre_home_lists_their_clubs(arbitre_client, club):
    page = arbitre_client.get("/arbitre/").content.decode()

    assert f"/arbitre/clubs/{club.pk}/" in page


def test_a_tournaments_public_page_links_to_its_club(client, arbitre, club):
    tournament = club_tournament(arbitre)

    page = client.get(f"/tournois/{tournament.pk}/").content.decode()

    assert f'href="/clubs/{club.pk}/"' in page
