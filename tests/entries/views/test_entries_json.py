"""/tournois/<id>/inscriptions.json (fixed): counts and times, no name nor address."""

from entries.services.entries import cancel_entry
from tests.at_the_table import TESTS
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter
from tests.factories import club_tournament


def test_the_json_gives_the_counts_and_nothing_of_the_players(client, arbitre):
    tournament = open_evening(arbitre, capacity=2)
    for number in range(3):
        enter(tournament, last_name=f"Secret{number}", licence=f"{number}", email="x@ex.org")

    response = client.get(f"/tournois/{tournament.pk}/inscriptions.json")

    data = response.json()
    assert response["Content-Type"] == "application/json"
    assert set(data) == {"capacity", "registered", "waiting", "open", "closes_at"}
    assert (data["capacity"], data["registered"], data["waiting"], data["open"]) == (2, 2, 1, True)
    assert data["closes_at"] == tournament.opening.closes_at.isoformat()
    assert b"Secret" not in response.content and b"x@ex.org" not in response.content


def test_a_place_freed_shows_in_the_json(client, arbitre):
    tournament = open_evening(arbitre, capacity=1)
    first = enter(tournament, last_name="A", licence="1")
    enter(tournament, last_name="B", licence="2")
    cancel_entry(entry=first, by=TESTS)

    data = client.get(f"/tournois/{tournament.pk}/inscriptions.json").json()

    assert (data["registered"], data["waiting"]) == (1, 0)


def test_a_tournament_without_online_registration_is_closed_and_unlimited(client, arbitre):
    tournament = club_tournament(arbitre)

    data = client.get(f"/tournois/{tournament.pk}/inscriptions.json").json()

    assert data == {
        "capacity": None,
        "registered": 0,
        "waiting": 0,
        "open": False,
        "closes_at": None,
    }


def test_the_json_is_slowed_past_the_public_files_limit(client, evening, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    for _ in range(2):
        client.get(f"/tournois/{evening.pk}/inscriptions.json")

    assert client.get(f"/tournois/{evening.pk}/inscriptions.json").status_code == 429
