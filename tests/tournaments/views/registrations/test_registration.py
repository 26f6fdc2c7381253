"""Registering players one at a time: search the known ones, never enter anyone twice."""

import pytest
from django.contrib.messages import get_messages

from clubs.models import Player
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_player
from tests.htmx import HTMX
from tests.refusals import refusal_the_second_time
from tournaments.choices import Formula
from tournaments.models import Registration, Team
from tournaments.selectors.registrations import search_players, search_registered
from tournaments.services.registrations import register_player


@pytest.fixture
def known_player(tournament):
    """Jean Dupont, a member of the tournament's club."""
    return club_player(
        tournament.club,
        last_name="Dupont",
        first_name="Jean",
        licence="0123456",
        club="Tarot Club Lyonnais",
    )


def players_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/joueurs/"


@pytest.mark.usefixtures("registrations")
def test_a_new_player_gets_the_next_participant_number(tournament):
    registration = register_player(
        tournament=tournament, last_name="Neuf", first_name="Léa", by=TESTS
    )

    assert registration.number == 9
    assert registration.player.last_name == "Neuf"


def test_a_known_licence_registers_the_same_player_not_a_second_one(tournament, known_player):
    registration = register_player(
        tournament=tournament, last_name="DUPONT", first_name="Jean", licence="0123456", by=TESTS
    )

    assert registration.player == known_player
    assert Player.objects.count() == 1


@pytest.mark.usefixtures("known_player")
def test_a_licence_held_by_someone_else_is_refused(tournament):
    with pytest.raises(Refused) as refused:
        register_player(
            tournament=tournament,
            last_name="Martin",
            first_name="Claire",
            licence="0123456",
            by=TESTS,
        )

    assert refused.value.field == "licence"
    assert "DUPONT Jean" in refused.value.message


def test_a_player_cannot_be_registered_twice(tournament, known_player):
    refused = refusal_the_second_time(
        register_player, tournament=tournament, player=known_player, by=TESTS
    )

    assert refused.code == "already_registered"


@pytest.mark.usefixtures("registrations")
def test_a_taken_participant_number_is_refused(tournament):
    with pytest.raises(Refused) as refused:
        register_player(
            tournament=tournament, last_name="Neuf", first_name="Léa", number=3, by=TESTS
        )

    assert refused.value.field == "number"


@pytest.mark.usefixtures("registrations")
def test_search_finds_known_players_by_name_or_licence_but_not_those_registered(
    tournament, known_player
):
    assert search_players(tournament=tournament, query="dup") == [known_player]
    assert search_players(tournament=tournament, query="01234") == [known_player]
    assert search_players(tournament=tournament, query="jean dupont") == [known_player]
    assert search_players(tournament=tournament, query="Joueur1") == []


@pytest.mark.usefixtures("registrations")
def test_players_page_renders_as_a_full_page(arbitre_client, tournament):
    response = arbitre_client.get(players_url(tournament))

    assert response.status_code == 200
    assert "<html" in response.content.decode()
    assert "JOUEUR8" in response.content.decode()


@pytest.mark.usefixtures("known_player")
def test_search_under_htmx_returns_only_the_results(arbitre_client, tournament):
    response = arbitre_client.get(
        players_url(tournament) + "?q=dup", headers={**HTMX, "HX-Target": "search-results"}
    )

    page = response.content.decode()
    assert page.lstrip().startswith('<div id="search-results"')
    assert "DUPONT Jean" in page


@pytest.mark.usefixtures("known_player")
def test_search_without_javascript_shows_the_results_in_the_page(arbitre_client, tournament):
    page = arbitre_client.get(players_url(tournament) + "?q=dup").content.decode()

    assert "<html" in page
    assert "DUPONT Jean" in page


@pytest.mark.usefixtures("registrations")
def test_searching_the_licence_of_a_participant_names_their_number(arbitre_client, tournament):
    page = arbitre_client.get(
        players_url(tournament) + "?q=L00003", headers={**HTMX, "HX-Target": "search-results"}
    ).content.decode()

    assert (
        "<strong>JOUEUR3 Prénom</strong> figure déjà parmi les participants, sous le n° 3." in page
    )
    assert "Aucun joueur connu" not in page


def test_searching_a_participant_by_name_without_accents_names_their_number(
    tournament, registrations
):
    registrations[4].player.last_name = "Séguin"
    registrations[4].player.save()

    assert search_registered(tournament=tournament, query="seguin") == [registrations[4]]


@pytest.mark.usefixtures("registrations")
def test_a_search_of_nobody_known_says_so(arbitre_client, tournament):
    page = arbitre_client.get(
        players_url(tournament) + "?q=Inconnu", headers={**HTMX, "HX-Target": "search-results"}
    ).content.decode()

    assert "Aucun joueur connu pour « Inconnu » : saisissez-le ci-dessous." in page
    assert "figure déjà" not in page


def test_a_player_registered_twice_is_refused_with_words_for_anyone(tournament, known_player):
    refused = refusal_the_second_time(
        register_player, tournament=tournament, player=known_player, by=TESTS
    )

    assert refused.message == "DUPONT Jean figure déjà parmi les participants de ce tournoi."


def test_registering_a_new_player_redirects_back_to_the_list(arbitre_client, tournament):
    response = arbitre_client.post(
        players_url(tournament),
        {"last_name": "Neuf", "first_name": "Léa", "licence": "0999999", "club": "TCL"},
    )

    assert response.status_code == 302
    assert Registration.objects.get(tournament=tournament).player.licence == "0999999"


def test_registering_under_htmx_returns_the_fragment_with_the_new_player(
    arbitre_client, tournament
):
    response = arbitre_client.post(
        players_url(tournament), {"last_name": "Neuf", "first_name": "Léa"}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="registration"')
    assert "Inscription enregistrée : NEUF Léa, n° 1." in page


def test_registering_a_known_player_from_the_search(arbitre_client, tournament, known_player):
    arbitre_client.post(players_url(tournament), {"player": known_player.pk}, headers=HTMX)

    assert tournament.registrations.get().player == known_player


def test_a_missing_name_is_a_french_message_with_the_values_kept(arbitre_client, tournament):
    response = arbitre_client.post(
        players_url(tournament), {"first_name": "Léa", "licence": "0999999"}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Le nom est obligatoire." in page
    assert 'value="0999999"' in page
    assert not Registration.objects.exists()


@pytest.mark.usefixtures("known_player")
def test_a_licence_of_someone_else_is_shown_on_the_licence_field(arbitre_client, tournament):
    response = arbitre_client.post(
        players_url(tournament),
        {"last_name": "Martin", "first_name": "Claire", "licence": "0123456"},
    )

    assert response.status_code == 200
    assert "est déjà celui de DUPONT Jean" in response.content.decode()


def test_a_player_never_seated_can_be_unregistered(arbitre_client, tournament, registrations):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/joueurs/{registrations[0].pk}/desinscrire/"
    )

    assert response.status_code == 302
    assert tournament.registrations.count() == 7
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    assert messages == ["Inscription retirée : JOUEUR1 Prénom."]


@pytest.mark.usefixtures("table")
def test_a_player_already_seated_cannot_be_unregistered(arbitre_client, tournament, registrations):
    arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/joueurs/{registrations[0].pk}/desinscrire/"
    )

    assert tournament.registrations.count() == 8


def test_a_team_tournament_registers_a_player_in_a_team(arbitre_client, tournament):
    tournament.formula = Formula.DUO
    tournament.save()
    team = Team.objects.create(tournament=tournament, name="Les As")

    arbitre_client.post(
        players_url(tournament), {"last_name": "Neuf", "first_name": "Léa", "team": team.pk}
    )

    assert tournament.registrations.get().team == team


def edit_url(tournament, registration):
    return f"/arbitre/tournois/{tournament.pk}/joueurs/{registration.pk}/modifier/"


def test_edit_page_shows_the_participants_details(arbitre_client, tournament, registrations):
    response = arbitre_client.get(edit_url(tournament, registrations[0]))

    assert response.status_code == 200
    assert 'value="L00001"' in response.content.decode()


def test_correcting_a_name_and_number(arbitre_client, tournament, registrations):
    response = arbitre_client.post(
        edit_url(tournament, registrations[0]),
        {"last_name": "Dupond", "first_name": "Jean", "licence": "L00001", "number": "20"},
    )

    registrations[0].refresh_from_db()
    assert response.status_code == 302
    assert registrations[0].number == 20
    assert registrations[0].player.last_name == "Dupond"


def test_correcting_to_a_taken_number_is_a_form_error_under_htmx(
    arbitre_client, tournament, registrations
):
    response = arbitre_client.post(
        edit_url(tournament, registrations[0]),
        {"last_name": "Dupond", "first_name": "Jean", "licence": "L00001", "number": "2"},
        headers=HTMX,
    )

    page = response.content.decode()
    assert page.lstrip().startswith('<form id="player-form"')
    assert "Le n° de participant 2 est déjà pris." in page
    assert 'value="Dupond"' in page


def test_correcting_to_a_licence_of_someone_else_is_refused(
    arbitre_client, tournament, registrations
):
    response = arbitre_client.post(
        edit_url(tournament, registrations[0]),
        {"last_name": "Joueur1", "first_name": "Prénom", "licence": "L00002", "number": "1"},
    )

    assert "est déjà celui de JOUEUR2 Prénom" in response.content.decode()


def test_a_finished_tournament_registers_no_one(tournament):
    tournament.status = tournament.Status.FINISHED
    tournament.save(update_fields=["status"])

    with pytest.raises(Refused) as refused:
        register_player(tournament=tournament, last_name="Tard", first_name="Léa", by=TESTS)

    assert refused.value.code == "finished"
    assert not tournament.registrations.exists()
