"""No club's action changes what another club's tournament shows; the player search offers
nobody known only from another club's unpublished tournament (each arbitre here runs a club
of their own)."""

import datetime

import pytest

from clubs.models import Member, Player
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of
from tournaments.models import Registration, Tournament
from tournaments.selectors.registrations import search_players
from tournaments.services.registrations import register_player, update_registration


def a_tournament(arbitre, *, published: bool, name: str) -> Tournament:
    return Tournament.objects.create(
        name=name,
        date=datetime.date(2026, 12, 5),
        arbitre=arbitre,
        club=club_of(arbitre),
        published=published,
    )


def published(tournament) -> None:
    tournament.published = True
    tournament.save(update_fields=["published"])


@pytest.fixture
def hidden_of_a(arbitre):
    return a_tournament(arbitre, published=False, name="Tournoi caché de A")


@pytest.fixture
def tournament_of_b(other_arbitre):
    return a_tournament(other_arbitre, published=False, name="Tournoi de B")


@pytest.fixture
def secret_player(hidden_of_a):
    """A player seen only in arbitre A's unpublished tournament."""
    return register_player(
        tournament=hidden_of_a,
        last_name="Secret",
        first_name="Sam",
        licence="9900001",
        club="X",
        by=TESTS,
    ).player


@pytest.mark.usefixtures("secret_player")
def test_the_search_offers_no_player_of_another_clubs_unpublished_tournament(tournament_of_b):
    assert search_players(tournament=tournament_of_b, query="Secret") == []
    assert search_players(tournament=tournament_of_b, query="9900001") == []


def test_the_search_offers_the_players_of_published_tournaments(
    tournament_of_b, secret_player, hidden_of_a
):
    published(hidden_of_a)

    assert search_players(tournament=tournament_of_b, query="Secret") == [secret_player]


def test_the_search_offers_the_players_of_the_clubs_own_tournaments(arbitre, secret_player):
    mine = a_tournament(arbitre, published=False, name="Autre tournoi de A")

    assert search_players(tournament=mine, query="Secret") == [secret_player]


def test_a_licence_of_a_hidden_player_is_kept_to_reconcile_without_naming_them(
    tournament_of_b, secret_player
):
    registration = register_player(
        tournament=tournament_of_b,
        last_name="Autre",
        first_name="Ali",
        licence="9900001",
        by=TESTS,
    )

    assert registration.player != secret_player
    assert (registration.player.last_name, registration.player.licence) == ("Autre", "9900001")
    assert registration.player.licence_pending
    assert not Player.objects.get(pk=secret_player.pk).licence_pending


@pytest.mark.usefixtures("secret_player")
def test_a_hidden_player_given_by_id_is_refused_as_unknown(tournament_of_b, secret_player):
    with pytest.raises(Refused) as refused:
        register_player(tournament=tournament_of_b, player=secret_player, by=TESTS)

    assert refused.value.message == "Joueur inconnu."
    assert not tournament_of_b.registrations.exists()


def test_correcting_a_shared_player_never_changes_the_other_clubs_tournament(
    tournament_of_b, secret_player, hidden_of_a
):
    published(hidden_of_a)
    registration = register_player(tournament=tournament_of_b, player=secret_player, by=TESTS)

    with pytest.raises(Refused) as refused:
        update_registration(
            registration=registration,
            last_name="Pirate",
            first_name="Sam",
            licence="9900001",
            by=TESTS,
        )

    secret_player.refresh_from_db()
    assert (secret_player.last_name, secret_player.licence) == ("Secret", "9900001")
    assert refused.value.code == "shared_player"


def test_a_player_another_club_shows_only_privately_is_corrected_without_a_word_of_it(
    tournament_of_b, secret_player, hidden_of_a
):
    # Issue 31, item 8: a refusal resting on A's unpublished tournament told B it exists;
    # issue 45, D9: so did a record of B's own. The one record is corrected, A's included.
    published(hidden_of_a)
    registration = register_player(tournament=tournament_of_b, player=secret_player, by=TESTS)
    hidden_of_a.published = False
    hidden_of_a.save(update_fields=["published"])

    update_registration(
        registration=registration,
        last_name="Secrète",
        first_name="Sam",
        licence="9900001",
        by=TESTS,
    )

    registration.refresh_from_db()
    shown_to_a = Registration.objects.get(tournament=hidden_of_a).player
    assert registration.player == shown_to_a == secret_player
    assert (shown_to_a.last_name, shown_to_a.licence, shown_to_a.licence_pending) == (
        "Secrète",
        "9900001",
        False,
    )


def test_a_shared_player_given_another_licence_gets_a_record_of_their_own(
    tournament_of_b, secret_player, hidden_of_a
):
    published(hidden_of_a)
    registration = register_player(tournament=tournament_of_b, player=secret_player, by=TESTS)

    update_registration(
        registration=registration,
        last_name="Secrète",
        first_name="Sam",
        licence="9900002",
        by=TESTS,
    )

    shown_to_a = Registration.objects.get(tournament=hidden_of_a).player
    assert (shown_to_a.last_name, shown_to_a.licence) == ("Secret", "9900001")
    registration.refresh_from_db()
    assert (registration.player.last_name, registration.player.licence) == ("Secrète", "9900002")
    assert Player.objects.count() == 2


def test_a_club_corrects_a_player_of_its_own_tournaments_everywhere(
    arbitre, hidden_of_a, secret_player
):
    mine = a_tournament(arbitre, published=False, name="Autre tournoi de A")
    registration = register_player(tournament=mine, player=secret_player, by=TESTS)

    update_registration(
        registration=registration,
        last_name="Secrette",
        first_name="Sam",
        licence="9900001",
        by=TESTS,
    )

    assert Registration.objects.get(tournament=hidden_of_a).player.last_name == "Secrette"


def test_correcting_through_the_page_is_a_french_refusal(
    client, other_arbitre, tournament_of_b, secret_player, hidden_of_a
):
    published(hidden_of_a)
    registration = register_player(tournament=tournament_of_b, player=secret_player, by=TESTS)
    client.force_login(other_arbitre)

    response = client.post(
        f"/arbitre/tournois/{tournament_of_b.pk}/joueurs/{registration.pk}/modifier/",
        {"last_name": "Pirate", "first_name": "Sam", "licence": "9900001", "number": "1"},
    )

    secret_player.refresh_from_db()
    assert response.status_code in (200, 409, 422)
    assert "figure aussi dans un autre club" in response.content.decode()
    assert secret_player.last_name == "Secret"


@pytest.mark.parametrize("licence", ["9900001", "9900009", ""])
@pytest.mark.parametrize("listing", ["nobody", "member", "evening"])
def test_a_participant_corrected_keeps_their_record_whoever_else_lists_them_privately(
    hidden_of_a, secret_player, other_arbitre, listing, licence
):
    # Issue 45, D9: a record of this club's own, only when another club listed the player,
    # told this club so (a new id, its history page gone).
    if listing == "member":
        Member.objects.create(club=club_of(other_arbitre), player=secret_player)
    elif listing == "evening":
        theirs = a_tournament(other_arbitre, published=False, name="Tournoi de B")
        Registration.objects.create(tournament=theirs, player=secret_player, number=1)
    registration = Registration.objects.get(tournament=hidden_of_a)

    update_registration(
        registration=registration,
        last_name="Secrète",
        first_name="Sam",
        licence=licence,
        by=TESTS,
    )

    registration.refresh_from_db()
    assert (registration.player_id, registration.player.licence) == (secret_player.pk, licence)
    assert Player.objects.count() == 1
