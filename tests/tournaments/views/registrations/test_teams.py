"""Teams of a DUO or quadrette tournament."""

import pytest

from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.htmx import HTMX
from tournaments.choices import Formula
from tournaments.services.registrations import create_team, set_team


@pytest.fixture
def duo(tournament):
    tournament.formula = Formula.DUO
    tournament.save()
    return tournament


def teams_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/equipes/"


def test_an_individual_tournament_has_no_teams(tournament):
    with pytest.raises(Refused):
        create_team(tournament=tournament, name="Les As", by=TESTS)


def test_a_duo_team_takes_two_players(duo, registrations):
    team = create_team(tournament=duo, name="Les As", members=registrations[:2], by=TESTS)

    assert set(team.registrations.all()) == set(registrations[:2])


def test_a_duo_team_refuses_a_third_player(duo, registrations):
    team = create_team(tournament=duo, name="Les As", members=registrations[:2], by=TESTS)

    with pytest.raises(Refused) as refused:
        set_team(registration=registrations[2], team=team, by=TESTS)

    assert refused.value.code == "team_full"


def test_team_names_are_unique_whatever_the_case(duo):
    create_team(tournament=duo, name="Les As", by=TESTS)

    with pytest.raises(Refused):
        create_team(tournament=duo, name="les as", by=TESTS)


@pytest.mark.usefixtures("registrations")
def test_teams_page_renders_as_a_full_page(arbitre_client, duo):
    response = arbitre_client.get(teams_url(duo))

    assert response.status_code == 200
    assert "8 joueurs sans équipe" in response.content.decode()


def test_creating_a_team_under_htmx_returns_the_fragment(arbitre_client, duo, registrations):
    response = arbitre_client.post(
        teams_url(duo),
        {"name": "Les As", "members": [registrations[0].pk, registrations[1].pk]},
        headers=HTMX,
    )

    page = response.content.decode()
    assert page.lstrip().startswith('<div id="teams"')
    assert "Équipe Les As créée." in page
    assert duo.teams.get().registrations.count() == 2


def test_a_team_of_three_in_a_duo_is_a_form_error(arbitre_client, duo, registrations):
    response = arbitre_client.post(
        teams_url(duo),
        {"name": "Les As", "members": [r.pk for r in registrations[:3]]},
    )

    assert response.status_code == 200
    assert "2 joueurs au plus" in response.content.decode()
    assert not duo.teams.exists()


def test_deleting_a_team_keeps_its_players_registered(arbitre_client, duo, registrations):
    team = create_team(tournament=duo, name="Les As", members=registrations[:2], by=TESTS)

    arbitre_client.post(f"/arbitre/tournois/{duo.pk}/equipes/{team.pk}/supprimer/")

    assert not duo.teams.exists()
    assert duo.registrations.count() == 8


def test_assigning_a_player_to_a_team(arbitre_client, duo, registrations):
    team = create_team(tournament=duo, name="Les As", by=TESTS)

    arbitre_client.post(
        f"/arbitre/tournois/{duo.pk}/joueurs/{registrations[0].pk}/equipe/", {"team": team.pk}
    )

    registrations[0].refresh_from_db()
    assert registrations[0].team == team
