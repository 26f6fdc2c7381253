"""One client flooding many tables with wrong codes keeps none of them from its phones
(issue 23, item 6): a client is bounded on each table below the table's own places, and
across every table; the room's phones, sharing one address, keep typing their codes; the
arbitre's one-time link stays the way out."""

import time
from types import SimpleNamespace

import pytest
from django.test import Client

from tests.factories import seated_room
from tournaments import table_access
from tournaments.table_access import (
    CLIENT_ATTEMPTS,
    CLIENT_TABLE_ATTEMPTS,
    TABLE_ATTEMPTS,
    WINDOW_SECONDS,
    code_attempts_left,
)

WRONG = "ZZZZZZ"
FLOODER = "203.0.113.66"
ROOM = "198.51.100.7"


@pytest.fixture(autouse=True)
def window_stands_still(monkeypatch):
    """The counts' clock stopped in the middle of a window (a quarter of an hour): a test under
    way as one ends would see its counts start again, and twice the refusals it expects."""
    now = (time.time() // WINDOW_SECONDS + 0.5) * WINDOW_SECONDS
    monkeypatch.setattr(table_access, "time", SimpleNamespace(time=lambda: now))


def type_code(table, code, address):
    return Client(REMOTE_ADDR=address).post(f"/tables/{table.pk}/acces/", {"code": code})


@pytest.fixture
def room(arbitre):
    _tournament, _position, tables, _registrations = seated_room(arbitre, sizes=(4,) * 6)
    return tables


def test_a_client_bound_on_one_table_is_below_the_tables_places():
    assert CLIENT_TABLE_ATTEMPTS < TABLE_ATTEMPTS


def test_one_client_flooding_every_table_locks_none_of_them(room):
    for table in room:
        for _ in range(TABLE_ATTEMPTS):
            type_code(table, WRONG, FLOODER)

    answers = [type_code(table, table.code, ROOM).status_code for table in room]

    assert answers == [302] * len(room)


def test_the_flooder_itself_is_stopped_on_each_table(room):
    table = room[0]
    for _ in range(CLIENT_TABLE_ATTEMPTS):
        assert type_code(table, WRONG, FLOODER).status_code == 403

    response = type_code(table, table.code, FLOODER)

    assert response.status_code == 429
    assert code_attempts_left(table) == TABLE_ATTEMPTS - CLIENT_TABLE_ATTEMPTS


def test_a_client_over_its_bound_across_tables_takes_no_tables_place(room, monkeypatch):
    monkeypatch.setattr(table_access, "CLIENT_ATTEMPTS", 8)
    for table in room[:4]:
        for _ in range(2):
            assert type_code(table, WRONG, FLOODER).status_code == 403

    fresh = room[5]
    response = type_code(fresh, WRONG, FLOODER)

    assert response.status_code == 429
    assert code_attempts_left(fresh) == TABLE_ATTEMPTS


def test_the_rooms_phones_sharing_one_address_get_in_despite_their_typos(room):
    for table in room:
        assert type_code(table, WRONG, ROOM).status_code == 403
        assert type_code(table, table.code.lower(), ROOM).status_code == 302


def test_a_room_of_a_hundred_tables_stays_below_the_bound_across_tables():
    # A typo at each of 100 tables, at the start of a position, from the room's one address.
    assert CLIENT_ATTEMPTS >= 100


def test_the_arbitres_link_lets_the_flooders_neighbour_in(arbitre_client, room):
    table = room[0]
    for _ in range(CLIENT_TABLE_ATTEMPTS + 1):
        type_code(table, WRONG, FLOODER)
    position = table.position
    page = arbitre_client.post(
        f"/arbitre/tournois/{position.tournament_id}/positions/{position.number}"
        f"/salle/tables/{table.pk}/telephone/"
    ).content.decode()
    path = page.split(f"/tables/{table.pk}/acces/", 1)[1].split("/", 1)[0]
    phone = Client(REMOTE_ADDR=FLOODER)

    response = phone.post(f"/tables/{table.pk}/acces/{path}/")

    assert response.status_code == 302
    assert 'name="submission_id"' in phone.get(f"/tables/{table.pk}/").content.decode()


def test_a_phone_retrying_a_wrong_code_on_its_table_keeps_the_rooms_other_tables_open(room):
    # Issue 31: the checks refused on its own table used up the room's address's budget.
    statuses = [type_code(room[0], WRONG, ROOM).status_code for _ in range(CLIENT_ATTEMPTS)]

    answers = [type_code(table, table.code, ROOM).status_code for table in room[1:]]

    assert statuses.count(403) == CLIENT_TABLE_ATTEMPTS
    assert answers == [302] * (len(room) - 1)


def test_checks_refused_on_a_table_out_of_places_use_up_nothing(room, monkeypatch):
    monkeypatch.setattr(table_access, "CLIENT_ATTEMPTS", 8)
    locked = room[0]
    for number in range(TABLE_ATTEMPTS):
        type_code(locked, WRONG, f"192.0.2.{number + 1}")
    refused = [type_code(locked, locked.code, ROOM).status_code for _ in range(8)]

    response = type_code(room[1], room[1].code, ROOM)

    assert refused == [429] * 8
    assert response.status_code == 302


# What the 429 says (issue 45): which bound was reached, and when to try again ----------------


def refusal(response) -> str:
    return response.context["form"].non_field_errors()[0]


def seconds_to_the_next_window() -> int:
    return int(WINDOW_SECONDS / 2) + 1  # the clock stands in the middle of a window


def test_a_table_out_of_places_says_so_and_when_to_try_again(room):
    table = room[0]
    for number in range(TABLE_ATTEMPTS):
        type_code(table, WRONG, f"192.0.2.{number + 1}")

    response = type_code(table, table.code, ROOM)

    assert response.status_code == 429
    assert response["Retry-After"] == str(seconds_to_the_next_window())
    assert refusal(response) == (
        "Trop d'essais sur cette table : appelez l'arbitre, qui ouvrira ce téléphone depuis "
        "la salle, ou réessayez dans 8 minutes."
    )


def test_an_address_over_its_bound_on_one_table_is_told_it_is_its_connection(room):
    table = room[0]
    for _ in range(CLIENT_TABLE_ATTEMPTS):
        type_code(table, WRONG, FLOODER)

    response = type_code(table, table.code, FLOODER)

    assert response["Retry-After"] == str(seconds_to_the_next_window())
    assert refusal(response).startswith(
        "Trop d'essais sur cette table depuis cette connexion : appelez l'arbitre"
    )


def test_an_address_over_its_bound_across_tables_is_not_told_the_table_is_at_fault(
    room, monkeypatch
):
    monkeypatch.setattr(table_access, "CLIENT_ATTEMPTS", 2)
    for table in room[:2]:
        type_code(table, WRONG, FLOODER)

    response = type_code(room[5], room[5].code, FLOODER)

    assert response.status_code == 429
    assert response["Retry-After"] == str(seconds_to_the_next_window())
    assert refusal(response).startswith(
        "Trop d'essais de codes depuis cette connexion, toutes tables confondues : "
    )


def test_a_wrong_code_sends_no_retry_after(room):
    response = type_code(room[0], WRONG, ROOM)

    assert response.status_code == 403
    assert "Retry-After" not in response
