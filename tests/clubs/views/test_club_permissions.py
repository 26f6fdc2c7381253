"""Every club URL walked by each role: anonymous, an arbitre of another club, an arbitre of
the club, a superuser. The public page is everyone's; the rest is the club's arbitres' only:
anonymous users go to the login page, another club's arbitre gets a 404 and changes nothing."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tests.walks import walk
from tournaments.models import Registration


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def member(club):
    return Member.objects.create(
        club=club, player=Player.objects.create(last_name="Membre", first_name="Privé")
    )


@pytest.fixture
def tonight(arbitre, club):  # noqa: ARG001 - the tournament of the club
    return club_tournament(arbitre, published=False)


def urls(club, member, tonight, arbitre):
    base = f"/arbitre/clubs/{club.pk}"
    # A player of the club's evening who is no member: a record of the club all the same.
    guest = Player.objects.create(last_name="Invité", first_name="Privé")
    Registration.objects.create(tournament=tonight, player=guest, number=1)
    gets = [
        f"{base}/",
        f"{base}/membres/",
        f"{base}/membres/?q=membre",
        f"{base}/membres/{member.pk}/",
        f"{base}/journal/",
        f"{base}/arbitres/{arbitre.pk}/retirer/",
        f"{base}/fiches/{member.player.pk}/fusionner/",
        f"{base}/fiches/{guest.pk}/fusionner/",
        f"{base}/comptes/",
        f"{base}/licences/",
    ]
    posts = [
        (f"{base}/", {"name": "Piraté", "town": ""}),
        (f"{base}/arbitres/", {"username": "autre"}),
        (f"{base}/arbitres/{arbitre.pk}/retirer/", {}),
        (f"{base}/membres/", {"last_name": "Pirate", "first_name": "Pat"}),
        (f"{base}/membres/{member.pk}/", {"last_name": "Pirate", "first_name": "Pat"}),
        (f"{base}/membres/{member.pk}/retirer/", {}),
        (f"{base}/fiches/{member.player.pk}/fusionner/", {"other": guest.pk, "kept": "autre"}),
        (f"{base}/comptes/", {"username": "pirate"}),
        (f"{base}/licences/", {}),
        (f"{base}/licences/cle-du-fichier/", {"licence": "Licence", "fingerprint": ""}),
        (f"/arbitre/tournois/{tonight.pk}/joueurs/cocher/", {"players": [member.player.pk]}),
    ]
    return gets, posts


def test_the_public_page_of_a_club_is_everyones(client, club):
    assert client.get(f"/clubs/{club.pk}/").status_code == 200


def test_anonymous_users_are_sent_to_the_login_page(client, club, member, tonight, arbitre):
    gets, posts = urls(club, member, tonight, arbitre)

    for url, response in walk(client, gets + ["/arbitre/clubs/nouveau/"], posts):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url


def test_another_clubs_arbitre_gets_not_found_everywhere_and_changes_nothing(
    client, club, member, tonight, arbitre, other_arbitre
):
    club_tournament(other_arbitre, name="Chez l'autre club")
    client.force_login(other_arbitre)
    gets, posts = urls(club, member, tonight, arbitre)

    for url, response in walk(client, gets, posts):
        assert response.status_code == 404, url
    club.refresh_from_db()
    assert club.name == "Club de arbitre"
    assert list(club.arbitres.all()) == [arbitre]
    assert list(club.members.all()) == [member]
    assert member.player.last_name == Player.objects.get(pk=member.player.pk).last_name
    assert [r.player.last_name for r in tonight.registrations.all()] == ["Invité"]


def test_every_arbitre_of_the_club_gets_every_page(client, club, member, tonight, arbitre):
    mate = get_user_model().objects.create_user(username="second", password="x")
    club.arbitres.add(mate)
    client.force_login(mate)
    gets, _posts = urls(club, member, tonight, arbitre)

    for url in gets:
        assert client.get(url).status_code == 200, url


def test_a_superuser_gets_every_page(client, club, member, tonight, arbitre):
    client.force_login(
        get_user_model().objects.create_superuser(username="admin", password="mot-de-passe")
    )
    gets, _posts = urls(club, member, tonight, arbitre)

    for url in gets:
        assert client.get(url).status_code == 200, url
