"""The club's own pages (clubs.views.clubs): creating a club, an arbitre taken off, its
journal; refusals in French with what was typed kept."""

import pytest

from tests.factories import club_of


@pytest.fixture
def club(arbitre):
    return club_of(arbitre, town="Lyon")


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


def test_removing_an_arbitre_asks_to_confirm_first_and_removes_nobody(
    arbitre_client, club, arbitre, other_arbitre
):
    club.arbitres.add(other_arbitre)

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/").content.decode()
    confirm = arbitre_client.get(f"/arbitre/clubs/{club.pk}/arbitres/{other_arbitre.pk}/retirer/")

    assert f'href="/arbitre/clubs/{club.pk}/arbitres/{other_arbitre.pk}/retirer/"' in page
    assert confirm.status_code == 200
    assert "Retirer" in confirm.content.decode() and other_arbitre.username in (
        confirm.content.decode()
    )
    assert set(club.arbitres.all()) == {arbitre, other_arbitre}


def test_an_arbitre_is_removed_once_confirmed(arbitre_client, club, arbitre, other_arbitre):
    club.arbitres.add(other_arbitre)

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/arbitres/{other_arbitre.pk}/retirer/", follow=True
    )

    assert "n&#x27;est plus arbitre du club" in response.content.decode()
    assert list(club.arbitres.all()) == [arbitre]
