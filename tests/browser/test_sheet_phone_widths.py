"""The sheet on a 390 px phone at tables of 3, 4 and 5 with long French names: every column,
name and bilan is readable (nothing clipped, nothing cut to « Du… »), the live marques fit,
and a refused save shows its message once."""

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.browser.taps import press_save_once_settled
from tests.factories import club_tournament
from tournaments.deal_scoring import DealResult
from tournaments.models import Position, Registration
from tournaments.services.deals import record_deal
from tournaments.services.seating import seat_position

pytestmark = pytest.mark.browser

LONG_NAMES = [
    ("Dupont-Moretti", "Jean-Baptiste"),
    ("Évrard de la Tour", "Gwénaëlle"),
    ("Castelnau-Montgaillard", "Éloïse"),
    ("Chrétien", "Hélène"),
    ("Noël", "Marie"),
]
PLACES = "NESOC"
# The widest marques a deal writes at each size (a garde sans with primes, the taker alone).
DEALS = {
    3: DealResult(taker="N", contract="garde_sans", bouts=3, points=78, petit_au_bout="attack",
                  poignees={"N": "triple"}),
    4: DealResult(taker="N", contract="garde_sans", bouts=3, points=78, petit_au_bout="attack",
                  poignees={"N": "triple"}),
    5: DealResult(taker="C", contract="garde_sans", bouts=3, points=78, petit_au_bout="attack",
                  poignees={"C": "triple"}),
}  # fmt: skip

# Elements whose text overflows them, by a selector, measured in the page.
OVERFLOWING = """(selector) => Array.from(document.querySelectorAll(selector))
    .filter((element) => element.scrollWidth > element.clientWidth + 1)
    .map((element) => element.textContent.trim())"""


@pytest.fixture
def long_named_table(arbitre):
    def make(size: int):
        tournament = club_tournament(arbitre, allow_five=True)
        registrations = []
        for number, (last, first) in enumerate(LONG_NAMES[:size], start=1):
            player = Player.objects.create(
                last_name=last, first_name=first, licence=f"W{number:05d}"
            )
            registrations.append(
                Registration.objects.create(
                    tournament=tournament, player=player, number=number, checked_in=True
                )
            )
        position = Position.objects.create(tournament=tournament, number=1)
        table = seat_position(position=position, tables=[registrations], by=TESTS)[0]
        record_deal(table=table, number=1, result=DEALS[size], by=TESTS)
        return table

    return make


def open_sheet(page, table):
    page.goto(f"/tables/{table.pk}/acces/?code={table.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    expect(page.locator("form.deal-form")).to_be_visible()


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_column_and_name_is_readable_at_390_px(phone, long_named_table, size, artifacts):
    table = long_named_table(size)
    page = phone
    open_sheet(page, table)

    page.screenshot(path=str(artifacts / f"sheet_{size}_players_390.png"), full_page=True)
    grid = page.locator(".scroll")
    assert grid.evaluate("(element) => element.scrollWidth <= element.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    names = page.locator(".sheet-grid .seat-head .name")
    expect(names).to_have_text([re.compile(re.escape(last)) for last, _first in LONG_NAMES[:size]])
    for selector in (".seat-head .name", ".seat-head .place", "tr.bilan td", ".deal-row td"):
        assert page.evaluate(OVERFLOWING, f".sheet-grid {selector}") == [], selector
    # The fifth column's bilan shows whole, inside the screen.
    last_bilan = page.locator("tr.bilan td").last
    box = last_bilan.bounding_box()
    assert box["x"] + box["width"] <= 390


def type_a_garde_contre(page) -> None:
    """The third seat's garde contre, 3 bouts and 91 points: the live marques shown."""
    form = page.locator("form.deal-form")
    form.locator("fieldset.seats").first.locator("label.choice").nth(2).click()
    form.locator("fieldset.contracts label.choice", has_text="Garde contre").click()
    form.locator("fieldset.bouts label.choice").nth(3).click()
    form.get_by_label("Points", exact=True).fill("91")
    expect(page.locator("#preview .preview-marques")).to_contain_text("+")


def test_the_live_marques_of_five_players_fit_at_390_px(phone, long_named_table, artifacts):
    table = long_named_table(5)
    page = phone
    open_sheet(page, table)

    type_a_garde_contre(page)

    page.locator("#preview").screenshot(path=str(artifacts / "live_marques_5_players_390.png"))
    assert page.locator("#preview").evaluate(
        "(element) => element.scrollWidth <= element.clientWidth"
    )
    assert page.evaluate(OVERFLOWING, "#preview .preview-marques td") == []


def test_a_refused_save_shows_its_message_once_on_the_phone(phone, long_named_table):
    table = long_named_table(4)
    page = phone
    open_sheet(page, table)
    form = page.locator("form.deal-form")

    form.locator("fieldset.seats").first.locator("label.choice").first.click()
    form.locator("fieldset.contracts label.choice", has_text="Prise").click()
    form.locator("fieldset.bouts label.choice").nth(1).click()
    form.get_by_label("Points", exact=True).fill("95")
    expect(page.locator("#preview")).to_contain_text("entre 0 et 91")
    press_save_once_settled(page, form)
    expect(page.locator("#errors-points")).to_contain_text("entre 0 et 91")
    expect(page.get_by_text("compris entre 0 et 91")).to_have_count(1)

    # Typing again: the live marques take over, the message of the save goes. Typed once htmx
    # has settled the refused form, whose live marques listen to the new fields only then.
    busy = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"
    page.wait_for_function(f"() => !document.querySelector('{busy}')")
    page.locator("form.deal-form").get_by_label("Points", exact=True).fill("96")
    expect(page.locator("#preview")).to_contain_text("et non 96")
    expect(page.get_by_text("compris entre 0 et 91")).to_have_count(1)


# The words of the cells that a line break splits (between two of its letters; a break after
# a hyphen is a French line's own).
SPLIT_WORDS = """(selector) => Array.from(document.querySelectorAll(selector)).flatMap((cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const split = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(/[^\\s-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top)));
            if (lines.size > 1) split.push(match[0]);
        }
    }
    return split;
})"""


def test_the_live_marques_name_every_player_whole_at_390_px(phone, long_named_table, artifacts):
    table = long_named_table(5)
    page = phone
    open_sheet(page, table)

    type_a_garde_contre(page)

    page.locator("#preview").screenshot(path=str(artifacts / "live_marques_names_390.png"))
    assert page.evaluate(SPLIT_WORDS, "#preview .preview-marques th") == []
    assert page.evaluate(OVERFLOWING, "#preview .preview-marques th") == []
    # Every marque in sight: the table needs no scrolling sideways.
    assert page.locator("#preview .scroll").evaluate(
        "(element) => element.scrollWidth <= element.clientWidth"
    )
