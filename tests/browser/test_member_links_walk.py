"""The club's members' evenings on screens: the arbitre sends the links from the members'
page, a member opens hers on a phone (390 px) from the e-mail and taps « Je viens », and the
evening's page counts her in the tables to prepare. axe-core finds nothing on each page;
screenshots go to tests/artifacts/."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.browser.conftest import log_in
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
