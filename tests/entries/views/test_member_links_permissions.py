"""The members' links and pages walked by each role: the member's page is anyone's who holds
its link (a French 404 otherwise); the arbitre's page and sendings send anonymous users to the
login page, and are a 404 to another club's arbitre, who reads no member and sends nothing."""

import pytest

from entries.models import MemberLink, MemberLinkJournalEntry
from tests.entries.conftest import club_member, member_link_token
from tests.walks import walk


@pytest.fixture
def claire(evening):
    return club_member(evening.club, email="claire@example.org")


def arbitre_urls(evening, member):
    club = f"/arbitre/clubs/{member.club_id}/membres"
    gets = [f"{club}/soirees/"]
    posts = [
        f"{club}/soirees/envoyer/",
        f"{club}/{member.pk}/lien/envoyer/",
        f"{club}/{member.pk}/lien/renouveler/",
        f"/arbitre/tournois/{evening.pk}/inscriptions/membres/envoyer/",
    ]
    return gets, posts


def test_the_members_page_is_open_to_its_links_holder(client, evening, claire):
    token = member_link_token(claire)
    page = f"/clubs/{claire.club_id}/mes-soirees/{token}/"

    assert client.get(page).status_code == 200
    assert client.post(f"{page}{evening.pk}/", {"vient": "oui"}).status_code == 302


def test_anonymous_users_are_sent_to_the_login_page(client, evening, claire):
    gets, posts = arbitre_urls(evening, claire)

    for url, response in walk(client, gets, [(url, {}) for url in posts]):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url
    assert not MemberLink.objects.exists()


def test_another_clubs_arbitre_reads_no_member_and_sends_nothing(
    client, evening, claire, other_arbitre, smtp, django_capture_on_commit_callbacks
):
    client.force_login(other_arbitre)
    gets, posts = arbitre_urls(evening, claire)

    with django_capture_on_commit_callbacks(execute=True):
        for url, response in walk(client, gets, [(url, {}) for url in posts]):
            assert response.status_code == 404, url
            assert "claire@example.org" not in response.text, url

    assert not MemberLink.objects.exists()
    assert not MemberLinkJournalEntry.objects.exists()
    assert smtp.wait_for(1, timeout=1) == []


def test_the_clubs_arbitre_reads_the_answers_and_sends(arbitre_client, evening, claire):
    gets, posts = arbitre_urls(evening, claire)

    for url, response in walk(arbitre_client, gets, [(url, {}) for url in posts]):
        assert response.status_code in (200, 302), url
    assert MemberLinkJournalEntry.objects.count() == 4


def test_the_sendings_refuse_a_get(arbitre_client, evening, claire):
    _gets, posts = arbitre_urls(evening, claire)

    for url in posts:
        assert arbitre_client.get(url).status_code == 405, url
