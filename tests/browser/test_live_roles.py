"""En direct for the championship team's roles: an arbitre de salle's room and a pointeur's
check-in follow the arbitres' stream (what each role's pages show), not their timers."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from championships.services.halls import add_hall, give_role
from tests.at_the_table import TESTS, play
from tests.browser.conftest import log_in
from tournaments.deal_scoring import DealResult
from tournaments.services.registrations import withdraw_player

pytestmark = pytest.mark.browser

GARDE_SANS = DealResult(taker="N", contract="garde_sans", bouts=2, points=50)
A_COUPLE_OF_SECONDS = 2_000


@pytest.fixture
def hall_arbitre(table):
    """Table 1 in « Salle A », table 2 in « Salle B »; an arbitre de salle of « Salle A »."""
    tournament = table.position.tournament
    hall = add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=1, by=TESTS)
    add_hall(tournament=tournament, name="Salle B", first_table=2, last_table=2, by=TESTS)
    user = get_user_model().objects.create_user(username="salle-a", password="x")
    give_role(tournament=tournament, username=user.username, role="salle", hall=hall, by=TESTS)
    return user


def test_a_call_at_a_table_of_the_hall_shows_in_its_arbitres_room_within_seconds(
    chromium, live_server, table, hall_arbitre, live_bus
):
    context = chromium.new_context(locale="fr-FR", base_url=live_server.url)
    log_in(context, hall_arbitre, live_server)
    page = context.new_page()
    room = f"/arbitre/tournois/{table.position.tournament_id}/positions/1/salles/1/"

    # The room's timer made an hour long: only the stream can bring the call in time.
    def long_timer(route):
        html = route.fetch().text().replace('data-live-every="20"', 'data-live-every="3600"')
        route.fulfill(body=html, content_type="text/html; charset=utf-8")

    page.route(f"**{room}", long_timer)
    page.goto(room)
    expect(page.locator("html[data-live='up']")).to_have_count(1, timeout=5_000)
    expect(page.locator("#room")).to_have_attribute("data-live-every", "3600")
    expect(page.locator(".alert-list")).to_have_count(0)

    play(table, GARDE_SANS)

    expect(page.locator(".alert-list")).to_contain_text("Garde sans", timeout=A_COUPLE_OF_SECONDS)
    assert live_bus.since_start()[-1].data["kind"] == "call.raised"
    context.close()


def test_a_withdrawal_at_the_arbitres_desk_shows_on_the_pointeurs_check_in_at_once(
    chromium, live_server, table, live_bus
):
    tournament = table.position.tournament
    pointeur = get_user_model().objects.create_user(username="pointeur", password="x")
    give_role(tournament=tournament, username="pointeur", role="pointeur", hall=None, by=TESTS)
    context = chromium.new_context(locale="fr-FR", base_url=live_server.url)
    log_in(context, pointeur, live_server)
    page = context.new_page()
    page.goto(f"/arbitre/tournois/{tournament.pk}/pointage/")
    expect(page.locator("html[data-live='up']")).to_have_count(1, timeout=5_000)
    registration = tournament.registrations.get(number=8)

    withdraw_player(registration=registration, by=TESTS)

    row = page.locator(f"#checkin-{registration.pk}")
    expect(row).to_contain_text("retrait dès la position", timeout=A_COUPLE_OF_SECONDS)
    expect(page.locator("#checkin-counter")).to_contain_text("7 présents")
    assert live_bus.since_start()[-1].data["kind"] == "registration.withdrawn"
    context.close()
