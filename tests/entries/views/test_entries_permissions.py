"""Every URL of online registration, walked by each role: the public ones open to all (their
signed links aside, a 404 when forged), the arbitre's sent to the login page when anonymous,
a 404 to another club's arbitre (who changes nothing), the page to the club's arbitres."""

import pytest

from entries.links import page_token, withdraw_token
from entries.models import Entry, EntryStatus
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter
from tests.walks import walk


@pytest.fixture
def room(arbitre):
    tournament = open_evening(arbitre, capacity=1)
    registered = enter(tournament, last_name="Premier", licence="1")
    waiting = enter(tournament, last_name="Second", licence="2")
    return tournament, registered, waiting


def public_urls(tournament, entry):
    base = f"/tournois/{tournament.pk}/inscription"
    page = f"{base}/{page_token(entry)}"
    gets = [f"{base}/", f"/tournois/{tournament.pk}/inscriptions.json", f"{page}/"]
    gets.append(f"{base}/desistement/{withdraw_token(entry)}/")
    posts = [f"{page}/confirmer/", f"{page}/soirees/{tournament.pk}/"]
    return gets, posts


def arbitre_urls(tournament, entry):
    base = f"/arbitre/tournois/{tournament.pk}/inscriptions"
    gets = [f"{base}/"]
    posts = [
        f"{base}/reglages/",
        f"{base}/clore/",
        f"{base}/{entry.pk}/promouvoir/",
        f"{base}/{entry.pk}/annuler/",
        f"{base}/{entry.pk}/deplacer/",
        f"{base}/{entry.pk}/fiche/",
    ]
    return gets, posts


def test_anyone_opens_the_public_pages(client, room):
    tournament, registered, _waiting = room
    gets, _posts = public_urls(tournament, registered)

    for url in gets:
        assert client.get(url).status_code == 200, url


def test_a_forged_signed_link_is_not_found(client, room):
    tournament, _registered, _waiting = room
    base = f"/tournois/{tournament.pk}/inscription"
    forged = "eyJlIjoxfQ:1xXVtU:forged"

    for url in (f"{base}/{forged}/", f"{base}/desistement/{forged}/"):
        assert client.get(url).status_code == 404, url
    for url in (f"{base}/{forged}/confirmer/", f"{base}/{forged}/soirees/{tournament.pk}/"):
        assert client.post(url).status_code == 404, url


def test_anonymous_users_are_sent_to_the_login_page(client, room):
    tournament, _registered, waiting = room
    gets, posts = arbitre_urls(tournament, waiting)

    for url, response in walk(client, gets, [(url, {}) for url in posts]):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url


def test_another_clubs_arbitre_gets_not_found_and_changes_nothing(client, room, other_arbitre):
    tournament, _registered, waiting = room
    open_evening(other_arbitre, name="Soirée de l'autre club")
    client.force_login(other_arbitre)
    gets, posts = arbitre_urls(tournament, waiting)

    for url, response in walk(client, gets, [(url, {"capacity": "50"}) for url in posts]):
        assert response.status_code == 404, url
    assert [entry.status for entry in Entry.objects.order_by("pk")] == [
        EntryStatus.REGISTERED,
        EntryStatus.WAITING,
    ]
    tournament.opening.refresh_from_db()
    assert tournament.opening.capacity == 1


def test_an_entry_of_another_tournament_is_not_found_to_the_arbitre(arbitre_client, room, arbitre):
    tournament, _registered, _waiting = room
    elsewhere = open_evening(arbitre, name="Autre soirée")
    foreign = enter(elsewhere, last_name="Ailleurs", licence="9")
    base = f"/arbitre/tournois/{tournament.pk}/inscriptions"

    for action in ("promouvoir", "annuler", "deplacer", "fiche"):
        assert arbitre_client.post(f"{base}/{foreign.pk}/{action}/").status_code == 404, action


def test_the_arbitre_gets_the_page_and_acts(arbitre_client, room):
    tournament, registered, waiting = room
    base = f"/arbitre/tournois/{tournament.pk}/inscriptions"

    assert arbitre_client.get(f"{base}/").status_code == 200
    arbitre_client.post(f"{base}/{registered.pk}/annuler/")

    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.REGISTERED


def test_the_pages_refuse_the_wrong_method(arbitre_client, room):
    tournament, registered, _waiting = room
    _gets, posts = public_urls(tournament, registered)
    arbitre_gets, arbitre_posts = arbitre_urls(tournament, registered)

    assert arbitre_client.get(posts[0]).status_code == 405
    assert arbitre_client.get(arbitre_posts[0]).status_code == 405
    assert arbitre_client.post(arbitre_gets[0]).status_code == 405
