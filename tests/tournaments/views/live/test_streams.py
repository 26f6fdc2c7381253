"""The live streams (fixed URLs): /tournois/<id>/direct/ for everyone once published,
/arbitre/tournois/<id>/direct/ for the club's arbitres, with the tables' calls."""

import pytest
from django.test import Client

from common.bus import DOWN
from tests.at_the_table import play, prise_by
from tests.factories import seated_room
from tests.live import OPENED, data_of, frames, next_frames
from tournaments.deal_scoring import DealResult

GARDE_SANS = DealResult(taker="N", contract="garde_sans", bouts=2, points=50)


@pytest.fixture
def room(arbitre):
    tournament, position, tables, registrations = seated_room(arbitre)
    return tournament, tables


def open_stream(client, tournament, **headers):
    response = client.get(f"/tournois/{tournament.pk}/direct/", headers=headers)
    assert response.status_code == 200
    OPENED.append(response)
    return response


def test_the_stream_is_server_sent_events_never_cached(client, room):
    response = open_stream(client, room[0])

    assert response["Content-Type"] == "text/event-stream; charset=utf-8"
    assert response["Cache-Control"] == "no-cache, no-transform"
    assert frames(response, 1) == ["retry: 3000\n\n"]


def test_a_deal_saved_reaches_an_open_stream_with_its_id(client, room, live_bus, commits):
    tournament, tables = room
    response = open_stream(client, tournament)
    content = iter(response.streaming_content)
    next(content)

    with commits(execute=True):
        play(tables[1], prise_by("N"))

    frame = next(content).decode()
    event_id = live_bus.since_start()[-1].id
    assert frame.startswith(f"id: {event_id}\n")
    event = data_of(frame)
    assert (event["kind"], event["position"], event["table"]) == ("deal.recorded", 1, 2)


def test_a_client_coming_back_receives_what_it_missed_in_order(client, room, live_bus, commits):
    tournament, tables = room
    with commits(execute=True):
        play(tables[0], prise_by("N"))
    seen = live_bus.since_start()[-1].id
    with commits(execute=True):
        play(tables[1], prise_by("N"), prise_by("E"))

    response = open_stream(client, tournament, last_event_id=seen)

    missed = [data_of(frame) for frame in frames(response, 3)[1:]]
    assert [(event["table"], event["kind"]) for event in missed] == [
        (2, "deal.recorded"),
        (2, "deal.recorded"),
    ]


def test_a_client_away_longer_than_the_hour_is_told_to_read_its_pages_again(client, room):
    response = open_stream(client, room[0], last_event_id="1-0")

    assert frames(response, 2)[1] == "event: reload\ndata: {}\n\n"


def test_a_quiet_stream_sends_a_heartbeat_comment(client, room, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05

    response = open_stream(client, room[0])

    assert frames(response, 2)[1] == ": ♥\n\n"


def test_the_stream_ends_when_the_bus_is_cut(client, room, live_bus):
    response = open_stream(client, room[0])
    content = iter(response.streaming_content)
    next(content)

    live_bus.hub.deliver([DOWN])

    with pytest.raises(StopIteration):
        next(content)


def test_the_public_stream_leaves_out_the_calls(client, room, live_bus, commits):
    tournament, tables = room
    response = open_stream(client, tournament)
    content = iter(response.streaming_content)
    next(content)

    with commits(execute=True):
        play(tables[0], prise_by("N"))  # no call
    with commits(execute=True):
        play(tables[1], GARDE_SANS)

    kinds = [data_of(frame)["kind"] for frame in next_frames(content, 2)]
    assert kinds == ["deal.recorded", "deal.recorded"]
    assert [event.data["kind"] for event in live_bus.since_start()][-1] == "call.raised"


def test_the_arbitres_stream_brings_the_calls(arbitre_client, room, commits):
    tournament, tables = room
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/direct/")
    OPENED.append(response)
    content = iter(response.streaming_content)
    next(content)

    with commits(execute=True):
        play(tables[1], GARDE_SANS)

    events = [data_of(frame) for frame in next_frames(content, 2)]
    assert [event["kind"] for event in events] == ["deal.recorded", "call.raised"]
    assert events[1]["call"] == "garde_sans"


def test_a_stream_is_only_read(client, room):
    assert client.post(f"/tournois/{room[0].pk}/direct/").status_code == 405


def test_events_waiting_together_go_out_in_one_write(client, room, live_bus):
    tournament = room[0]
    response = open_stream(client, tournament)
    content = iter(response.streaming_content)
    next(content)
    for number in range(3):
        live_bus.publish(f"tournament:{tournament.pk}", {"kind": "deal.recorded", "n": number})

    write = next(content).decode()

    assert [data_of(frame)["n"] for frame in write.split("\n\n") if frame] == [0, 1, 2]


# One address's open streams (issue 45) ------------------------------------------------------


TOO_MANY = (
    "Trop de pages en direct sont ouvertes depuis cette connexion : fermez-en quelques-unes. "
    "Les pages se mettent à jour toutes seules en attendant."
)


def opened_from(address, tournament):
    """A stream opened from ``address``, its first frame read (its listener added)."""
    response = open_stream(Client(REMOTE_ADDR=address), tournament)
    frames(response, 1)
    return response


@pytest.mark.usefixtures("live_bus")
def test_past_its_bound_an_address_is_refused_a_stream_in_french(room, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    for _ in range(2):
        opened_from("198.51.100.7", room[0])

    response = Client(REMOTE_ADDR="198.51.100.7").get(f"/tournois/{room[0].pk}/direct/")

    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    assert response.content.decode() == TOO_MANY


@pytest.mark.usefixtures("live_bus")
def test_another_address_still_opens_its_stream(room, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 1
    opened_from("198.51.100.7", room[0])

    assert opened_from("198.51.100.8", room[0]).status_code == 200


@pytest.mark.usefixtures("live_bus")
def test_a_stream_closed_gives_its_place_back(room, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 1
    opened_from("198.51.100.7", room[0]).close()

    assert opened_from("198.51.100.7", room[0]).status_code == 200


def test_a_rooms_phones_behind_one_address_have_room_enough(settings):
    assert settings.LIVE_STREAMS_PER_ADDRESS >= 200
