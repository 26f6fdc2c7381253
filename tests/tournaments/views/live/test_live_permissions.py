"""Who may follow a tournament live, and subscribe a phone: its pages' rules (a 404 for a
tournament not published, but to its club's arbitres; the arbitres' stream to them only)."""

import pytest

from tests.at_the_table import TESTS
from tests.factories import seated_room
from tournaments.services.tournaments import publish_tournament


@pytest.fixture
def hidden(arbitre):
    """A tournament its arbitre has not published."""
    tournament = seated_room(arbitre)[0]
    publish_tournament(tournament=tournament, published=False, by=TESTS)
    return tournament


def test_an_unpublished_tournaments_stream_is_not_found(client, hidden):
    assert client.get(f"/tournois/{hidden.pk}/direct/").status_code == 404


def test_its_arbitre_follows_an_unpublished_tournament(arbitre_client, hidden):
    response = arbitre_client.get(f"/tournois/{hidden.pk}/direct/")
    response.close()  # the stream, now: not by the garbage collector in a later test

    assert response.status_code == 200


def test_an_unknown_tournaments_stream_is_not_found(client, db):  # noqa: ARG001 - db: it reads
    assert client.get("/tournois/999999/direct/").status_code == 404


def test_the_arbitres_stream_is_not_found_for_anyone_else(client, other_arbitre, hidden):
    assert client.get(f"/arbitre/tournois/{hidden.pk}/direct/").status_code == 404

    client.force_login(other_arbitre)

    assert client.get(f"/arbitre/tournois/{hidden.pk}/direct/").status_code == 404


def test_the_arbitres_stream_is_open_to_the_clubs_arbitre(arbitre_client, hidden):
    response = arbitre_client.get(f"/arbitre/tournois/{hidden.pk}/direct/")
    response.close()  # the stream, now: not by the garbage collector in a later test

    assert response.status_code == 200


@pytest.mark.parametrize("action", ["notifications/", "notifications/retrait/"])
def test_an_unpublished_tournament_takes_no_phone(client, hidden, action):
    assert client.post(f"/tournois/{hidden.pk}/{action}", {"number": 1}).status_code == 404


def test_subscribing_a_phone_is_posted_not_read(client, hidden):
    assert client.get(f"/tournois/{hidden.pk}/notifications/").status_code == 405
    assert client.get(f"/tournois/{hidden.pk}/notifications/retrait/").status_code == 405


def test_a_tournament_hidden_closes_its_stream_to_everyone_at_once(
    client, arbitre, django_capture_on_commit_callbacks
):
    tournament = seated_room(arbitre)[0]
    assert client.get(f"/tournois/{tournament.pk}/direct/").status_code == 200  # kept

    with django_capture_on_commit_callbacks(execute=True):
        publish_tournament(tournament=tournament, published=False, by=TESTS)

    assert client.get(f"/tournois/{tournament.pk}/direct/").status_code == 404
