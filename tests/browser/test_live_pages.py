"""En direct: a deal saved on a table's phone shows on a player's page and in the arbitre's
room within a second, without a reload; the pages fall back on their timers while the stream
is cut, and come back to it."""

import pytest
from playwright.sync_api import expect

from notifications.live import topic
from tests.at_the_table import fill_sheet
from tests.browser.conftest import PHONE, log_in
from tests.browser.taps import FFT_EXAMPLE, enter_deal
from tests.factories import register
from tournaments.models import Registration

pytestmark = pytest.mark.browser

WITHIN_A_SECOND = 1_000


@pytest.fixture
def new_phone(chromium, live_server):
    contexts = []

    def opened(*, logged_in=None):
        context = chromium.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
        contexts.append(context)
        if logged_in is not None:
            log_in(context, logged_in, live_server)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield opened
    for context in contexts:
        context.close()


def following(page):
    """Wait until the page follows its stream; mark it, so that a reload would show."""
    expect(page.locator("html[data-live='up']")).to_have_count(1)
    page.evaluate("() => { window.notReloaded = true; }")


def open_sheet(page, table) -> None:
    """The table's phone types its code (from the QR code) and opens its sheet."""
    page.goto(f"/tables/{table.pk}/acces/?code={table.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()


def wait_for(page, held: list) -> None:
    """Up to five seconds, until a request is held."""
    for _ in range(50):
        if held:
            return
        page.wait_for_timeout(100)


def test_a_deal_saved_shows_on_the_players_page_and_in_the_room_within_a_second(
    new_phone, table, arbitre
):
    tournament = table.position.tournament
    nord = Registration.objects.get(tournament=tournament, number=1)
    player = new_phone()
    player.goto(f"/tournois/{tournament.pk}/joueurs/{nord.number}/")
    room = new_phone(logged_in=arbitre)
    room.goto(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")
    table_phone = new_phone()
    open_sheet(table_phone, table)
    following(player)
    following(room)
    expect(player.locator("#position-1")).not_to_contain_text(FFT_EXAMPLE[0]["taker_marque"])
    expect(room.locator("#table-1")).to_contain_text("0 / 5")

    enter_deal(table_phone, FFT_EXAMPLE[0])
    expect(table_phone.locator("#donne-1")).to_be_visible()

    expect(room.locator("#table-1")).to_contain_text("1 / 5", timeout=WITHIN_A_SECOND)
    expect(player.locator("#position-1 .player-deals")).to_be_visible(timeout=WITHIN_A_SECOND)
    assert player.evaluate("() => window.notReloaded")
    assert room.evaluate("() => window.notReloaded")


def test_another_phone_of_the_table_sees_the_deal_without_a_reload(new_phone, table):
    first, second = new_phone(), new_phone()
    for phone in (first, second):
        open_sheet(phone, table)
    following(second)

    enter_deal(first, FFT_EXAMPLE[0])

    expect(second.locator("#donne-1")).to_contain_text(
        FFT_EXAMPLE[0]["taker_marque"], timeout=WITHIN_A_SECOND
    )
    assert second.evaluate("() => window.notReloaded")


def test_a_cut_stream_brings_the_timers_back_until_it_reconnects(new_phone, table, live_bus):
    tournament = table.position.tournament
    page = new_phone()
    page.goto(f"/tournois/{tournament.pk}/classement/")
    following(page)

    live_bus.hub.deliver([None])  # the bus is cut: every stream ends

    expect(page.locator("html[data-live='down']")).to_have_count(1)
    expect(page.locator("html[data-live='up']")).to_have_count(1, timeout=10_000)
    assert page.evaluate("() => window.notReloaded")


def test_a_refresh_answered_after_typing_began_does_not_wipe_what_was_typed(new_phone, table):
    # The echo of the table's own save comes back on the stream; its refresh may land while the
    # next deal is being typed (a slow network, a busy server): it must wait, not wipe the form.
    page = new_phone()
    open_sheet(page, table)
    following(page)
    held = []

    def hold_refreshes(route):
        if route.request.method == "GET" and route.request.headers.get("hx-request"):
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/tables/{table.pk}/", hold_refreshes)
    enter_deal(page, FFT_EXAMPLE[0])
    expect(page.locator("#donne-1")).to_contain_text(FFT_EXAMPLE[0]["taker_marque"])
    wait_for(page, held)
    assert len(held) == 1, "the stream's echo of the save asked for the sheet again"

    form = page.locator("form.deal-form")
    form.get_by_label("Points", exact=True).fill("47")
    page.evaluate(
        """() => { window.swapsAsked = 0; document.body.addEventListener('htmx:beforeSwap',
        (evt) => { if (evt.detail.elt.id === 'sheet') window.swapsAsked += 1; }); }"""
    )
    refresh = held.pop()
    refresh.fulfill(response=refresh.fetch())

    page.wait_for_function("() => window.swapsAsked === 1")
    expect(page.locator("form.deal-form").get_by_label("Points", exact=True)).to_have_value("47")
    assert page.evaluate("() => window.notReloaded")


def test_a_refresh_drawn_before_a_signature_does_not_hide_it(new_phone, table, live_bus):
    # The stream's refresh of the sheet is on its way (drawn before the tap) when a player taps
    # their name: the signature's answer shows it taken; the refresh, landing after, must not
    # show the sheet as it was before the tap (the button untapped, the tap seemingly lost).
    fill_sheet(table)
    tournament = table.position.tournament
    page = new_phone()
    open_sheet(page, table)
    following(page)
    held = []

    def hold_the_first_refresh(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))  # drawn now, before the tap
        else:
            route.continue_()

    page.route(f"**/tables/{table.pk}/", hold_the_first_refresh)
    live_bus.publish(
        topic(tournament.pk),
        {"kind": "deal.corrected", "tournament": tournament.pk, "position": 1, "table": 1,
         "registrations": [1, 2, 3, 4], "totals": True},
    )  # fmt: skip
    wait_for(page, held)
    assert len(held) == 1, "the event did not ask for the sheet again"
    page.locator("button.sign").first.click()
    expect(page.locator("button.sign.confirmed")).to_have_count(1)

    route, drawn_before = held.pop()
    route.fulfill(response=drawn_before)
    page.wait_for_timeout(1_000)

    expect(page.locator("button.sign.confirmed")).to_have_count(1)
    assert page.evaluate("() => window.notReloaded")


def test_a_refresh_of_the_check_in_drawn_before_a_tap_does_not_hide_it(
    new_phone, arbitre, tournament, live_bus
):
    # The stream's refresh of the check-in list (another arbitre checked someone in) is on
    # its way, drawn before the tap, when the arbitre taps « Pointer » for a player: the tap's
    # answer shows them present; the refresh, landing after, must not show the list as it was.
    late = register(tournament, 2)
    Registration.objects.filter(pk__in=[late[0].pk, late[1].pk]).update(checked_in=False)
    page = new_phone(logged_in=arbitre)
    page.goto(f"/arbitre/tournois/{tournament.pk}/pointage/")
    following(page)
    held = []

    def hold_the_first_refresh(route):
        if route.request.method == "GET" and route.request.headers.get("hx-request") and not held:
            held.append((route, route.fetch()))  # drawn now, before the tap
        else:
            route.continue_()

    page.route(f"**/arbitre/tournois/{tournament.pk}/pointage/*", hold_the_first_refresh)
    live_bus.publish(
        topic(tournament.pk),
        {"kind": "registration.updated", "tournament": tournament.pk, "position": None,
         "table": None, "registrations": [], "totals": False, "private": True, "checkin": True},
    )  # fmt: skip
    wait_for(page, held)
    assert len(held) == 1, "the event did not ask for the list again"
    page.get_by_role("button", name="Pointer", exact=True).first.click()
    expect(page.get_by_role("button", name="Pointer", exact=True)).to_have_count(1)

    route, drawn_before = held.pop()
    route.fulfill(response=drawn_before)
    page.wait_for_timeout(1_000)

    expect(page.get_by_role("button", name="Pointer", exact=True)).to_have_count(1)
    assert page.evaluate("() => window.notReloaded")
