"""A club's arbitre on a phone (390 px): their club from the arbitre's home, a member added
and found without accents, then tonight's players ticked from the members with « Mêmes
joueurs que la dernière soirée »; the club's public page. Screenshots go to tests/artifacts/."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tournaments.models import Registration

pytestmark = pytest.mark.browser


@pytest.fixture
def evenings(arbitre):
    """The arbitre's club: three members, last week's evening (two of them played) and
    tonight's, still empty."""
    club = club_of(arbitre, town="Lyon")
    players = [
        Player.objects.create(last_name=name, first_name=first_name)
        for name, first_name in [("Martin", "Claire"), ("Bernard", "Luc"), ("Dubois", "Sophie")]
    ]
    for player in players:
        Member.objects.create(club=club, player=player)
    last_week = club_tournament(arbitre, name="Soirée du 5 mars", date=datetime.date(2026, 3, 5))
    for number, player in enumerate(players[:2], start=1):
        Registration.objects.create(tournament=last_week, player=player, number=number)
    tonight = club_tournament(
        arbitre, name="Soirée du 12 mars", date=datetime.date(2026, 3, 12), published=False
    )
    return club, tonight


def test_a_clubs_arbitre_fills_tonight_from_the_members(phone, evenings, artifacts):
    club, tonight = evenings
    page = phone
    page.goto("/connexion/")
    page.get_by_label("Identifiant").fill("arbitre")
    page.get_by_label("Mot de passe").fill("mot-de-passe-arbitre")
    page.get_by_role("button", name=re.compile("connecter", re.I)).click()

    page.get_by_role("link", name="Arbitre", exact=True).click()
    page.get_by_role("link", name=club.name).click()
    expect(page.get_by_role("heading", name=club.name, level=1)).to_be_visible()
    page.screenshot(path=artifacts / "club-arbitre-390.png", full_page=True)

    page.get_by_role("link", name="Membres").first.click()
    page.get_by_label("Nom :", exact=True).fill("Lefèvre")
    page.get_by_label("Prénom :").fill("Zoé")
    page.get_by_label("N° de licence FFT").fill("0451")
    page.get_by_role("button", name="Ajouter au club").click()
    expect(page.get_by_text("LEFÈVRE Zoé est membre du club.")).to_be_visible()
    page.get_by_label("Chercher un membre, ou un joueur à ajouter").fill("lefevre")
    page.get_by_role("button", name="Chercher").click()
    expect(page.get_by_role("link", name="LEFÈVRE Zoé")).to_be_visible()
    page.screenshot(path=artifacts / "club-members-390.png", full_page=True)

    page.goto(f"/arbitre/tournois/{tonight.pk}/joueurs/")
    page.get_by_role("link", name="Mêmes joueurs que la dernière soirée").click()
    expect(page.get_by_label(re.compile("MARTIN Claire"))).to_be_checked()
    expect(page.get_by_label(re.compile("BERNARD Luc"))).to_be_checked()
    expect(page.get_by_label(re.compile("DUBOIS Sophie"))).not_to_be_checked()
    page.get_by_label(re.compile("LEFÈVRE Zoé")).check()
    page.locator("#tick-list").screenshot(path=artifacts / "club-tick-list-390.png")
    page.get_by_role("button", name="Inscrire les joueurs cochés").click()
    expect(page.get_by_text("3 joueurs inscrits.")).to_be_visible()
    assert sorted(tonight.registrations.values_list("player__last_name", flat=True)) == [
        "Bernard",
        "Lefèvre",
        "Martin",
    ]

    page.goto(f"/clubs/{club.pk}/")
    expect(page.get_by_text("Soirée du 5 mars")).to_be_visible()
    expect(page.get_by_text("Soirée du 12 mars")).to_have_count(0)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=artifacts / "club-public-390.png", full_page=True)
    assert width <= 390
