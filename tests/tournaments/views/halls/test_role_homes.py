"""Each member of the team sees their own home: an arbitre de salle their hall's room, a
pointeur the check-in; neither is offered what only a club's arbitre does."""

import pytest

from tournaments.models import Registration

pytestmark = pytest.mark.django_db

CLUB_ARBITRE_ONLY = ("Créer un club", "Créer un tournoi", "Mes clubs", "Mon club", "Mes tournois")


@pytest.fixture
def hall_arbitre_client(client, hall_arbitre):
    client.force_login(hall_arbitre)
    return client


@pytest.fixture
def pointeur_client(client, pointeur):
    client.force_login(pointeur)
    return client


def test_the_arbitre_de_salle_home_opens_their_hall_room(hall_arbitre_client, event):
    page = hall_arbitre_client.get("/arbitre/").text

    room = f"/arbitre/tournois/{event['tournament'].pk}/positions/1/salles/1/"
    assert f'href="{room}"' in page
    assert "Salle A · position 1" in page
    assert "Mon rôle" in page


def test_the_arbitre_de_salle_home_offers_nothing_of_a_club(hall_arbitre_client):
    page = hall_arbitre_client.get("/arbitre/").text

    assert [words for words in CLUB_ARBITRE_ONLY if words in page] == []


def test_the_pointeur_home_opens_the_checkin_with_its_count(pointeur_client, event):
    Registration.objects.filter(pk=event["registrations"][0].pk).update(checked_in=False)

    page = pointeur_client.get("/arbitre/").text

    assert f'href="/arbitre/tournois/{event["tournament"].pk}/pointage/"' in page
    assert "Inscrits : 16 · présents : 15" in page


def test_the_pointeur_home_offers_nothing_of_a_club(pointeur_client):
    page = pointeur_client.get("/arbitre/").text

    assert [words for words in CLUB_ARBITRE_ONLY if words in page] == []


@pytest.mark.usefixtures("hall_arbitre")
def test_the_club_arbitre_home_keeps_their_clubs_and_tournaments(arbitre_client):
    page = arbitre_client.get("/arbitre/").text

    assert "Créer un tournoi" in page
    assert "Mon club" in page
    assert "Mes rôles" not in page


def test_an_account_without_club_nor_role_may_create_its_first(client, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="nouveau", password="x"))

    page = client.get("/arbitre/").text

    assert "Créer un tournoi" in page
    assert "Créer un club" in page
