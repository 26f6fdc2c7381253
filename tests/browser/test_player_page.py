"""A player's page on a 390 px phone follows by itself: the next seat shows at the top
once the arbitre publishes it, without a reload."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.at_the_table import play, prise_by, sign
from tests.factories import club_tournament, register, seat
from tournaments.models import Position

pytestmark = pytest.mark.browser


def test_the_next_seat_appears_on_the_players_phone_without_a_reload(phone, arbitre, artifacts):
    tournament = club_tournament(arbitre)
    tournament.deals_per_position = 1
    tournament.save()
    players = register(tournament, 8)
    for table in seat(tournament, 1, [players[:4], players[4:]]):
        play(table, prise_by("N"))
        sign(table)
    seat(tournament, 2, [players[4:], [players[2], players[3], players[0], players[1]]])
    page = phone
    page.clock.install()
    page.goto(f"/tournois/{tournament.pk}/joueurs/1/")
    expect(page.get_by_text("Mis à jour à")).to_be_visible()
    expect(page.get_by_text("votre place")).to_have_count(0)
    page.evaluate("() => { window.notReloaded = true; }")

    Position.objects.filter(tournament=tournament, number=2).update(
        seating_published_at=timezone.now()
    )
    page.clock.fast_forward(31_000)

    seat_title = page.get_by_role("heading", name="Position 2 : votre place")
    expect(seat_title).to_be_visible()
    expect(page.locator(".seat-big")).to_have_text("Table 2, Sud")
    expect(seat_title).to_be_in_viewport()
    assert page.evaluate("() => window.notReloaded")
    page.screenshot(path=str(artifacts / "player_page_next_seat_390.png"), full_page=True)
