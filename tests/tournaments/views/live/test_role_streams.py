"""The roles' streams, on the arbitres' fixed URL /arbitre/tournois/<id>/direct/: an arbitre
de salle follows their hall's tables (calls included) and what concerns the whole position; a
pointeur follows the check-in; each event with the id the bus gave it."""

import pytest
from django.contrib.auth import get_user_model

from championships.services.halls import add_hall, give_role
from common.actors import Actor
from tests.at_the_table import TESTS, play, prise_by
from tests.factories import club_tournament, seated_room
from tests.live import OPENED, data_of, id_of, next_frames
from tournaments.deal_scoring import DealResult
from tournaments.services.positions import close_position
from tournaments.services.registrations import check_in, withdraw_player

GARDE_SANS = DealResult(taker="N", contract="garde_sans", bouts=2, points=50)


@pytest.fixture
def halls(arbitre):
    """Two tables, each in a hall of its own: « Salle A » (table 1), « Salle B » (table 2)."""
    tournament, position, tables, registrations = seated_room(arbitre)
    add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=1, by=TESTS)
    add_hall(tournament=tournament, name="Salle B", first_table=2, last_table=2, by=TESTS)
    return {
        "tournament": tournament,
        "position": position,
        "tables": tables,
        "registrations": registrations,
    }


def given(halls, username: str, role: str, hall_name: str = ""):
    user = get_user_model().objects.create_user(username=username, password="x")
    tournament = halls["tournament"]
    hall = tournament.halls.get(name=hall_name) if hall_name else None
    give_role(tournament=tournament, username=username, role=role, hall=hall, by=TESTS)
    return user


def opened(client, user, tournament):
    """The arbitres' stream as ``user`` sees it, past its first frame (« retry »)."""
    client.force_login(user)
    response = client.get(f"/arbitre/tournois/{tournament.pk}/direct/")
    assert response.status_code == 200
    OPENED.append(response)
    content = iter(response.streaming_content)
    next(content)
    return content


def test_a_hall_arbitre_receives_their_halls_call_and_not_the_other_halls(client, halls, commits):
    hall_a = given(halls, "salle-a", "salle", "Salle A")
    content = opened(client, hall_a, halls["tournament"])
    other_hall, own_hall = halls["tables"][1], halls["tables"][0]

    with commits(execute=True):
        play(other_hall, GARDE_SANS)
    with commits(execute=True):
        play(own_hall, GARDE_SANS)

    events = [data_of(frame) for frame in next_frames(content, 2)]
    assert [(event["kind"], event["table"]) for event in events] == [
        ("deal.recorded", 1),
        ("call.raised", 1),
    ]


def test_a_hall_arbitres_events_keep_the_ids_the_bus_gave_them(client, halls, live_bus, commits):
    content = opened(client, given(halls, "salle-a", "salle", "Salle A"), halls["tournament"])

    with commits(execute=True):
        play(halls["tables"][0], prise_by("N"))

    (frame,) = next_frames(content, 1)
    assert id_of(frame) == live_bus.since_start()[-1].id


def test_a_hall_arbitre_follows_what_concerns_the_whole_position(client, halls, arbitre, commits):
    content = opened(client, given(halls, "salle-b", "salle", "Salle B"), halls["tournament"])

    with commits(execute=True):
        close_position(
            position=halls["position"], by=Actor.arbitre(arbitre), force=True, reason="Fin"
        )

    (frame,) = next_frames(content, 1)
    assert (data_of(frame)["kind"], data_of(frame)["table"]) == ("position.closed", None)


def test_a_hall_arbitre_is_not_sent_the_check_in(client, halls, commits):
    content = opened(client, given(halls, "salle-a", "salle", "Salle A"), halls["tournament"])

    with commits(execute=True):
        check_in(registration=halls["registrations"][0], present=False, by=TESTS)
    with commits(execute=True):
        play(halls["tables"][0], prise_by("N"))

    (frame,) = next_frames(content, 1)
    assert data_of(frame)["kind"] == "deal.recorded"


def test_a_pointeur_receives_the_check_in_and_not_the_tables(client, halls, commits):
    content = opened(client, given(halls, "pointeur", "pointeur"), halls["tournament"])
    registration = halls["registrations"][3]

    with commits(execute=True):
        play(halls["tables"][0], GARDE_SANS)
    with commits(execute=True):
        withdraw_player(registration=registration, by=TESTS)

    (frame,) = next_frames(content, 1)
    event = data_of(frame)
    assert (event["kind"], event["registrations"]) == ("registration.withdrawn", [registration.pk])


def test_the_clubs_arbitre_receives_the_check_in_too(arbitre_client, halls, commits):
    response = arbitre_client.get(f"/arbitre/tournois/{halls['tournament'].pk}/direct/")
    OPENED.append(response)
    content = iter(response.streaming_content)
    next(content)

    with commits(execute=True):
        check_in(registration=halls["registrations"][0], present=False, by=TESTS)

    (frame,) = next_frames(content, 1)
    assert data_of(frame)["kind"] == "registration.checked_out"


def test_the_public_stream_leaves_out_the_check_in(client, halls, commits):
    response = client.get(f"/tournois/{halls['tournament'].pk}/direct/")
    OPENED.append(response)
    content = iter(response.streaming_content)
    next(content)

    with commits(execute=True):
        check_in(registration=halls["registrations"][0], present=False, by=TESTS)
    with commits(execute=True):
        play(halls["tables"][1], prise_by("N"))

    (frame,) = next_frames(content, 1)
    assert data_of(frame)["kind"] == "deal.recorded"


def test_a_logged_in_stranger_is_not_shown_the_arbitres_stream(client, halls):
    client.force_login(get_user_model().objects.create_user(username="curieux", password="x"))

    assert client.get(f"/arbitre/tournois/{halls['tournament'].pk}/direct/").status_code == 404


def test_a_role_in_another_tournament_opens_no_stream_here(client, halls, arbitre):
    elsewhere = club_tournament(arbitre)
    hall_a = given(halls, "salle-a", "salle", "Salle A")
    client.force_login(hall_a)

    assert client.get(f"/arbitre/tournois/{elsewhere.pk}/direct/").status_code == 404
