"""Tapping deals into the sheet's deal form on a phone, as a table does."""

import re

from playwright.sync_api import expect

from tests import fft_example

# The table of the ``table`` fixture sits Nord, Est, Sud, Ouest (players Joueur1 to Joueur4).
NAMES = {"N": "Joueur1 P.", "E": "Joueur2 P.", "S": "Joueur3 P.", "O": "Joueur4 P."}
CONTRACTS = {"prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans"}
CAMPS = {"attack": "Attaque", "defense": "Défense"}


def as_tapped(deal: dict, marques: dict) -> dict:
    """One deal of the FFT example as its buttons read, with the taker's marque to expect."""
    tapped = {
        "taker": deal["taker"],
        "contract": CONTRACTS[deal["contract"]],
        "bouts": str(deal["bouts"]),
        "points": str(deal["points"]),
        "poignees": {place: size.capitalize() for place, size in deal.get("poignees", {}).items()},
        "taker_marque": fft_example.signed(marques[deal["taker"]]),
    }
    if "petit_au_bout" in deal:
        tapped["petit"] = CAMPS[deal["petit_au_bout"]]
    if "chelem" in deal:
        tapped["chelem"] = deal["chelem"]
    return tapped


FFT_EXAMPLE = [
    as_tapped(deal, marques)
    for deal, marques in zip(fft_example.DEALS, fft_example.MARQUES, strict=True)
]
# Nord's garde (deal 4) is typed as the defence counted it, 44: the attack has 91 − 44 = 47.
FFT_EXAMPLE[3] = {**FFT_EXAMPLE[3], "defence_points": "44"}
del FFT_EXAMPLE[3]["points"]


def tap(form, group_legend: str, label: str) -> None:
    group = form.locator("fieldset", has=form.page.get_by_text(group_legend, exact=True))
    group.locator("label.choice", has_text=re.compile(f"^{re.escape(label)}$")).first.click()


def fill_deal(form, deal: dict) -> None:
    """Tap one deal of FFT_EXAMPLE into the deal form, without saving it."""
    tap(form, "Preneur", NAMES[deal["taker"]])
    tap(form, "Contrat", deal["contract"])
    tap(form, "Bouts de l'attaque", deal["bouts"])
    if "defence_points" in deal:
        form.get_by_label("Points", exact=True).fill(deal["defence_points"])
        tap(form, "Points", "de la défense")
    else:
        form.get_by_label("Points", exact=True).fill(deal["points"])
    if "petit" in deal:
        tap(form, "Petit au bout", deal["petit"])
    for place, size in deal.get("poignees", {}).items():
        line = form.locator(".poignee-line", has_text=NAMES[place])
        line.locator("label.choice", has_text=size).click()
    if "chelem" in deal:
        form.get_by_label("Chelem", exact=True).select_option(deal["chelem"])


def enter_deal(page, deal: dict) -> None:
    form = page.locator("form.deal-form")
    fill_deal(form, deal)
    # The marques show before saving, with their reasons.
    expect(page.locator("#preview")).to_contain_text(deal["taker_marque"])
    expect(page.locator("#preview .why")).to_contain_text("il faut")
    form.get_by_role("button", name="Enregistrer la donne").click()


def press_save_once_settled(page, form) -> None:
    """Press « Enregistrer la donne » once the live marques have answered what was typed:
    their message moves the button, and a tap while the page moves lands beside it."""
    expect(page.locator("#preview")).not_to_contain_text("au fil de la saisie")
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    form.get_by_role("button", name="Enregistrer la donne").click()
