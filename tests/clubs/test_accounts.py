"""Accounts for a tournament's team, made from the club's page: a login and a one-time link
to choose the password."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import ClubJournalEntry
from tests.factories import club_of


@pytest.fixture
def accounts_url(arbitre):
    return f"/arbitre/clubs/{club_of(arbitre).pk}/comptes/"


def test_the_arbitre_creates_an_account_and_sees_its_one_time_link(arbitre_client, accounts_url):
    response = arbitre_client.post(accounts_url, {"username": "pointeur1", "first_name": "Paul"})

    page = response.content.decode()
    assert response.status_code == 200
    assert "http://testserver/compte/" in page
    assert ClubJournalEntry.objects.get(action="account.created").after == {"account": "pointeur1"}


def test_a_new_account_cannot_log_in_before_choosing_its_password(arbitre_client, accounts_url):
    arbitre_client.post(accounts_url, {"username": "pointeur1"})

    assert not get_user_model().objects.get(username="pointeur1").has_usable_password()


def _link(page: str) -> str:
    start = page.index("http://testserver/compte/") + len("http://testserver")
    return page[start : page.index("<", start)]


def test_the_link_sets_the_password_once(client, arbitre_client, accounts_url):
    link = _link(arbitre_client.post(accounts_url, {"username": "pointeur1"}).content.decode())
    arbitre_client.logout()

    form = client.get(link, follow=True)
    chosen = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Un-mot-de-passe-42", "new_password2": "Un-mot-de-passe-42"},
    )
    again = client.get(link, follow=True)

    assert chosen.status_code == 302
    assert get_user_model().objects.get(username="pointeur1").check_password("Un-mot-de-passe-42")
    assert "a déjà servi" in again.content.decode()


def test_a_taken_login_is_refused_with_what_was_typed(arbitre_client, accounts_url, arbitre):
    response = arbitre_client.post(accounts_url, {"username": arbitre.username.upper()})

    assert response.status_code == 422
    assert "Un compte porte déjà l" in response.content.decode()


def test_another_clubs_arbitre_cannot_create_accounts_here(client, other_arbitre, accounts_url):
    client.force_login(other_arbitre)

    assert client.post(accounts_url, {"username": "pirate"}).status_code == 404
