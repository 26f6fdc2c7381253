"""Failed logins are limited per pair (account, address) and per address (django-axes; issue
23, item 7; issue 31, items 1 to 3): a French message with the time actually left; an account is
never shut to its owner; a lock stops neither the arbitre's sessions already open nor the
tables."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tarot_club import login_throttle
from tests.at_the_table import grant
from tournaments.models import Position

LIMIT = settings.AXES_FAILURE_LIMIT
ADDRESS_LIMIT = settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS
PASSWORD = "mot-de-passe-arbitre"  # tests/conftest.py's arbitre
ATTACKER = "203.0.113.9"


def log_in(username: str, password: str, address: str = "198.51.100.1", client=None):
    client = client or Client(REMOTE_ADDR=address)
    return client.post("/connexion/", {"username": username, "password": password})


def fail(username: str, times: int = LIMIT, address: str = ATTACKER) -> list[int]:
    """Wrong passwords: the statuses of the answers (the last failure allowed locks)."""
    return [log_in(username, "mauvais", address).status_code for _ in range(times)]


def test_the_right_password_logs_in(arbitre):
    response = log_in(arbitre.username, PASSWORD)

    assert response.status_code == 302


def test_an_account_is_locked_from_the_address_of_its_failures_with_the_time_to_wait(arbitre):
    assert fail(arbitre.username) == [200] * (LIMIT - 1) + [429]

    response = log_in(arbitre.username, PASSWORD, address=ATTACKER)

    html = response.content.decode()
    assert response.status_code == 429
    assert "Trop d&#x27;essais de connexion manqués" in html
    assert "réessayez dans 15 minutes" in html
    assert f'value="{arbitre.username}"' in html


def test_failures_on_an_account_from_another_address_never_shut_it_to_its_owner(arbitre):
    fail(arbitre.username)
    fail(arbitre.username, address="203.0.113.10")

    response = log_in(arbitre.username, PASSWORD, address="198.51.100.2")

    assert response.status_code == 302


def test_the_lockout_says_the_time_actually_left_and_sends_retry_after(arbitre, monkeypatch):
    fail(arbitre.username)
    later = login_throttle.clock() + 13 * 60 + 30
    monkeypatch.setattr(login_throttle, "clock", lambda: later)

    response = log_in(arbitre.username, PASSWORD, address=ATTACKER)

    assert response.status_code == 429
    assert "réessayez dans 2 minutes." in response.content.decode()
    assert 89 <= int(response["Retry-After"]) <= 90


def test_a_failure_during_the_lock_does_not_push_its_end(arbitre, monkeypatch):
    fail(arbitre.username)
    later = login_throttle.clock() + 10 * 60
    monkeypatch.setattr(login_throttle, "clock", lambda: later)
    fail(arbitre.username, times=3)

    response = log_in(arbitre.username, PASSWORD, address=ATTACKER)

    assert 299 <= int(response["Retry-After"]) <= 300


def test_a_login_to_ones_own_account_keeps_the_addresss_failures(arbitre):
    get_user_model().objects.create_user(username="pirate", password="mot-de-passe-pirate")
    statuses = []
    for victim in ("victime1", "victime2", "victime3"):
        statuses += fail(victim, times=LIMIT - 1)
        log_in("pirate", "mot-de-passe-pirate", address=ATTACKER)

    assert statuses[: ADDRESS_LIMIT - 1] == [200] * (ADDRESS_LIMIT - 1)
    assert statuses[ADDRESS_LIMIT - 1] == 429
    assert log_in(arbitre.username, PASSWORD, address=ATTACKER).status_code == 429


def test_an_address_is_locked_after_its_failures_on_any_accounts(arbitre):
    statuses = [fail(f"inconnu{number}", times=1)[0] for number in range(ADDRESS_LIMIT)]
    assert statuses == [200] * (ADDRESS_LIMIT - 1) + [429]

    locked = log_in(arbitre.username, PASSWORD, address=ATTACKER)
    elsewhere = log_in(arbitre.username, PASSWORD, address="198.51.100.3")

    assert locked.status_code == 429
    assert elsewhere.status_code == 302


def test_failures_below_the_limit_are_forgotten_on_success(arbitre):
    assert fail(arbitre.username, times=LIMIT - 1, address="198.51.100.4") == [200] * (LIMIT - 1)
    assert log_in(arbitre.username, PASSWORD, address="198.51.100.4").status_code == 302

    fail(arbitre.username, times=LIMIT - 1, address="198.51.100.4")

    assert log_in(arbitre.username, PASSWORD, address="198.51.100.4").status_code == 302


def test_a_locked_account_keeps_the_arbitres_open_sessions(arbitre, table):
    session = Client(REMOTE_ADDR=ATTACKER)
    assert log_in(arbitre.username, PASSWORD, client=session).status_code == 302
    fail(arbitre.username)
    position = table.position

    room = session.get(f"/arbitre/tournois/{position.tournament_id}/positions/1/salle/")
    closing = session.post(
        f"/arbitre/tournois/{position.tournament_id}/positions/1/clore/",
        {"force": "on", "reason": "Fin de la séance"},
    )

    assert room.status_code == 200
    assert closing.status_code == 302
    assert Position.objects.get(pk=position.pk).closed_at is not None


def test_a_locked_address_keeps_its_tables_typing_their_codes(arbitre, table):
    fail(arbitre.username)

    phone = grant(Client(REMOTE_ADDR=ATTACKER), table)

    assert 'name="submission_id"' in phone.get(f"/tables/{table.pk}/").content.decode()


def test_each_test_starts_with_no_failure_in_the_cache(arbitre):
    # The tests above locked this account in the same cache: tests/conftest.py cleared it.
    assert log_in(arbitre.username, PASSWORD, address=ATTACKER).status_code == 302


def test_an_account_named_like_the_start_of_an_address_counts_apart_from_it(arbitre):
    # django-axes's own keys join the values without a separator: « 1 » from 98.51.100.1
    # would have counted as the address 198.51.100.1.
    fail("1", address="98.51.100.1")

    assert log_in(arbitre.username, PASSWORD, address="198.51.100.1").status_code == 302
