"""A player on a phone (390 px) enters a club's evening online: the form, a refusal that keeps
what was typed, their own page; then the withdrawal link of the e-mail they received, asked
before it acts. axe-core finds nothing on each page; screenshots go to tests/artifacts/."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core import mail
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter

pytestmark = pytest.mark.browser

AXE = Axe()


def no_violation(page) -> None:
    violations = AXE.run(page).response["violations"]
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


@pytest.fixture
def evening(arbitre):
    """Tonight's last place: one taken of two."""
    tournament = open_evening(arbitre, capacity=2, venue="Salle Jean Moulin")
    enter(tournament, last_name="Premier", licence="1111")
    return tournament


def test_a_player_enters_on_a_phone_then_withdraws_by_the_e_mails_link(phone, evening, artifacts):
    page = phone
    page.goto(f"/tournois/{evening.pk}/inscription/")
    expect(page.get_by_text("Il reste 1 place.")).to_be_visible()
    no_violation(page)
    page.get_by_label("Nom :", exact=True).fill("Lefèvre")
    page.get_by_label("Prénom").fill("Gaëlle")
    page.get_by_label("N° de licence FFT").fill("1111")
    page.get_by_label("Club :", exact=True).fill("TC Lyon")
    page.get_by_label("Adresse e-mail").fill("gaelle@example.org")
    page.get_by_role("button", name="M'inscrire").click()
    # The licence is another player's: refused, nothing typed lost.
    expect(page.get_by_text("Ce n° de licence est inscrit sous un autre nom")).to_be_visible()
    expect(page.get_by_label("Adresse e-mail")).to_have_value("gaelle@example.org")
    page.screenshot(path=artifacts / "entries-refused-390.png", full_page=True)
    no_violation(page)

    page.get_by_label("N° de licence FFT").fill("0412345")
    page.get_by_role("button", name="M'inscrire").click()
    expect(page.get_by_role("heading", name="Vous êtes inscrit(e).")).to_be_visible()
    page.screenshot(path=artifacts / "entries-own-page-390.png", full_page=True)
    no_violation(page)

    (confirmation,) = [message for message in mail.outbox if message.to == ["gaelle@example.org"]]
    link = re.search(r"https?://\S+/desistement/\S+/", confirmation.body).group(0)
    page.goto(link.split("/tournois/", 1)[1].join(["/tournois/", ""]))
    expect(page.get_by_role("button", name="Oui, je me désiste")).to_be_visible()
    no_violation(page)
    page.screenshot(path=artifacts / "entries-withdraw-390.png", full_page=True)
    page.get_by_role("button", name="Oui, je me désiste").click()
    expect(page.get_by_text("vous n'êtes plus inscrit(e)")).to_be_visible()
    no_violation(page)

    page.reload()
    expect(page.get_by_text("Ce lien de désistement a déjà servi.")).to_be_visible()


def test_the_arbitres_page_at_390_and_1280_px(chromium, live_server, arbitre, evening, artifacts):
    enter(evening, last_name="Second", licence="2222")
    enter(evening, last_name="Dernier", licence="3333")
    for name, viewport in (
        ("390", {"width": 390, "height": 844}),
        ("1280", {"width": 1280, "height": 900}),
    ):
        context = chromium.new_context(viewport=viewport, locale="fr-FR", base_url=live_server.url)
        log_in(context, arbitre, live_server)
        page = context.new_page()
        page.goto(f"/arbitre/tournois/{evening.pk}/inscriptions/")
        expect(page.get_by_role("heading", name="Liste d'attente")).to_be_visible()
        page.screenshot(path=artifacts / f"entries-arbitre-{name}.png", full_page=True)
        no_violation(page)
        page.goto(f"/tournois/{evening.pk}/inscription/")
        page.screenshot(path=artifacts / f"entries-form-full-{name}.png", full_page=True)
        context.close()
