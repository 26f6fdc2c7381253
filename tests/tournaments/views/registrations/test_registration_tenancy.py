"""The registration form never reveals a player the club may not see: not through the search,
not through a forged id, not through a licence typed in (docs, « Players, clubs and
tenancy »)."""

import pytest

from clubs.models import Member, Player
from tests.at_the_table import TESTS
from tests.factories import club_of, club_tournament
from tournaments.services.registrations import register_player


@pytest.fixture
def hidden(other_arbitre):
    """Sam Secret, licence 9900001, club « Les Cachés »: only in another club's unpublished
    tournament."""
    theirs = club_tournament(other_arbitre, name="Tournoi caché", published=False)
    return register_player(
        tournament=theirs,
        last_name="Secret",
        first_name="Sam",
        licence="9900001",
        club="Les Cachés",
        by=TESTS,
    ).player


@pytest.fixture
def private_member(other_arbitre):
    """A member of another club, in no tournament at all."""
    player = Player.objects.create(last_name="Membre", first_name="Privé", licence="9900002")
    Member.objects.create(club=club_of(other_arbitre), player=player)
    return player


@pytest.fixture
def mine(arbitre):
    return club_tournament(arbitre, name="Ma soirée", published=False)


def players_url(tournament) -> str:
    return f"/arbitre/tournois/{tournament.pk}/joueurs/"


@pytest.mark.parametrize("query", ["Secret", "9900001", "Membre", "9900002"])
@pytest.mark.usefixtures("hidden", "private_member")
def test_the_search_never_offers_another_clubs_hidden_players(arbitre_client, mine, query):
    page = arbitre_client.get(players_url(mine), {"q": query}).content.decode()

    assert "SECRET" not in page and "MEMBRE" not in page
    assert "Aucun joueur connu" in page


@pytest.mark.parametrize("who", ["hidden", "private_member"])
def test_a_forged_id_registers_nobody_and_names_nobody(arbitre_client, mine, request, who):
    player = request.getfixturevalue(who)

    response = arbitre_client.post(players_url(mine), {"player": player.pk})

    page = response.content.decode()
    assert "Joueur inconnu." in page
    assert player.last_name.upper() not in page and player.licence not in page
    assert not mine.registrations.exists()


def test_a_forged_id_no_row_has_answers_the_same(arbitre_client, mine):
    response = arbitre_client.post(players_url(mine), {"player": 987654321})

    assert "Joueur inconnu." in response.content.decode()


@pytest.mark.parametrize("last_name", ["Secret", "Autre"])
def test_a_hidden_licence_typed_in_neither_confirms_it_nor_names_its_holder(
    arbitre_client, mine, hidden, last_name
):
    response = arbitre_client.post(
        players_url(mine),
        {"last_name": last_name, "first_name": "Ali", "licence": "9900001", "club": "Le mien"},
        follow=True,
    )

    page = response.content.decode()
    registration = mine.registrations.select_related("player").get()
    assert f"Inscription enregistrée : {last_name.upper()} Ali, n° 1." in page
    assert "Sam" not in page and "Les Cachés" not in page and "déjà celui" not in page
    assert registration.player != hidden
    assert (registration.player.first_name, registration.player.licence) == ("Ali", "9900001")
    assert registration.player.licence_pending
    hidden.refresh_from_db()
    assert (hidden.first_name, hidden.club, hidden.licence_pending) == ("Sam", "Les Cachés", False)


def test_a_hidden_licence_typed_again_finds_the_clubs_own_record(mine, arbitre, hidden):
    first = register_player(
        tournament=mine, last_name="Autre", first_name="Ali", licence="9900001", by=TESTS
    )
    next_week = club_tournament(arbitre, name="La suivante", published=False)

    again = register_player(
        tournament=next_week, last_name="Autre", first_name="Ali", licence="9900001", by=TESTS
    )

    assert again.player == first.player != hidden


def test_a_licence_of_a_visible_player_with_another_name_is_refused_naming_them(
    arbitre_client, mine, hidden
):
    hidden.registrations.update()
    tournament = hidden.registrations.get().tournament
    tournament.published = True
    tournament.save(update_fields=["published"])

    response = arbitre_client.post(
        players_url(mine), {"last_name": "Autre", "first_name": "Ali", "licence": "9900001"}
    )

    page = response.content.decode()
    assert "Le n° de licence 9900001 est déjà celui de SECRET Sam." in page
    assert 'value="Autre"' in page
    assert not mine.registrations.exists()
