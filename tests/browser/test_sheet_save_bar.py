"""The deal form on a 390 px phone: « Enregistrer la donne » never lies over an option, so a
tap on the lowest option of the longest form (a table of 5) takes the option, not a save."""

import pytest
from playwright.sync_api import expect

from tests.at_the_table import TESTS
from tests.browser.taps import tap
from tests.factories import club_tournament, register
from tournaments.models import Deal, Position
from tournaments.services.seating import seat_position

pytestmark = pytest.mark.browser


@pytest.fixture
def table_of_5(arbitre):
    tournament = club_tournament(arbitre, allow_five=True)
    position = Position.objects.create(tournament=tournament, number=1)
    return seat_position(position=position, tables=[register(tournament, 5)], by=TESTS)[0]


def tap_at_the_bottom_of_the_screen(page, locator) -> None:
    """Scroll ``locator`` to the bottom edge of the screen, then tap where it shows, as a
    finger does: whatever lies on top there takes the tap."""
    locator.evaluate("(element) => element.scrollIntoView({block: 'end'})")
    box = locator.bounding_box()
    assert box["y"] + box["height"] == pytest.approx(page.viewport_size["height"], abs=2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_the_lowest_option_at_the_bottom_of_the_screen_takes_the_tap(phone, table_of_5, artifacts):
    page = phone
    page.goto(f"/tables/{table_of_5.pk}/acces/?code={table_of_5.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    form = page.locator("form.deal-form")
    # A deal that could be saved as it stands: a tap on the save button would store it.
    tap(form, "Preneur", "Joueur1 P.")
    tap(form, "Contrat", "Garde")
    last_poignee = form.locator(".poignee-line").last.locator("label.choice").last
    expect(last_poignee).to_have_text("Triple")

    tap_at_the_bottom_of_the_screen(page, last_poignee)
    page.screenshot(path=str(artifacts / "deal_form_5_bottom_390.png"))

    expect(last_poignee.locator("input")).to_be_checked()
    expect(page.get_by_role("heading", name="Donne 1")).to_be_visible()
    assert not Deal.objects.filter(table=table_of_5).exists()


def test_the_save_button_follows_the_live_marques_at_the_end_of_the_form(
    phone, table_of_5, artifacts
):
    page = phone
    page.goto(f"/tables/{table_of_5.pk}/acces/?code={table_of_5.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    save = page.get_by_role("button", name="Enregistrer la donne")
    preview = page.locator("#preview")

    below = preview.bounding_box()
    assert save.bounding_box()["y"] >= below["y"] + below["height"]
    page.screenshot(path=str(artifacts / "deal_form_5_full_390.png"), full_page=True)
