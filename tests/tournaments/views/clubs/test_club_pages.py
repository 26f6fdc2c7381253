"""The club's pages: its public page, the club for its arbitres (its arbitres, its journal),
creating a club; refusals in French with what was typed kept."""

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


def test_creating_a_club_makes_the_account_its_arbitre(arbitre_client, arbitre):
    response = arbitre_client.post(
        "/arbitre/clubs/nouveau/", {"name": "Les Excuses", "town": "Villeurbanne"}
    )

    club = arbitre.clubs.get(name="Les Excuses")
    assert response.status_code == 302
    assert response.url == f"/arbitre/clubs/{club.pk}/"


def test_a_club_without_a_name_is_refused_in_french_keeping_the_town(arbitre_client, arbitre):
    response = arbitre_client.post("/arbitre/clubs/nouveau/", {"name": "   ", "town": "Lyon"})

    page = response.content.decode()
    assert response.status_code == 200
    assert "Ce champ est obligatoire." in page
    assert 'value="Lyon"' in page
    assert arbitre.clubs.count() == 0


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


def test_removing_the_last_arbitre_is_refused_in_french(arbitre_client, club, arbitre):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/arbitres/{arbitre.pk}/retirer/", follow=True
    )

    assert "dernier arbitre du club" in response.content.decode()
    assert list(club.arbitres.all()) == [arbitre]


def test_the_club_journal_shows_who_changed_the_club(arbitre_client, club):
    arbitre_client.post(f"/arbitre/clubs/{club.pk}/", {"name": "Tarot Club Lyonnais", "town": ""})

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/journal/").content.decode()

    assert "Club modifié" in page
    assert "Arbitre : Anne Arbitre" in page
    assert "Tarot Club Lyonnais" in page


def test_the_arbitre_home_lists_their_clubs(arbitre_client, club):
    page = arbitre_client.get("/arbitre/").content.decode()

    assert f"/arbitre/clubs/{club.pk}/" in page


def test_a_tournaments_public_page_links_to_its_club(client, arbitre, club):
    tournament = club_tournament(arbitre)

    page = client.get(f"/tournois/{tournament.pk}/").content.decode()

    assert f'href="/clubs/{club.pk}/"' in page
