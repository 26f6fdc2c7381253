"""The club's two pages composed in seasons/views/clubs.py: the public page (its published
evenings and its seasons), the arbitre's (its arbitres, an arbitre added from there, its
seasons); refusals in French with what was typed kept."""

import datetime

from common.actors import Actor
from seasons.services.seasons import create_season
from tests.factories import club_tournament
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


def test_the_clubs_journal_names_a_seasons_fields_in_french(arbitre_client, club, arbitre):
    create_season(
        club=club,
        name="Challenge",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2026, 11, 30),
        method="cumul",
        by=Actor.arbitre(arbitre),
    )

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/journal/").content.decode()

    assert "Méthode de classement" in page
    assert "Cumul" in page
    assert "Method" not in page
