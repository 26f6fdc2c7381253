"""On a phone, a member the club refuses to add: the page comes back on the form and its
message, not at its top with the message 35 rows below."""

import pytest
from playwright.sync_api import expect

from clubs.models import Member, Player
from tests.browser.conftest import log_in
from tests.factories import club_of

pytestmark = pytest.mark.browser


@pytest.fixture
def members_page(chromium, live_server, arbitre):
    """The members page of a club of 35 members, on a 390 px phone, the arbitre logged in."""
    club = club_of(arbitre)
    for number in range(35):
        player = Player.objects.create(last_name=f"Membre{number:02d}", first_name="Prénom")
        Member.objects.create(club=club, player=player)
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", base_url=live_server.url
    )
    log_in(context, arbitre, live_server)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"/arbitre/clubs/{club.pk}/membres/")
    yield page
    context.close()


def in_view(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_a_refused_member_comes_back_with_the_form_and_its_message_in_view(members_page, artifacts):
    page = members_page
    page.get_by_label("Nom :", exact=True).fill("Lefèvre")
    page.get_by_role("button", name="Ajouter au club").click()

    message = page.get_by_text("Le prénom est obligatoire.")
    expect(message).to_be_visible()
    page.screenshot(path=artifacts / "member-refused-390.png")
    assert in_view(message)
    assert in_view(page.get_by_label("Prénom :"))
    expect(page.get_by_label("Nom :", exact=True)).to_have_value("Lefèvre")


def test_then_an_added_member_shows_its_message_in_view(members_page):
    page = members_page
    page.get_by_label("Nom :", exact=True).fill("Lefèvre")
    page.get_by_role("button", name="Ajouter au club").click()
    page.get_by_label("Prénom :").fill("Zoé")
    page.get_by_role("button", name="Ajouter au club").click()

    message = page.get_by_text("LEFÈVRE Zoé est membre du club.")
    expect(message).to_be_visible()
    assert in_view(message)
