"""The member's page of the club's evenings, by the link of their e-mail: the evenings, the
answer, and a link forged, of another club or renewed: a French page, never a 500."""

from html import unescape

import pytest

from entries.models import Entry, EntryStatus
from entries.selectors.entries import tables_to_prepare
from entries.services.members import renew_evenings_link
from tests.at_the_table import TESTS
from tests.entries.conftest import club_member, member_link_token, open_evening
from tests.factories import club_of


@pytest.fixture
def claire(evening):
    return club_member(evening.club, email="claire@example.org")


def page_of(member, token):
    return f"/clubs/{member.club_id}/mes-soirees/{token}/"


def test_the_page_lists_the_clubs_coming_evenings(client, evening, claire):
    response = client.get(page_of(claire, member_link_token(claire)))

    assert response.status_code == 200
    assert "Vos soirées au club, Claire" in response.text
    assert evening.name in response.text
    assert "Je ne viens pas" in response.text


def test_je_viens_on_the_page_counts_in_the_arbitres_tables(client, evening, claire):
    token = member_link_token(claire)

    response = client.post(f"{page_of(claire, token)}{evening.pk}/", {"vient": "oui"}, follow=True)

    assert "C'est noté : vous venez" in unescape(response.text)
    assert Entry.objects.get(player=claire.player).status == EntryStatus.REGISTERED
    assert tables_to_prepare(evening).players == 1


def test_the_answer_under_htmx_comes_back_on_the_page(client, evening, claire):
    token = member_link_token(claire)

    response = client.post(
        f"{page_of(claire, token)}{evening.pk}/", {"vient": "non"}, headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == page_of(claire, token)
    assert Entry.objects.get(player=claire.player).status == EntryStatus.DECLINED


def test_another_clubs_evening_is_refused_in_french(client, claire, other_arbitre):
    elsewhere = open_evening(other_arbitre)
    token = member_link_token(claire)

    response = client.post(
        f"{page_of(claire, token)}{elsewhere.pk}/", {"vient": "oui"}, follow=True
    )

    assert "pas une soirée de votre club" in response.text
    assert not Entry.objects.exists()


def test_an_evening_that_does_not_exist_is_refused_in_french(client, claire):
    token = member_link_token(claire)

    response = client.post(f"{page_of(claire, token)}999999/", {"vient": "oui"}, follow=True)

    assert "Cette soirée n'existe pas" in unescape(response.text)


@pytest.mark.parametrize("token", ["eyJtIjoxLCJrIjoiYSJ9:1xXVtU:forged", "n", "x" * 400])
def test_a_forged_link_is_a_french_page_not_found(client, claire, token):
    response = client.get(page_of(claire, token))

    assert response.status_code == 404
    assert "Ce lien ne mène à aucune page de soirées" in response.text


def test_a_forged_link_answers_nothing(client, evening, claire):
    response = client.post(f"{page_of(claire, 'forged')}{evening.pk}/", {"vient": "oui"})

    assert response.status_code == 404
    assert "Ce lien ne mène à aucune page de soirées" in response.text
    assert not Entry.objects.exists()


def test_another_clubs_link_is_the_same_french_page(client, claire, other_arbitre):
    token = member_link_token(claire)

    response = client.get(f"/clubs/{club_of(other_arbitre).pk}/mes-soirees/{token}/")

    assert response.status_code == 404
    assert "Ce lien ne mène à aucune page de soirées" in response.text


def test_a_renewed_link_says_to_ask_for_the_new_one(client, claire):
    old = member_link_token(claire)
    renew_evenings_link(member=claire, by=TESTS)

    response = client.get(page_of(claire, old))

    assert response.status_code == 404
    assert "renvoyer le lien" in response.text
