"""The room's projector follows the stream: a deal saved redraws the screen shown at once,
without waiting for it to turn, and each next screen shows the totals as they are when it
comes round."""

import pytest
from playwright.sync_api import expect

from tests.at_the_table import TESTS, play, prise_by
from tests.factories import club_tournament, register, seat
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import record_deal
from tournaments.services.seating import publish_seating

pytestmark = pytest.mark.browser

GARDE_SANS = DealResult(taker="N", contract="garde_sans", bouts=2, points=50)
WITHIN_TWO_SECONDS = 2_000


@pytest.fixture
def evening(arbitre):
    """24 players at six tables (two screens of twelve), each table's Est has taken once."""
    tournament = club_tournament(arbitre)
    registrations = register(tournament, 24)
    tables = seat(tournament, 1, [registrations[start : start + 4] for start in range(0, 24, 4)])
    publish_seating(position=tables[0].position, by=TESTS)
    for table in tables:
        play(table, prise_by("E"))
    return tournament, tables


def rows(page) -> list[str]:
    return page.locator(".projector-rows li").all_inner_texts()


@pytest.mark.usefixtures("live_bus")
def test_a_deal_saved_redraws_the_screen_shown_at_once_then_the_next_screen_shows_it(
    chromium, live_server, evening, artifacts
):
    tournament, tables = evening
    context = chromium.new_context(
        viewport={"width": 1920, "height": 1080}, locale="fr-FR", base_url=live_server.url
    )
    page = context.new_page()
    page.goto(f"/tournois/{tournament.pk}/projection/?ecran=0")
    expect(page.locator("html[data-live='up']")).to_have_count(1, timeout=5_000)
    expect(page.locator(".page-count")).to_have_text("1 / 2")
    # The screen element as loaded: a turn would replace it.
    page.evaluate("() => { document.getElementById('screen').dataset.before = 'turn'; }")

    assert "JOUEUR9 " not in " ".join(rows(page))  # −29, on the second screen

    # Table 3's Nord, player 9, takes and wins: first of the ranking.
    record_deal(table=tables[2], number=2, result=GARDE_SANS, by=TESTS)

    first = page.locator(".projector-rows li").first
    expect(first).to_contain_text("JOUEUR9 Prénom", timeout=WITHIN_TWO_SECONDS)
    expect(first.locator(".total")).to_have_text("+379")
    expect(page.locator("#screen[data-before='turn']")).to_have_count(1)
    page.screenshot(path=str(artifacts / "projector_live_1920_page1.png"))

    # The next screen, when it comes round (10 s), reads the totals as they are now: table 3's
    # defenders at the foot of the ranking, its Est (+87 before) among them.
    expect(page.locator(".page-count")).to_have_text("2 / 2", timeout=15_000)
    assert [row.split("\n")[1:] for row in rows(page)[-3:]] == [
        ["JOUEUR10 Prénom", "−49"],
        ["JOUEUR11 Prénom", "−165"],
        ["JOUEUR12 Prénom", "−165"],
    ]
    page.screenshot(path=str(artifacts / "projector_live_1920_page2.png"))
    context.close()
