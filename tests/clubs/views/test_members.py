"""The club's members: the list searched without accents, adding (found or typed in),
correcting, the evenings each one played; a forged id or another club's player is unknown."""

import pytest

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tournaments.models import Registration


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


def member(club, last_name, first_name="Zoé", licence=""):
    player = Player.objects.create(last_name=last_name, first_name=first_name, licence=licence)
    return Member.objects.create(club=club, player=player)


def test_the_member_search_ignores_accents_and_case(arbitre_client, club):
    member(club, "Lefèvre")
    member(club, "Martin")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/?q=LEFEVRE").content.decode()

    assert "LEFÈVRE Zoé" in page
    assert "MARTIN" not in page


def test_a_member_typed_in_is_added(arbitre_client, club):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Noël", "first_name": "Ève", "licence": "0451"},
    )

    assert response.status_code == 302
    assert [m.player.licence for m in club.members.select_related("player")] == ["0451"]


def test_a_member_without_a_name_is_refused_keeping_what_was_typed(arbitre_client, club):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "", "first_name": "Ève", "licence": "0451"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Le nom est obligatoire." in page
    assert 'value="0451"' in page and 'value="Ève"' in page
    assert not club.members.exists()


def test_a_duplicate_licence_is_refused_in_french(arbitre_client, club):
    member(club, "Lefèvre", licence="0451")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Martin", "first_name": "Luc", "licence": "0451"},
    )

    assert "Le n° de licence 0451 est déjà celui de LEFÈVRE Zoé." in response.content.decode()
    assert club.members.count() == 1


def test_a_forged_id_of_another_clubs_member_is_an_unknown_player(
    arbitre_client, club, other_arbitre
):
    hidden = member(club_of(other_arbitre), "Caché", "Sam", licence="9900001")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/", {"player": hidden.player.pk}
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Joueur inconnu." in page
    assert "Caché" not in page and "9900001" not in page
    assert not club.members.exists()


def test_a_member_is_corrected_and_shows_their_evenings(arbitre_client, arbitre, club):
    lea = member(club, "Seguin", "Lea")
    tournament = club_tournament(arbitre, name="Soirée du 6 mars")
    Registration.objects.create(tournament=tournament, player=lea.player, number=4)

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{lea.pk}/").content.decode()
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/{lea.pk}/",
        {"last_name": "Séguin", "first_name": "Léa", "licence": "0999"},
    )

    assert "Soirée du 6 mars" in page and "n° 4" in page
    assert response.status_code == 302
    lea.player.refresh_from_db()
    assert (lea.player.last_name, lea.player.first_name, lea.player.licence) == (
        "Séguin",
        "Léa",
        "0999",
    )


def test_a_member_of_another_club_is_not_found(arbitre_client, club, other_arbitre):
    theirs = member(club_of(other_arbitre), "Autre")

    assert arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{theirs.pk}/").status_code == 404
