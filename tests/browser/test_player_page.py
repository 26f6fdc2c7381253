"""A player's page on a 390 px phone follows by itself: the next seat shows at the top
once the arbitre publishes it, without a reload: at once through the live stream, or on the
page's timer when the stream cannot open."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from common.bus import MemoryBus
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import club_tournament, register, seat
from tournaments.models import Position
from tournaments.services.seating import publish_seating

pytestmark = pytest.mark.browser


def seated_ahead(arbitre):
    """Position 1 played and signed, position 2 seated but not published."""
    tournament = club_tournament(arbitre)
    tournament.deals_per_position = 1
    tournament.save()
    players = register(tournament, 8)
    for table in seat(tournament, 1, [players[:4], players[4:]]):
        play(table, prise_by("N"))
        sign(table)
    seat(tournament, 2, [players[4:], [players[2], players[3], players[0], players[1]]])
    return tournament


def next_seat_shown(page, artifacts, name):
    seat_title = page.get_by_role("heading", name="Position 2 : votre place")
    expect(seat_title).to_be_visible()
    expect(page.locator(".seat-big")).to_have_text("Table 2, Sud")
    expect(seat_title).to_be_in_viewport()
    assert page.evaluate("() => window.notReloaded")
    page.screenshot(path=str(artifacts / name), full_page=True)


def test_the_next_seat_appears_on_the_players_phone_as_it_is_published(phone, arbitre, artifacts):
    tournament = seated_ahead(arbitre)
    page = phone
    page.goto(f"/tournois/{tournament.pk}/joueurs/1/")
    expect(page.locator("html[data-live='up']")).to_have_count(1)
    expect(page.get_by_text("votre place")).to_have_count(0)
    page.evaluate("() => { window.notReloaded = true; }")

    publish_seating(position=Position.objects.get(tournament=tournament, number=2), by=TESTS)

    next_seat_shown(page, artifacts, "player_page_next_seat_390.png")


def test_without_its_stream_the_players_page_asks_every_30_seconds(
    phone, arbitre, artifacts, monkeypatch
):
    monkeypatch.setattr(MemoryBus, "up", lambda _bus: False)  # every stream refused (503)
    tournament = seated_ahead(arbitre)
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

    next_seat_shown(page, artifacts, "player_page_next_seat_timer_390.png")
