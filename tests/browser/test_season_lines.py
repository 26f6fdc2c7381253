"""A season's lines look like what they are: each opens on the evenings behind its score, by a
tap or by the keyboard, and shows an arrow that turns as it opens."""

import datetime

import pytest
from playwright.sync_api import expect

from seasons.models import Season
from tests.factories import club_of
from tests.seasons.evenings import evening, make_people

pytestmark = pytest.mark.browser

MARKER = "(summary) => getComputedStyle(summary, '::before')"


@pytest.fixture
def season_page(phone, arbitre):
    club = club_of(arbitre)
    evening(club, arbitre, 6, make_people())
    season = Season.objects.create(
        club=club,
        name="Saison 2026",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
        method="cumul",
    )
    phone.goto(f"/saisons/{season.pk}/")
    return phone


def test_a_season_line_shows_an_arrow_that_says_it_opens(season_page):
    summary = season_page.locator(".season-line summary").first

    marker = summary.evaluate(
        f"(summary) => {{ const m = ({MARKER})(summary); "
        "return [m.content, m.display, m.transform]; }"
    )

    assert marker[0].startswith('"▸"')
    assert marker[1] != "none"
    assert marker[2] == "none"


def test_the_arrow_turns_down_when_the_line_opens_on_its_evenings(season_page):
    line = season_page.locator(".season-line").first

    line.locator("summary").click()

    expect(line.locator(".evenings")).to_be_visible()
    assert line.locator("summary").evaluate(f"(summary) => ({MARKER})(summary).transform") != "none"


def test_a_season_line_opens_from_the_keyboard(season_page):
    line = season_page.locator(".season-line").first

    line.locator("summary").focus()
    season_page.keyboard.press("Enter")

    expect(line.locator(".evenings")).to_be_visible()


def test_the_arrow_is_not_read_aloud(season_page):
    snapshot = season_page.locator(".season-lines").first.aria_snapshot()

    assert "▸" not in snapshot
    assert "ABEL" in snapshot
