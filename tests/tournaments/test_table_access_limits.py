"""Guessing a table's code is bounded per table; nobody keeps another table out; the arbitre
lets a phone in from the room; a grant ends with its position or after 12 hours."""

import re
import threading
import time
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from common.addresses import client_address
from tests import fft_example
from tests.at_the_table import post_deal
from tournaments import table_access
from tournaments.table_access import GRANT_HOURS, TABLE_ATTEMPTS, WINDOW_SECONDS

WRONG = "ZZZZZZ"


def type_code(client, table, code, **extra):
    return client.post(f"/tables/{table.pk}/acces/", {"code": code}, **extra)


def guesser(number: int) -> Client:
    """One of many guessers, each at its own address (one address is bounded on its own:
    tests/tournaments/test_table_access_flood.py)."""
    return Client(REMOTE_ADDR=f"192.0.2.{number % 250 + 1}")


def exhaust(table, **extra):
    for number in range(TABLE_ATTEMPTS):
        assert type_code(guesser(number), table, WRONG, **extra).status_code == 403


def room_grant(client, table):
    position = table.position
    url = (
        f"/arbitre/tournois/{position.tournament_id}/positions/{position.number}"
        f"/salle/tables/{table.pk}/telephone/"
    )
    return client.post(url)


def grant_path(response) -> str:
    return re.search(r"/tables/\d+/acces/[^/<\s]+/", response.content.decode()).group(0)


def test_guessing_a_code_takes_longer_than_a_tournament_day():
    checks_per_day = TABLE_ATTEMPTS * (24 * 3600 // WINDOW_SECONDS)
    codes = 31**6

    # Even a full day of guessing at the most the server allows finds a code by chance only.
    assert checks_per_day / codes < 1e-5


def test_a_table_is_cut_off_after_its_attempts_whoever_guesses(table):
    exhaust(table)

    response = type_code(Client(), table, table.code)

    assert response.status_code == 429
    assert "appelez l&#x27;arbitre" in response.content.decode()


def test_wrong_codes_on_one_table_never_keep_another_table_out(table, other_table):
    exhaust(table)

    assert type_code(Client(), other_table, other_table.code).status_code == 302


def test_a_right_code_gives_its_attempt_back(table):
    for _ in range(TABLE_ATTEMPTS + 5):
        assert type_code(Client(), table, table.code).status_code == 302


def test_the_window_is_kept_whole_by_later_attempts(table):
    window_start = (time.time() // WINDOW_SECONDS) * WINDOW_SECONDS
    with mock.patch("tournaments.table_access.time.time", return_value=window_start + 1):
        type_code(Client(), table, WRONG)
    # Ten minutes later, in the same window, the count goes on: nothing reset its timeout.
    with mock.patch("tournaments.table_access.time.time", return_value=window_start + 600):
        for number in range(TABLE_ATTEMPTS - 1):
            type_code(guesser(number), table, WRONG)
        assert type_code(Client(), table, table.code).status_code == 429


def test_a_new_window_opens_the_table_again(table):
    exhaust(table)
    later = time.time() + WINDOW_SECONDS + 1

    with mock.patch("tournaments.table_access.time.time", return_value=later):
        assert type_code(Client(), table, table.code).status_code == 302


def test_parallel_guesses_get_no_more_checks_than_the_limit(table):
    checked = []
    barrier = threading.Barrier(8)

    def guess():
        barrier.wait()
        for _ in range(10):
            checked.append(table_access._take_place(table) is not None)

    threads = [threading.Thread(target=guess) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(checked) == TABLE_ATTEMPTS


def test_a_proxy_header_is_ignored_without_trusted_proxies(rf, settings):
    settings.TRUSTED_PROXIES = []
    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")

    assert client_address(request) == "10.0.0.1"


def test_a_trusted_proxy_names_the_client(rf, settings):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4, 203.0.113.9")

    assert client_address(request) == "203.0.113.9"


def test_the_arbitre_lets_a_phone_in_with_a_one_time_link(arbitre, table):
    arbitre_client = Client()
    arbitre_client.force_login(arbitre)
    response = room_grant(arbitre_client, table)
    assert response.status_code == 200
    assert "<svg" in response.content.decode()
    phone = Client()

    assert phone.get(grant_path(response)).status_code == 200
    assert phone.post(grant_path(response)).status_code == 302
    assert post_deal(phone, table, 1, fft_example.POSTS[0]).status_code == 302


def test_the_arbitres_link_serves_once(arbitre, table):
    arbitre_client = Client()
    arbitre_client.force_login(arbitre)
    path = grant_path(room_grant(arbitre_client, table))
    Client().post(path)
    second = Client()

    assert second.post(path).status_code == 410
    assert post_deal(second, table, 1, fft_example.POSTS[0]).status_code == 403


def test_the_arbitres_link_opens_its_table_only(arbitre, table, other_table):
    arbitre_client = Client()
    arbitre_client.force_login(arbitre)
    path = grant_path(room_grant(arbitre_client, table))

    forged = path.replace(f"/tables/{table.pk}/", f"/tables/{other_table.pk}/")

    assert Client().post(forged).status_code == 410


def test_the_arbitres_grant_clears_the_tables_block(arbitre, table):
    exhaust(table)
    arbitre_client = Client()
    arbitre_client.force_login(arbitre)

    room_grant(arbitre_client, table)

    assert type_code(Client(), table, table.code).status_code == 302


def test_another_arbitre_cannot_grant_a_phone(other_arbitre, table):
    client = Client()
    client.force_login(other_arbitre)

    assert room_grant(client, table).status_code == 404


def test_the_room_offers_the_grant_for_each_table(arbitre_client, table, other_table):
    position = table.position
    html = arbitre_client.get(
        f"/arbitre/tournois/{position.tournament_id}/positions/{position.number}/salle/"
    ).content.decode()

    assert f"/salle/tables/{table.pk}/telephone/" in html
    assert f"/salle/tables/{other_table.pk}/telephone/" in html


def test_a_grant_ends_when_the_position_closes(table_client, table):
    position = table.position
    position.closed_at = timezone.now()
    position.save(update_fields=["closed_at"])

    assert post_deal(table_client, table, 1, fft_example.POSTS[0]).status_code == 403


def test_a_grant_ends_after_twelve_hours(table_client, table):
    later = time.time() + GRANT_HOURS * 3600 + 1

    with mock.patch("tournaments.table_access.time.time", return_value=later):
        assert post_deal(table_client, table, 1, fft_example.POSTS[0]).status_code == 403


def test_a_grant_holds_within_twelve_hours(table_client, table):
    later = time.time() + GRANT_HOURS * 3600 - 60

    with mock.patch("tournaments.table_access.time.time", return_value=later):
        assert post_deal(table_client, table, 1, fft_example.POSTS[0]).status_code == 302


# Finding 8: the code page of an unpublished tournament says nothing of it.


@pytest.fixture
def unpublished(table):
    tournament = table.position.tournament
    tournament.published = False
    tournament.save(update_fields=["published"])
    return table


def test_the_code_page_of_an_unpublished_tournament_names_nothing(client, unpublished):
    html = client.get(f"/tables/{unpublished.pk}/acces/").content.decode()

    assert "Tournoi du club" not in html
    assert "Position 1" not in html and "Table 1" not in html
    assert 'name="code"' in html


def test_the_code_page_of_an_unpublished_tournament_still_opens_the_sheet(client, unpublished):
    assert type_code(client, unpublished, unpublished.code).status_code == 302
    assert "Tournoi du club" in client.get(f"/tables/{unpublished.pk}/").content.decode()
