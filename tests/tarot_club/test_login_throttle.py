"""Failed logins are limited per account and per address (django-axes; issue 23, item 7): a
French message with the time to wait; a locked account stops neither the arbitre's sessions
already open nor the tables."""

import pytest
from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.test import Client

from tests.at_the_table import grant
from tournaments.models import Position

LIMIT = settings.AXES_FAILURE_LIMIT
PASSWORD = "mot-de-passe-arbitre"  # tests/conftest.py's arbitre
ATTACKER = "203.0.113.9"


def log_in(username: str, password: str, address: str = "198.51.100.1", client=None):
    client = client or Client(REMOTE_ADDR=address)
    return client.post("/connexion/", {"username": username, "password": password})


def fail(username: str, times: int = LIMIT, address: str = ATTACKER) -> list[int]:
    """Wrong passwords: the statuses of the answers (the last failure allowed locks)."""
    return [log_in(username, "mauvais", address).status_code for _ in range(times)]


@pytest.fixture
def cache_handler(settings):
    """django-axes counting in the cache, as in production with Redis."""
    settings.AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
    settings.AXES_CACHE = "default"
    AxesProxyHandler.get_implementation(force=True)
    yield
    AxesProxyHandler.implementation = None


def test_the_right_password_logs_in(arbitre):
    response = log_in(arbitre.username, PASSWORD)

    assert response.status_code == 302


def test_an_account_is_locked_after_its_failures_with_the_time_to_wait(arbitre):
    assert fail(arbitre.username) == [200] * (LIMIT - 1) + [429]

    response = log_in(arbitre.username, PASSWORD, address="198.51.100.2")

    html = response.content.decode()
    assert response.status_code == 429
    assert "Trop d&#x27;essais de connexion manqués" in html
    assert "réessayez dans 15 minutes au plus" in html
    assert f'value="{arbitre.username}"' in html


def test_an_address_is_locked_after_its_failures_on_any_accounts(arbitre):
    statuses = [fail(f"inconnu{number}", times=1)[0] for number in range(LIMIT)]
    assert statuses == [200] * (LIMIT - 1) + [429]

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


@pytest.mark.usefixtures("cache_handler")
def test_the_lock_holds_with_the_failures_kept_in_the_cache(arbitre):
    fail(arbitre.username)

    response = log_in(arbitre.username, PASSWORD, address="198.51.100.5")

    assert response.status_code == 429


@pytest.mark.usefixtures("cache_handler")
def test_each_test_starts_with_no_failure_in_the_cache(arbitre):
    # The test above locked this account in the same cache: tests/conftest.py cleared it.
    assert log_in(arbitre.username, PASSWORD).status_code == 302
