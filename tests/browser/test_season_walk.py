"""An arbitre creates the club's season on a phone, then everyone reads it: the method in
words, a line opened to its evenings (without JavaScript too), the dropped evenings struck
through, and a player's history; each page looked at on a 390 px phone and a 1280 px screen
(screenshots in tests/artifacts/)."""

import re

import pytest
from playwright.sync_api import expect

from seasons.models import Season
from tests.factories import club_of
from tests.seasons.evenings import evening, make_people

pytestmark = pytest.mark.browser

# Elements whose content overflows them sideways, measured in the page.
OVERFLOWING = """() => Array.from(document.querySelectorAll('main *'))
    .filter((element) => element.closest('.scroll') === null)
    .filter((element) => element.scrollWidth > element.clientWidth + 1
        && getComputedStyle(element).overflowX === 'visible'
        && element.getBoundingClientRect().right > window.innerWidth + 1)
    .map((element) => element.tagName + ' ' + element.textContent.trim().slice(0, 40))"""


@pytest.fixture
def autumn(arbitre):
    """The arbitre's club and its autumn: three evenings, four players at the first only."""
    club, people = club_of(arbitre), make_people()
    evening(club, arbitre, 6, people, takers=("N", "E"))
    evening(club, arbitre, 13, people[3::-1], takers=("S",))
    evening(club, arbitre, 20, people[:4], takers=("O",))
    return club


def log_in(page):
    page.goto("/connexion/")
    page.get_by_label("Identifiant").fill("arbitre")
    page.get_by_label("Mot de passe").fill("mot-de-passe-arbitre")
    page.get_by_role("button", name=re.compile("connecter", re.I)).click()


def test_the_arbitre_creates_the_season_and_reads_it_on_a_phone(phone, autumn, artifacts):
    page = phone
    log_in(page)
    page.goto(f"/arbitre/clubs/{autumn.pk}/saisons/nouvelle/")
    page.get_by_label("Nom de la saison").fill("Challenge d'automne")
    page.get_by_label("Début").fill("2026-09-01")
    page.get_by_label("Fin").fill("2026-06-30")
    page.get_by_label("Points de place").check()
    page.get_by_label("Ne retenir que les meilleures soirées").fill("2")
    page.get_by_label("Soirées jouées pour être classé").fill("2")
    page.get_by_role("button", name="Créer la saison").click()
    expect(page.get_by_text("La saison ne peut pas finir avant de commencer.")).to_be_visible()
    expect(page.get_by_label("Nom de la saison")).to_have_value("Challenge d'automne")

    page.get_by_label("Fin").fill("2026-11-30")
    page.get_by_role("button", name="Créer la saison").click()
    expect(page.get_by_role("heading", name=re.compile("Challenge d'automne"))).to_be_visible()
    season = Season.objects.get()
    assert (season.method, season.best, season.minimum) == ("points_de_place", 2, 2)

    expect(page.get_by_text("Exemple")).to_be_visible()
    expect(page.get_by_text("Moins de 2 soirées : pas encore classés")).to_be_visible()
    first = page.locator(".season-line").first
    expect(first.locator("del")).to_be_hidden()
    first.locator("summary").click()
    expect(first.locator("del")).to_be_visible()
    assert page.evaluate(OVERFLOWING) == []
    page.screenshot(path=artifacts / "season-390.png", full_page=True)

    first.get_by_role("link", name=re.compile("Toutes ses soirées")).click()
    expect(page.get_by_role("heading", name="Ses statistiques")).to_be_visible()
    assert page.evaluate(OVERFLOWING) == []
    page.screenshot(path=artifacts / "history-390.png", full_page=True)

    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=artifacts / "history-1280.png", full_page=True)
    page.goto(f"/saisons/{season.pk}/")
    page.screenshot(path=artifacts / "season-1280.png", full_page=True)
    page.goto(f"/arbitre/saisons/{season.pk}/")
    page.screenshot(path=artifacts / "season-form-1280.png", full_page=True)


def test_a_line_opens_its_evenings_without_javascript(chromium, live_server, autumn):
    season = Season.objects.create(
        club=autumn, name="Cumul", start="2026-09-01", end="2026-12-31", method="cumul"
    )
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, base_url=live_server.url
    )
    page = context.new_page()
    page.goto(f"/saisons/{season.pk}/")
    line = page.locator(".season-line").first
    line.locator("summary").click()

    expect(line.locator(".evenings li").first).to_be_visible()
    context.close()
