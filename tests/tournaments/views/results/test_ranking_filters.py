"""The ranking of one série or catégorie: ``?serie=`` and ``?categorie=`` on the ranking page
and ``classement.json``, each player's série and catégorie in the JSON."""

import json

import pytest

from clubs.models import Player


@pytest.fixture
def graded(first_position, players):  # noqa: ARG001 - position 1 played
    """Players 1 and 5 (both +87) of the 2e série, player 2 Vermeil of the 3e série."""
    for registration, serie, categorie in (
        (players[0], "2e série", "Senior"),
        (players[4], "2e série", "Vermeil"),
        (players[1], "3e série", "Vermeil"),
    ):
        Player.objects.filter(pk=registration.player_id).update(serie=serie, categorie=categorie)
    return players


def json_of(client, tournament, query=""):
    return json.loads(client.get(f"/tournois/{tournament.pk}/classement.json{query}").content)


@pytest.mark.usefixtures("graded")
def test_classement_json_gives_each_players_serie_and_categorie(client, short_tournament):
    players = json_of(client, short_tournament)["players"]

    by_number = {player["number"]: player for player in players}
    assert (by_number[1]["serie"], by_number[1]["categorie"]) == ("2e série", "Senior")
    assert (by_number[3]["serie"], by_number[3]["categorie"]) == ("", "")
    assert {"rank", "licence", "club", "total", "positions"} <= set(by_number[1])


@pytest.mark.usefixtures("graded")
def test_classement_json_keeps_the_players_of_the_serie_asked_with_their_rank(
    client, short_tournament
):
    players = json_of(client, short_tournament, "?serie=2e%20s%C3%A9rie")["players"]

    assert [(player["number"], player["rank"]) for player in players] == [(1, 1), (5, 1)]


@pytest.mark.usefixtures("graded")
def test_classement_json_keeps_the_players_of_the_categorie_asked(client, short_tournament):
    players = json_of(client, short_tournament, "?categorie=Vermeil")["players"]

    assert [player["number"] for player in players] == [5, 2]


@pytest.mark.usefixtures("graded")
def test_classement_json_of_a_serie_nobody_has_lists_nobody(client, short_tournament):
    document = json_of(client, short_tournament, "?serie=%F0%9F%83%8F%CC%81")

    assert document["players"] == []
    assert document["tournament"]["id"] == short_tournament.pk


@pytest.mark.usefixtures("graded")
def test_classement_json_without_a_filter_lists_everyone(client, short_tournament):
    assert len(json_of(client, short_tournament)["players"]) == 8


@pytest.mark.usefixtures("graded")
def test_the_ranking_page_offers_the_series_and_categories_of_its_players(client, short_tournament):
    page = client.get(f"/tournois/{short_tournament.pk}/classement/").content.decode()

    assert '<label for="filter-serie">Série</label>' in page
    assert "<option>2e série</option>" in page
    assert "<option>Vermeil</option>" in page


@pytest.mark.usefixtures("graded")
def test_the_ranking_page_of_a_categorie_shows_its_players_only(client, short_tournament):
    response = client.get(f"/tournois/{short_tournament.pk}/classement/?categorie=Vermeil")
    page = response.content.decode()

    assert [ranked.registration.number for ranked in response.context["players"]] == [5, 2]
    assert "<option selected>Vermeil</option>" in page
    assert "2 joueurs, avec leur rang au classement de tous" in page


@pytest.mark.usefixtures("graded")
def test_the_ranking_page_shows_a_players_serie_and_categorie(client, short_tournament):
    page = client.get(f"/tournois/{short_tournament.pk}/classement/").content.decode()

    assert "· 2e série · Senior" in page


@pytest.mark.usefixtures("graded")
def test_the_ranking_page_of_an_unknown_serie_says_nobody_is_ranked(client, short_tournament):
    response = client.get(f"/tournois/{short_tournament.pk}/classement/?serie=Inconnue")

    assert response.status_code == 200
    assert "Aucun joueur de cette série ou de cette catégorie" in response.content.decode()
