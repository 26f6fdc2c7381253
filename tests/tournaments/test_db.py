"""A database connection cut under a deal save or a page read (common.db and the
DroppedConnectionMiddleware): retried once, then a French answer, never a 500."""

from unittest import mock

import pytest
from django.db import OperationalError, connection

from common.db import retry_once_on_dropped_connection
from tests import fft_example
from tests.at_the_table import post_deal
from tournaments.models import Deal
from tournaments.services.deals import record_deal

PRISE = fft_example.POSTS[2]

# Finding 3: a connection cut under a deal save is retried once, then a French answer.


def _cut_then(real):
    calls = {"count": 0}

    def record(**kwargs):
        calls["count"] += 1
        if calls["count"] == 1:
            connection.close()  # what the server's cut leaves behind
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    return record


@pytest.mark.django_db(transaction=True)
def test_a_deal_save_cut_by_a_dropped_connection_is_retried_once(table_client, table):
    cut = _cut_then(record_deal)
    with (
        mock.patch("tournaments.views.deals.record_deal", side_effect=cut),
        mock.patch("common.db._connection_lost", return_value=True),
    ):
        response = post_deal(table_client, table, 1, PRISE)

    assert response.status_code == 302
    assert Deal.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_connection_that_stays_down_is_a_french_answer_not_a_500(table_client, table):
    down = OperationalError("server closed the connection unexpectedly")
    with (
        mock.patch("tournaments.views.deals.record_deal", side_effect=down),
        mock.patch("common.db._connection_lost", return_value=True),
    ):
        response = post_deal(table_client, table, 1, PRISE)

    assert response.status_code == 503
    assert "réessayez" in response.content.decode()
    assert not Deal.objects.exists()


def test_a_database_error_that_is_no_cut_connection_is_not_retried():
    calls = []

    def write():
        calls.append(1)
        raise OperationalError("deadlock detected")

    with (
        mock.patch("common.db._connection_lost", return_value=False),
        pytest.raises(OperationalError),
    ):
        retry_once_on_dropped_connection(write)

    assert len(calls) == 1


@pytest.mark.django_db(transaction=True)
def test_a_page_read_cut_by_a_dropped_connection_is_read_again(client, table):
    from tournaments.views import sheet

    real = sheet.sheet_context
    calls = []

    def cut_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("terminating connection due to administrator command")
        return real(*args, **kwargs)

    with mock.patch("tournaments.views.sheet.sheet_context", side_effect=cut_once):
        response = client.get(f"/tables/{table.pk}/")

    assert response.status_code == 200
    assert len(calls) == 2
