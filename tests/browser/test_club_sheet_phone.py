"""A sheet played by the club's rules on a 390 px phone (docs/scoring.md §Règles du club), at
tables of 4 and 5: the misères asked seat by seat, the live marques explaining each player's
prime, the rules said on the sheet, and nothing wider than the screen."""

import pytest
from playwright.sync_api import expect

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.browser.test_sheet_phone_widths import LONG_NAMES, OVERFLOWING, open_sheet
from tests.factories import club_tournament
from tournaments.models import Deal, Position, Registration
from tournaments.services.seating import seat_position

pytestmark = pytest.mark.browser

CLUB = {"rules": "club", "club_miseres": True, "club_individual_primes": True}
# Prise, 38 points with 2 bouts, Nord taking alone; Sud announced « pas d'atout ».
EXPECTED = {
    4: (["−94", "+18", "+58", "+18"], "3 × 10 = +30 ; chacun des autres −10"),
    5: (["−122", "+18", "+68", "+18", "+18"], "4 × 10 = +40 ; chacun des autres −10"),
}


@pytest.fixture
def club_table(arbitre):
    def make(size: int):
        tournament = club_tournament(arbitre, allow_five=True, **CLUB)
        registrations = [
            Registration.objects.create(
                tournament=tournament,
                player=Player.objects.create(last_name=last, first_name=first),
                number=number,
                checked_in=True,
            )
            for number, (last, first) in enumerate(LONG_NAMES[:size], start=1)
        ]
        position = Position.objects.create(tournament=tournament, number=1)
        return seat_position(position=position, tables=[registrations], by=TESTS)[0]

    return make


@pytest.mark.parametrize("size", [4, 5])
def test_a_club_deal_is_entered_and_explained_at_390_px(phone, club_table, size, artifacts):
    table = club_table(size)
    page = phone
    open_sheet(page, table)
    expect(page.locator(".sheet-head .rules")).to_have_text(
        "Règles du club : misères, primes individuelles"
    )
    form = page.locator("form.deal-form")

    form.locator("fieldset.seats").first.locator("label.choice").first.click()
    form.locator("fieldset.contracts label.choice", has_text="Prise").click()
    form.locator("fieldset.bouts label.choice").nth(2).click()
    form.get_by_label("Points", exact=True).fill("38")
    sud = form.locator("fieldset.miseres .poignee-line").nth(2)
    sud.locator("label.choice", has_text="Pas d'atout").click()

    marques, why = EXPECTED[size]
    expect(page.locator("#preview .preview-marques td")).to_have_text(marques)
    expect(page.locator("#preview .why")).to_contain_text(
        f"Pas d'atout ({LONG_NAMES[2][0]} É.) : {why}"
    )
    page.screenshot(path=str(artifacts / f"club_sheet_{size}_players_390.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.evaluate(OVERFLOWING, "#preview .preview-marques td") == []
    assert page.evaluate(OVERFLOWING, "fieldset.miseres .poignee-line") == []

    form.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#donne-1")).to_contain_text("pas d'atout")
    deal = Deal.objects.get(table=table, number=1)
    assert deal.misere_sud == "pas_d_atout"
    assert [deal.marque(place) for place in "NESOC"[:size]] == [
        int(marque.replace("−", "-")) for marque in marques
    ]
    page.screenshot(
        path=str(artifacts / f"club_sheet_{size}_players_saved_390.png"), full_page=True
    )
