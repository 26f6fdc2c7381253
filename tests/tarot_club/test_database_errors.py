"""A database error is answered for what it is (issue 23, items 3 and 4): a write that met
another one (a deadlock, a serialization failure) is run once more, then told in its own
French words; a cut connection is « coupée »; any other fault is neither; and a connection
cut while the session is saved gets a second save or a 503, never a 400 for a right code."""

from unittest import mock

import pytest
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.backends.db import SessionStore
from django.db import InterfaceError, OperationalError

from clubs.models import Player
from common.db import is_conflict, is_cut_connection, retry_once_on_conflict
from tarot_club.middleware import CONFLICT_MESSAGE, CUT_MESSAGE, UNAVAILABLE_MESSAGE
from tournaments.models import JournalEntry, Position
from tournaments.services import journal


class PostgresError(Exception):
    """What psycopg raises, as Django keeps it in ``__cause__``: its SQLSTATE."""

    def __init__(self, sqlstate: str):
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def database_error(message: str, sqlstate: str | None = None) -> OperationalError:
    error = OperationalError(message)
    if sqlstate is not None:
        error.__cause__ = PostgresError(sqlstate)
    return error


def deadlock() -> OperationalError:
    return database_error("deadlock detected", "40P01")


# --- Telling them apart ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        deadlock(),
        database_error("could not serialize access due to concurrent update", "40001"),
        database_error("deadlock detected"),
        database_error("database is locked"),
    ],
)
def test_a_deadlock_or_a_serialization_failure_is_a_conflict_not_a_cut(error):
    assert is_conflict(error)
    assert not is_cut_connection(error)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "error",
    [
        database_error("terminating connection due to administrator command", "57P01"),
        database_error("connection failure", "08006"),
        InterfaceError("connection already closed"),
    ],
)
def test_a_connection_cut_is_a_cut_not_a_conflict(error):
    assert is_cut_connection(error)
    assert not is_conflict(error)


@pytest.mark.django_db
def test_another_operational_error_is_neither_a_cut_nor_a_conflict():
    too_many = database_error("sorry, too many clients already", "53300")

    assert not is_conflict(too_many)
    assert not is_cut_connection(too_many)


# --- Retried once, then its own message -----------------------------------------------------


def _failing_then(real, errors: list[Exception]):
    def record(**kwargs):
        if errors:
            raise errors.pop(0)
        return real(**kwargs)

    return record


@pytest.fixture
def close_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/positions/1/clore/"


def test_a_conflict_outside_a_transaction_is_run_once_more():
    calls = []

    @retry_once_on_conflict
    def write():
        calls.append(1)
        if len(calls) == 1:
            raise deadlock()
        return "écrit"

    with mock.patch("common.db.connection.in_atomic_block", False):
        assert write() == "écrit"
    assert len(calls) == 2


def test_an_error_that_is_no_conflict_is_not_run_again():
    calls = []

    @retry_once_on_conflict
    def write():
        calls.append(1)
        raise database_error("sorry, too many clients already", "53300")

    with (
        mock.patch("common.db.connection.in_atomic_block", False),
        pytest.raises(OperationalError),
    ):
        write()
    assert len(calls) == 1


@pytest.mark.django_db(transaction=True)
def test_a_closing_that_meets_a_deadlock_is_run_once_more_and_closes(
    arbitre_client, table, close_url
):
    errors = [deadlock()]
    with mock.patch(
        "tournaments.services.positions.journal.record",
        side_effect=_failing_then(journal.record, errors),
    ):
        response = arbitre_client.post(close_url, {"force": "on", "reason": "Table partie"})

    assert response.status_code == 302
    assert Position.objects.get(pk=table.position_id).closed_at is not None
    assert JournalEntry.objects.filter(action=journal.Action.POSITION_CLOSED).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_closing_that_meets_a_deadlock_twice_says_so_in_its_own_words(
    arbitre_client, table, close_url
):
    with mock.patch("tournaments.services.positions.journal.record", side_effect=deadlock()):
        response = arbitre_client.post(close_url, {"force": "on", "reason": "Table partie"})

    html = response.content.decode()
    assert response.status_code == 503
    assert CONFLICT_MESSAGE.replace("'", "&#x27;") in html
    assert "coupée" not in html
    assert Position.objects.get(pk=table.position_id).closed_at is None


@pytest.mark.django_db(transaction=True)
def test_another_database_error_is_not_called_a_cut_connection(arbitre_client, table, close_url):
    too_many = database_error("sorry, too many clients already", "53300")
    with mock.patch("tournaments.views.room.close_position", side_effect=too_many):
        response = arbitre_client.post(close_url, {"force": "on", "reason": "Table partie"})

    html = response.content.decode()
    assert response.status_code == 503
    assert UNAVAILABLE_MESSAGE.replace("'", "&#x27;") in html
    assert CUT_MESSAGE not in html
    assert Position.objects.get(pk=table.position_id).closed_at is None


# --- The session saved on a cut connection --------------------------------------------------


def _session_save_cut(times: int):
    """The session's save (of an existing session) cut ``times`` times, as Django's database
    backend reports it: an UpdateError raised while handling the OperationalError."""
    real = SessionStore.save
    left = {"cuts": times}

    def save(self, must_create=False):
        if not must_create and left["cuts"]:
            left["cuts"] -= 1
            try:
                raise OperationalError("server closed the connection unexpectedly")
            except OperationalError:
                raise UpdateError from None
        return real(self, must_create=must_create)

    return save


@pytest.mark.django_db(transaction=True)
def test_the_right_code_is_let_in_when_the_session_save_was_cut_once(client, table):
    with (
        mock.patch.object(SessionStore, "save", _session_save_cut(1)),
        mock.patch("common.db._connection_lost", return_value=True),
    ):
        response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})

    assert response.status_code == 302
    assert 'name="submission_id"' in client.get(f"/tables/{table.pk}/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_right_code_gets_a_french_503_when_the_session_save_stays_cut(client, table):
    with (
        mock.patch.object(SessionStore, "save", _session_save_cut(2)),
        mock.patch("common.db._connection_lost", return_value=True),
    ):
        response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})

    assert response.status_code == 503
    assert CUT_MESSAGE in response.content.decode()


# --- A request that wrote nothing yet is run again ------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_code_typed_when_the_connection_is_cut_before_any_write_is_checked_again(client, table):
    from tournaments.views import table_access

    real = table_access.check_code
    calls = []

    def cut_before_writing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise database_error("terminating connection due to administrator command", "57P01")
        return real(*args, **kwargs)

    with mock.patch("tournaments.views.table_access.check_code", side_effect=cut_before_writing):
        response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})

    assert response.status_code == 302
    assert len(calls) == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("table")
def test_a_post_cut_after_it_wrote_is_not_run_again(arbitre_client, close_url):
    calls = []

    def write_then_cut(**_kwargs):
        calls.append(1)
        Player.objects.create(last_name="Écrit", first_name="Avant")
        raise database_error("terminating connection due to administrator command", "57P01")

    with mock.patch("tournaments.views.room.close_position", side_effect=write_then_cut):
        response = arbitre_client.post(close_url, {"force": "on", "reason": "Table partie"})

    assert response.status_code == 503
    assert CUT_MESSAGE in response.content.decode()
    assert len(calls) == 1


# --- Issue 31, item 6: a cut known by its cause, the connection already open again -------------


@pytest.mark.django_db(transaction=True)
def test_the_right_code_is_let_in_when_the_session_save_was_cut_and_the_connection_reopened(
    client, table
):
    with (
        mock.patch.object(SessionStore, "save", _session_save_cut(1)),
        mock.patch("common.db._connection_lost", return_value=False),
    ):
        response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})

    assert response.status_code == 302


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("table")
def test_a_cut_without_a_sqlstate_is_told_as_a_cut_and_logged_as_a_warning(
    arbitre_client, close_url, caplog
):
    cut = database_error("server closed the connection unexpectedly")
    with (
        mock.patch("tournaments.views.room.close_position", side_effect=cut),
        mock.patch("common.db._connection_lost", return_value=False),
    ):
        response = arbitre_client.post(close_url, {"force": "on", "reason": "Table partie"})

    assert response.status_code == 503
    assert CUT_MESSAGE in response.content.decode()
    assert not [
        r for r in caplog.records if r.name == "tarot_club.middleware" and r.levelname == "ERROR"
    ]
