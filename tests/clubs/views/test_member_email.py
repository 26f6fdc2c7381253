"""The club's address for each member: optional, checked with a French refusal that keeps what
was typed, journalled, kept when two records merge, and never shown outside the club's pages."""

from html import unescape

import pytest

from clubs.models import ClubJournalEntry, Member, Player
from tests.at_the_table import TESTS
from tests.factories import club_of, club_tournament
from tournaments.models import Registration
from tournaments.services.members import merge_players


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def zoe(club):
    player = Player.objects.create(last_name="Lefèvre", first_name="Zoé", licence="0451")
    return Member.objects.create(club=club, player=player)


def edit(client, member, email):
    return client.post(
        f"/arbitre/clubs/{member.club_id}/membres/{member.pk}/",
        {"last_name": "Lefèvre", "first_name": "Zoé", "licence": "0451", "email": email},
    )


def test_a_members_address_is_kept_and_journalled(arbitre_client, zoe):
    response = edit(arbitre_client, zoe, " zoe@example.org ")

    assert response.status_code == 302
    zoe.refresh_from_db()
    assert zoe.email == "zoe@example.org"
    line = ClubJournalEntry.objects.get(action="member.updated")
    assert line.after["email"] == "zoe@example.org"


def test_a_wrong_address_is_refused_in_french_keeping_what_was_typed(arbitre_client, zoe):
    response = edit(arbitre_client, zoe, "zoe@exemple")

    page = unescape(response.content.decode())
    assert response.status_code == 422
    assert "Cette adresse e-mail ne semble pas valide : vérifiez-la." in page
    assert 'value="zoe@exemple"' in page
    zoe.refresh_from_db()
    assert zoe.email == ""


def test_a_new_member_comes_with_an_address(arbitre_client, club):
    arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Noël", "first_name": "Ève", "licence": "0452", "email": "eve@example.org"},
    )

    assert club.members.get().email == "eve@example.org"


@pytest.mark.usefixtures("zoe")
def test_the_members_list_shows_who_has_no_address(arbitre_client, club):
    Member.objects.create(
        club=club,
        player=Player.objects.create(last_name="Martin", first_name="Paul"),
        email="paul@example.org",
    )

    page = unescape(arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/").text)

    assert "paul@example.org" in page and "pas d'e-mail" in page


def test_the_address_is_never_on_a_public_page(client, arbitre, club, zoe):
    zoe.email = "zoe@example.org"
    zoe.save()
    evening = club_tournament(arbitre)
    Registration.objects.create(tournament=evening, player=zoe.player, number=1)

    for url in (
        f"/clubs/{club.pk}/",
        f"/tournois/{evening.pk}/joueurs/1/",
        f"/tournois/{evening.pk}/classement/",
        f"/tournois/{evening.pk}/classement.json",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "zoe@example.org" not in response.content.decode(), url


def test_two_records_merged_keep_the_clubs_address(club, zoe):
    twin = Member.objects.create(
        club=club,
        player=Player.objects.create(last_name="Lefevre", first_name="Zoe"),
        email="zoe@example.org",
    )

    merge_players(club=club, kept=zoe.player, merged=twin.player, by=TESTS)

    zoe.refresh_from_db()
    assert zoe.email == "zoe@example.org"
