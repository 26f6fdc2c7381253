"""A table enters the FFT example sheet on a phone, as a new user would, and signs it."""

import pytest
from playwright.sync_api import expect

from tests import fft_example
from tests.browser.taps import FFT_EXAMPLE, NAMES, enter_deal, press_save_once_settled, tap
from tournaments.models import Deal

pytestmark = pytest.mark.browser


def test_a_table_enters_the_fft_example_sheet_on_a_phone(phone, table, artifacts):
    page = phone
    page.goto(f"/tables/{table.pk}/")
    page.get_by_role("link", name="Saisir les donnes de cette table (code)").click()
    page.get_by_label("Code de la table").fill(table.code.lower())
    page.get_by_role("button", name="Ouvrir la feuille").click()
    expect(page.get_by_role("heading", name="Donne 1")).to_be_visible()

    for number, deal in enumerate(FFT_EXAMPLE, start=1):
        enter_deal(page, deal)
        expect(page.locator(f"#donne-{number}")).to_contain_text(deal["taker_marque"])

    bilans = page.locator("tr.bilan td")
    expect(bilans).to_have_text(fft_example.BILANS_SHOWN)
    expect(page.locator(".sum-check")).to_contain_text("Somme des bilans : 0")
    assert Deal.objects.filter(table=table).count() == 5
    page.screenshot(path=str(artifacts / "fft_example_sheet.png"), full_page=True)

    for place in "NESO":
        page.locator("button.sign", has_text=NAMES[place].split()[0]).click()
        expect(
            page.locator("button.sign.confirmed", has_text=NAMES[place].split()[0]).or_(
                page.locator(".signed-note")
            )
        ).to_be_visible()
    expect(page.locator(".signed-note")).to_contain_text("Feuille signée")
    table.refresh_from_db()
    assert table.locked_at is not None


def test_a_deal_bid_then_played_and_a_refusal_that_keeps_what_was_typed(phone, table):
    page = phone
    page.goto(f"/tables/{table.pk}/acces/?code={table.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    form = page.locator("form.deal-form")

    # At the bidding: the taker and the contract only.
    tap(form, "Preneur", NAMES["O"])
    tap(form, "Contrat", "Garde contre")
    expect(page.locator("#preview")).to_contain_text("le résultat sera saisi après la donne")
    form.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.get_by_role("heading", name="Donne 1 : le résultat")).to_be_visible()
    expect(page.locator("#donne-1")).to_contain_text("résultat à venir")

    # After play: 95 points cannot be; the message comes back and nothing typed is lost.
    form = page.locator("form.deal-form")
    tap(form, "Bouts de l'attaque", "3")
    form.get_by_label("Points", exact=True).fill("95")
    expect(page.locator("#preview")).to_contain_text("entre 0 et 91")
    press_save_once_settled(page, form)
    # The live marques may show the same message first: wait for the save's own answer, which
    # swaps the whole form (anything typed before it arrived would be replaced).
    expect(page.locator("#preview")).to_contain_text("une fois corrigé ce qui est signalé")
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    expect(form.locator(".errorlist").first).to_contain_text("entre 0 et 91")
    expect(form.locator(".errorlist").first).to_be_in_viewport()
    expect(form.get_by_label("Points", exact=True)).to_have_value("95")
    expect(form.locator("input[name=bouts][value='3']")).to_be_checked()

    form.get_by_label("Points", exact=True).fill("40")
    expect(page.locator("#preview")).to_contain_text("+174")
    form.get_by_role("button", name="Enregistrer la donne").click()
    # Garde contre won by 4 with 3 bouts: (25 + 4) × 6 = 174 from each defender.
    expect(page.locator("#donne-1")).to_contain_text("+522")
    # Saved: back to the top of the sheet, where the message and the new row show.
    expect(page.get_by_text("Donne 1 enregistrée.")).to_be_in_viewport()
    assert Deal.objects.get(table=table).marque_ouest == 522
