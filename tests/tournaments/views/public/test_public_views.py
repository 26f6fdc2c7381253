"""The pages anyone can open: the list of tournaments, a tournament, the arbitre's login."""

import datetime
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from tests.factories import club_of
from tournaments.models import Tournament


@pytest.fixture
def hidden_tournament(other_arbitre):
    return Tournament.objects.create(
        name="Tournoi en préparation",
        date=datetime.date(2026, 12, 5),
        arbitre=other_arbitre,
        club=club_of(other_arbitre),
    )


@pytest.mark.usefixtures("tournament")
def test_home_lists_published_tournaments(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Tournoi du club" in response.content.decode()


@pytest.mark.usefixtures("hidden_tournament")
def test_home_hides_unpublished_tournaments_from_the_public(client):
    response = client.get("/")

    assert "Tournoi en préparation" not in response.content.decode()


def test_home_shows_the_arbitre_their_unpublished_tournaments(client, hidden_tournament):
    client.force_login(hidden_tournament.arbitre)

    response = client.get("/")

    assert "Tournoi en préparation" in response.content.decode()


@pytest.mark.usefixtures("db")
def test_home_loads_htmx_from_django_htmx(client):
    response = client.get("/")

    assert "/static/django_htmx/htmx-2.min.js" in response.content.decode()


@pytest.mark.usefixtures("registrations")
def test_tournament_page_lists_its_participants(client, tournament):
    response = client.get(f"/tournois/{tournament.pk}/")

    assert response.status_code == 200
    assert "JOUEUR8" in response.content.decode()


def test_unpublished_tournament_is_not_found_by_the_public(client, hidden_tournament):
    response = client.get(f"/tournois/{hidden_tournament.pk}/")

    assert response.status_code == 404


@pytest.mark.usefixtures("db")
def test_login_page_renders_in_french(client):
    response = client.get("/connexion/")

    assert response.status_code == 200
    assert "Connexion arbitre" in response.content.decode()


@pytest.mark.usefixtures("arbitre")
def test_login_with_a_wrong_password_says_so_and_keeps_the_username(client):
    response = client.post("/connexion/", {"username": "arbitre", "password": "faux"})

    content = response.content.decode()
    assert response.status_code == 200
    assert "Saisissez un nom d’utilisateur et un mot de passe valides" in content
    assert 'value="arbitre"' in content


def test_login_lets_the_arbitre_in(client, arbitre):
    response = client.post(
        "/connexion/", {"username": "arbitre", "password": "mot-de-passe-arbitre"}
    )

    assert response.status_code == 302
    assert client.get("/").context["user"] == arbitre


@pytest.mark.usefixtures("db")
def test_the_favicon_is_served_at_the_address_browsers_ask(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert b"".join(response.streaming_content)[:4] == b"\x00\x00\x01\x00"  # an ICO file


@pytest.mark.usefixtures("db")
def test_pages_link_the_svg_favicon_of_the_static_files(client):
    page = client.get("/").content.decode()
    icon = Path(finders.find("favicon.svg"))

    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    assert icon.read_text(encoding="utf-8").startswith("<svg")
