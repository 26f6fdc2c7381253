"""Who checks a player in by opening their check-in link (a phone's camera app): the
tournament's pointeurs and arbitres; anyone else reads what the link is for, and nothing
changes; a forged link is a French page, never an error."""

import pytest
from django.test import Client

from clubs.models import Player
from tests.pointeurs import given_pointeur
from tournaments.checkin_links import checkin_path
from tournaments.models import Registration

FORGED = "/pointage/1.2:signature-forgee/"


@pytest.fixture
def absent(tournament):
    player = Player.objects.create(last_name="Dupont", first_name="Jean")
    return Registration.objects.create(tournament=tournament, player=player, number=1)


def browser_of(who, tournament, other_arbitre, arbitre) -> Client:
    browser = Client()
    if who == "pointeur":
        browser.force_login(given_pointeur(tournament, arbitre))
    elif who == "arbitre":
        browser.force_login(arbitre)
    elif who == "other_arbitre":
        browser.force_login(other_arbitre)
    return browser


@pytest.mark.parametrize(
    ("who", "status", "checked_in"),
    [("pointeur", 200, True), ("arbitre", 200, True), ("other_arbitre", 403, False),
     ("visitor", 403, False)],
)  # fmt: skip
def test_only_the_tournaments_pointeurs_and_arbitres_check_in_by_the_link(
    tournament, absent, arbitre, other_arbitre, who, status, checked_in
):
    browser = browser_of(who, tournament, other_arbitre, arbitre)

    response = browser.get(checkin_path(absent))

    absent.refresh_from_db()
    assert (response.status_code, absent.checked_in) == (status, checked_in)


@pytest.mark.parametrize("who", ["pointeur", "arbitre", "other_arbitre", "visitor"])
def test_a_forged_link_checks_nobody_in_whoever_opens_it(
    tournament, absent, arbitre, other_arbitre, who
):
    response = browser_of(who, tournament, other_arbitre, arbitre).get(FORGED)

    absent.refresh_from_db()
    assert response.status_code == 400
    assert not absent.checked_in
