"""The club's members' evenings on screens: the arbitre sends the links from the members'
page, a member opens hers on a phone (390 px) from the e-mail and taps « Je viens », and the
evening's page counts her in the tables to prepare. axe-core finds nothing on each page;
screenshots go to tests/artifacts/."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in
from tests.browser.test_entries_walk import no_violation
from tests.entries.conftest import club_member, open_evening

pytestmark = pytest.mark.browser


def test_a_member_answers_from_the_e_mails_link_and_the_arbitre_counts_her(
    chromium, live_server, arbitre, phone, artifacts
):
    evening = open_evening(arbitre, name="Soirée du jeudi", venue="Salle Jean Moulin")
    club_member(evening.club, last_name="Lefèvre", first_name="Gaëlle", email="g@example.org")
    club_member(evening.club, last_name="Durand", first_name="Paul")
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, locale="fr-FR", base_url=live_server.url
    )
    log_in(context, arbitre, live_server)
    desk = context.new_page()
    desk.goto(f"/arbitre/clubs/{evening.club_id}/membres/")
    desk.get_by_role("button", name="Envoyer aux membres le lien de leurs soirées").click()
    expect(desk.get_by_text("Lien de ses soirées envoyé à 1 membre.")).to_be_visible()
    desk.screenshot(path=artifacts / "member-links-arbitre-1280.png", full_page=True)
    no_violation(desk)

    (message,) = [message for message in mail.outbox if message.to == ["g@example.org"]]
    link = re.search(r"https?://\S+/mes-soirees/\S+/", message.body).group(0)
    phone.goto("/clubs/" + link.split("/clubs/", 1)[1])
    phone.get_by_role("button", name="Je viens à Soirée du jeudi").click()
    expect(phone.get_by_text("C'est noté : vous venez à « Soirée du jeudi ».")).to_be_visible()
    phone.screenshot(path=artifacts / "member-evenings-390.png", full_page=True)
    no_violation(phone)

    desk.goto(f"/arbitre/tournois/{evening.pk}/inscriptions/")
    answers = "viennent : 1 · ne viennent pas : 0 · sans réponse : 1"
    expect(desk.get_by_text(answers)).to_be_visible()
    expect(desk.get_by_text("1 inscrit", exact=True)).to_be_visible()
    expect(desk.get_by_text("1 membre n'a pas d'adresse e-mail")).to_be_visible()
    context.close()


# The answers grid's box and the page: neither wider than what shows of them.
SIDEWAYS = """() => {
    const page = document.documentElement, box = document.querySelector("#answers .scroll");
    return [page.scrollWidth, page.clientWidth, box.scrollWidth, box.clientWidth];
}"""


def test_the_members_answers_read_as_cards_at_390_px_without_sideways_scroll(
    chromium, live_server, arbitre, artifacts
):
    evening = open_evening(arbitre, name="Soirée de la Sainte-Barbe du jeudi")
    for number, last_name in enumerate(("Lefèvre-Delacroix", "Durand", "Martin")):
        club_member(
            evening.club,
            last_name=last_name,
            first_name="Marie-Christine",
            email=f"marie-christine.{last_name.lower()}{number}@tarot-club-lyonnais.fr",
        )
    context = chromium.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    log_in(context, arbitre, live_server)
    page = context.new_page()
    page.goto(f"/arbitre/clubs/{evening.club_id}/membres/soirees/")

    for size in ("100", "200"):
        page.evaluate(f"() => {{ document.documentElement.style.fontSize = '{size}%'; }}")
        page_width, page_shown, box_width, box_shown = page.evaluate(SIDEWAYS)
        page.screenshot(path=artifacts / f"member-answers-390-{size}.png", full_page=True)
        assert (page_width, box_width) == (page_shown, box_shown), size
    card = page.get_by_role("row", name="LEFÈVRE-DELACROIX Marie-Christine")
    expect(card.get_by_text("Soirée de la Sainte-Barbe du jeudi", exact=False)).to_be_visible()
    page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
    no_violation(page)
    context.close()


def test_on_a_wide_screen_the_members_answers_stay_a_table(chromium, live_server, arbitre):
    evening = open_evening(arbitre, name="Soirée du jeudi")
    club_member(evening.club, last_name="Durand", first_name="Paul", email="p@example.org")
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, locale="fr-FR", base_url=live_server.url
    )
    log_in(context, arbitre, live_server)
    page = context.new_page()
    page.goto(f"/arbitre/clubs/{evening.club_id}/membres/soirees/")

    expect(page.get_by_role("columnheader", name="E-mail")).to_be_visible()
    expect(page.locator(".cell-label").first).to_be_hidden()
    context.close()
