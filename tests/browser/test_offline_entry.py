"""The room's Wi-Fi drops: the table's phone keeps its sheet, keeps the deals typed offline,
and sends each exactly once when the connection returns (docs, « Hors connexion »)."""

import pytest
from playwright.sync_api import expect

from common.actors import Actor
from tests import fft_example
from tests.browser.taps import FFT_EXAMPLE, enter_deal, fill_deal
from tournaments.models import Deal
from tournaments.services.deals import record_deal

pytestmark = pytest.mark.browser

# (wait_for_function would evaluate a string, which the CSP forbids.)
WORKER_IN_CHARGE = """() => navigator.serviceWorker.controller !== null
    || new Promise((resolve) => navigator.serviceWorker.addEventListener(
        "controllerchange", () => resolve(true)))"""


def open_sheet_with_code(page, table) -> None:
    page.goto(f"/tables/{table.pk}/acces/?code={table.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    expect(page.get_by_role("heading", name="Donne 1")).to_be_visible()
    # The worker now serves this sheet, whether the network answers or not.
    page.evaluate(WORKER_IN_CHARGE)


def type_deal(page, deal: dict) -> None:
    """Tap a deal in and save it, with no marque to check: offline, there is none."""
    form = page.locator("form.deal-form")
    fill_deal(form, deal)
    form.get_by_role("button", name="Enregistrer la donne").click()


def watch_errors(page) -> list:
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_deals_typed_offline_wait_on_the_phone_and_go_once_when_it_is_back(phone, table, artifacts):
    page = phone
    context = page.context
    open_sheet_with_code(page, table)

    context.set_offline(True)
    type_deal(page, FFT_EXAMPLE[0])
    expect(page.locator(".offline-banner")).to_have_text("Hors connexion — 1 donne en attente")
    expect(page.locator("#preview")).to_contain_text("la marque sera calculée à l'envoi")
    type_deal(page, FFT_EXAMPLE[1])

    banner = page.locator(".offline-banner")
    expect(banner).to_have_text("Hors connexion — 2 donnes en attente")
    expect(page.locator("#attente-1")).to_contain_text("Garde — Joueur2 P. · 49 pts, 2 bouts")
    expect(page.locator("#attente-2")).to_contain_text("en attente d'envoi")
    expect(page.get_by_role("heading", name="Donne 3")).to_be_visible()
    banner.screenshot(path=str(artifacts / "offline_banner_390.png"))
    page.locator("#sheet table.sheet-grid").screenshot(
        path=str(artifacts / "offline_pending_rows_390.png")
    )
    page.screenshot(path=str(artifacts / "offline_sheet_390.png"), full_page=True)
    assert not Deal.objects.filter(table=table).exists()

    # The phone is put away and taken out again, still without the Wi-Fi.
    page.close()
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator("#attente-1")).to_contain_text("en attente d'envoi")
    expect(page.locator("#attente-2")).to_contain_text("en attente d'envoi")
    expect(page.locator(".offline-banner")).to_have_text("Hors connexion — 2 donnes en attente")
    expect(page.get_by_role("heading", name="Donne 3")).to_be_visible()

    context.set_offline(False)
    expect(page.locator(".offline-banner")).to_have_text("Envoyé")
    expect(page.locator("#donne-1")).to_contain_text("+318")
    expect(page.locator("#donne-2")).to_contain_text("+228")
    expect(page.locator("[data-offline-row]")).to_have_count(0)
    page.screenshot(path=str(artifacts / "offline_sent_390.png"), full_page=True)
    deals = Deal.objects.filter(table=table).order_by("number")
    assert [(deal.number, deal.taker, deal.marque(deal.taker)) for deal in deals] == [
        (1, "E", 318),
        (2, "O", 228),
    ]
    assert not errors, errors


def test_a_kept_deal_the_arbitre_made_impossible_comes_back_refused_with_its_values(
    phone, table, arbitre, artifacts
):
    page = phone
    open_sheet_with_code(page, table)
    page.context.set_offline(True)
    type_deal(page, FFT_EXAMPLE[0])
    expect(page.locator("#attente-1")).to_contain_text("en attente d'envoi")

    # Meanwhile the arbitre writes another deal 1 on this sheet from the room.
    record_deal(table=table, number=1, result=fft_example.RESULTS[1], by=Actor.arbitre(arbitre))
    page.context.set_offline(False)

    form = page.locator("form.deal-form")
    expect(page.locator(".offline-banner")).to_contain_text("La donne 1 a été refusée à l'envoi")
    expect(form.locator(".errorlist").first).to_contain_text(
        "La donne 1 est déjà inscrite sur cette feuille."
    )
    expect(form.get_by_label("Points", exact=True)).to_have_value("49")
    expect(form.locator("input[name=taker][value='E']")).to_be_checked()
    expect(form.locator("input[name=poignee_E][value='simple']")).to_be_checked()
    expect(page.locator("#attente-1")).to_contain_text("refusée à l'envoi")
    page.screenshot(path=str(artifacts / "offline_refused_390.png"), full_page=True)
    deal = Deal.objects.get(table=table)
    assert (deal.taker, deal.marque_ouest) == ("O", 228)


def test_a_whole_position_with_the_wifi_cut_half_way_is_stored_exactly_once(phone, table):
    page = phone
    open_sheet_with_code(page, table)
    for number, deal in enumerate(FFT_EXAMPLE[:2], start=1):
        enter_deal(page, deal)
        expect(page.locator(f"#donne-{number}")).to_contain_text(deal["taker_marque"])

    page.context.set_offline(True)
    for kept, deal in enumerate(FFT_EXAMPLE[2:], start=1):
        type_deal(page, deal)
        # Kept, and the form ready for the next deal, before it is typed (as a player waits
        # for the sheet to show the deal « en attente d'envoi »).
        expect(page.locator(".offline-banner")).to_contain_text(f"{kept} donne")
    expect(page.locator(".offline-banner")).to_have_text("Hors connexion — 3 donnes en attente")
    expect(page.locator("#entry-title")).to_have_text(
        "Toutes les donnes de la position sont saisies : elles partiront au retour du réseau."
    )

    page.context.set_offline(False)
    expect(page.locator(".offline-banner")).to_have_text("Envoyé")
    expect(page.locator("tr.bilan td")).to_have_text(fft_example.BILANS_SHOWN)
    expect(page.locator(".sum-check")).to_contain_text("Somme des bilans : 0")
    assert list(
        Deal.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    ) == [1, 2, 3, 4, 5]


def test_a_deal_whose_answer_was_lost_is_sent_again_and_stored_once(phone, table):
    page = phone
    open_sheet_with_code(page, table)

    def answer_lost(route):
        route.fetch()  # the server stores the deal…
        route.abort("connectionreset")  # …and its answer never reaches the phone

    page.context.route("**/donnes/nouvelle/", answer_lost)
    type_deal(page, FFT_EXAMPLE[0])
    # The phone believes it is online: its save failed, it says so and keeps the deal.
    expect(page.locator(".offline-banner")).to_have_text(
        "Pas de réseau : la donne sera envoyée dès que possible"
    )
    assert Deal.objects.filter(table=table).count() == 1

    page.context.unroute("**/donnes/nouvelle/")
    page.context.set_offline(True)
    page.context.set_offline(False)  # the phone's Wi-Fi comes back: the kept deal goes again
    expect(page.locator(".offline-banner")).to_have_text("Envoyé")
    expect(page.locator("#donne-1")).to_contain_text("+318")
    assert Deal.objects.filter(table=table).count() == 1


class FailingServer:
    """The table's saves and previews answered ``status`` while ``down``: what a proxy answers
    while the app restarts, or the app's own failure."""

    def __init__(self, page, table, status: int):
        self.status, self.down = status, True
        for path in ("donnes/nouvelle/", "apercu/"):
            page.context.route(f"**/tables/{table.pk}/{path}", self.answer)

    def answer(self, route):
        if route.request.method == "POST" and self.down:
            route.fulfill(status=self.status, content_type="text/html", body="<h1>Erreur</h1>")
        else:
            route.continue_()


@pytest.mark.parametrize("status", [500, 502, 503])
def test_a_deal_the_server_fails_to_save_waits_on_the_phone_and_goes_later(phone, table, status):
    page = phone
    open_sheet_with_code(page, table)
    server = FailingServer(page, table, status)

    type_deal(page, FFT_EXAMPLE[0])

    expect(page.locator(".offline-banner")).to_have_text(
        "Pas de réseau : la donne sera envoyée dès que possible"
    )
    expect(page.locator("#attente-1")).to_contain_text("en attente d'envoi")
    assert not Deal.objects.filter(table=table).exists()
    # The server is back; the phone tries again (every 15 s, when it hears it is online, or
    # when another of its requests is answered).
    server.down = False
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.locator(".offline-banner")).to_have_text("Envoyé")
    expect(page.locator("#donne-1")).to_contain_text("+318")
    assert [deal.number for deal in Deal.objects.filter(table=table)] == [1]
