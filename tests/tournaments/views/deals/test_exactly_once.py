"""Exactly once: every deal form names its send (``submission_id``), and a form sent twice
(a double tap, a resend after a lost answer, the offline queue) is stored once and answered as
the first send was. Another form for a number already taken is refused as before."""

import re
import uuid

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from tests import fft_example
from tests.at_the_table import TESTS, grant, post_deal
from tournaments.models import Deal
from tournaments.services.deals import record_deal

HTMX = {"HTTP_HX_REQUEST": "true"}


def sent(fields: dict, submission_id: uuid.UUID) -> dict:
    return {**fields, "submission_id": str(submission_id)}


def test_the_same_form_sent_three_times_stores_one_deal_and_succeeds_three_times(
    table_client, table
):
    form = sent(fft_example.POSTS[0], uuid.uuid4())

    statuses = [post_deal(table_client, table, 1, form).status_code for _ in range(3)]

    assert statuses == [302, 302, 302]
    deal = Deal.objects.get(table=table)
    assert deal.marque_est == 318
    assert deal.history.count() == 1


def test_a_resend_through_htmx_gets_the_same_success_as_the_first_send(table_client, table):
    form = sent(fft_example.POSTS[0], uuid.uuid4())

    first = post_deal(table_client, table, 1, form, **HTMX)
    second = post_deal(table_client, table, 1, form, **HTMX)

    for response in (first, second):
        html = response.content.decode()
        assert response.status_code == 200
        assert "HX-Reswap" not in response
        assert "Donne 1 enregistrée." in html
        assert 'name="number" value="2"' in html
    assert Deal.objects.filter(table=table).count() == 1


def test_another_form_for_a_number_already_taken_is_refused_as_before(table_client, table):
    post_deal(table_client, table, 1, sent(fft_example.POSTS[0], uuid.uuid4()))

    response = post_deal(table_client, table, 1, sent(fft_example.POSTS[1], uuid.uuid4()))

    assert response.status_code == 409
    assert "La donne 1 est déjà inscrite sur cette feuille." in response.content.decode()
    assert Deal.objects.get(table=table).marque_est == 318


def test_a_deal_arriving_after_the_arbitre_wrote_its_number_is_refused_with_what_was_typed(
    table_client, table, arbitre
):
    # The table typed deal 1 offline; meanwhile the arbitre entered another deal 1.
    record_deal(table=table, number=1, result=fft_example.RESULTS[1], by=Actor.arbitre(arbitre))

    response = post_deal(table_client, table, 1, sent(fft_example.POSTS[0], uuid.uuid4()), **HTMX)

    html = response.content.decode()
    assert response["HX-Reswap"] == "innerHTML show:.errorlist:top"
    assert "La donne 1 est déjà inscrite sur cette feuille." in html
    assert re.search(r'name="points" value="49"', html)
    assert re.search(r'name="taker" value="E"[^>]*checked', html)
    deal = Deal.objects.get(table=table)
    assert (deal.taker, deal.marque_ouest) == ("O", 228)


def test_a_deal_bid_then_completed_takes_each_of_its_forms_once(table_client, table):
    bid, result = uuid.uuid4(), uuid.uuid4()
    post_deal(table_client, table, 1, sent({"taker": "E", "contract": "garde"}, bid))
    version = Deal.objects.get(table=table).version
    completed = sent({**fft_example.POSTS[0], "version": version}, result)
    post_deal(table_client, table, 1, completed)

    # Both answers were lost: the device sends both forms again, in order.
    again = [
        post_deal(table_client, table, 1, sent({"taker": "E", "contract": "garde"}, bid)),
        post_deal(table_client, table, 1, completed),
    ]

    assert [response.status_code for response in again] == [302, 302]
    deal = Deal.objects.get(table=table)
    assert (deal.version, deal.marque_est) == (version + 1, 318)


def test_tous_passent_sent_twice_is_stored_once(table_client, table):
    tournament = table.position.tournament
    tournament.counts_all_pass = True
    tournament.save()
    form = {"all_pass": "1", "submission_id": str(uuid.uuid4())}

    statuses = [post_deal(table_client, table, 1, form).status_code for _ in range(2)]

    assert statuses == [302, 302]
    assert list(Deal.objects.filter(table=table).values_list("all_pass", flat=True)) == [True]


def test_a_correction_sent_twice_is_saved_once(table_client, table):
    post_deal(table_client, table, 1, sent(fft_example.POSTS[0], uuid.uuid4()))
    deal = Deal.objects.get(table=table)
    correction = sent({**fft_example.POSTS[1], "number": 1, "version": deal.version}, uuid.uuid4())

    statuses = [
        table_client.post(f"/tables/{table.pk}/donnes/1/", correction).status_code for _ in range(2)
    ]

    assert statuses == [302, 302]
    deal.refresh_from_db()
    assert (deal.version, deal.taker, deal.marque_ouest) == (2, "O", 228)


def test_one_id_forged_onto_a_second_deal_is_refused_not_a_server_error(table_client, table):
    submission = uuid.uuid4()
    post_deal(table_client, table, 1, sent(fft_example.POSTS[0], submission))

    response = post_deal(table_client, table, 2, sent(fft_example.POSTS[1], submission))

    assert response.status_code == 422
    assert "Ce formulaire a déjà servi pour une autre donne" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_malformed_id_is_ignored_and_the_deal_saved(table_client, table):
    response = post_deal(
        table_client, table, 1, {**fft_example.POSTS[0], "submission_id": "x" * 500}
    )

    assert response.status_code == 302
    assert Deal.objects.get(table=table).submission_id is None


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_one_submission_id_on_two_deals_of_a_table(table):
    submission = uuid.uuid4()
    record_deal(
        table=table, number=1, result=fft_example.RESULTS[0], submission_id=submission, by=TESTS
    )
    second = record_deal(table=table, number=2, result=fft_example.RESULTS[1], by=TESTS)

    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Deal._meta.db_table} SET submission_id = %s WHERE id = %s",
            [submission.hex, second.pk],
        )


def test_the_same_id_may_come_to_two_tables(table, other_table):
    submission = uuid.uuid4()

    for sheet in (table, other_table):
        record_deal(
            table=sheet, number=1, result=fft_example.RESULTS[0], submission_id=submission, by=TESTS
        )

    assert Deal.objects.filter(submission_id=submission).count() == 2


def test_the_sheet_renders_a_new_id_in_each_form_for_browsers_without_javascript(
    table_client, table
):
    pattern = r'name="submission_id" value="([0-9a-f-]{36})"'
    first = re.findall(pattern, table_client.get(f"/tables/{table.pk}/").content.decode())
    second = re.findall(pattern, table_client.get(f"/tables/{table.pk}/").content.decode())

    assert len(first) == 1  # the deal form (« Tous passent » is not counted in this tournament)
    assert first[0] != second[0]


def test_an_online_save_costs_no_query_more_for_its_id(client, table, other_table):
    grant(client, table)
    grant(client, other_table)

    def save_queries(sheet, fields) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert post_deal(client, sheet, 1, fields).status_code == 302
        return len(captured)

    without_id = save_queries(table, fft_example.POSTS[0])
    with_id = save_queries(other_table, sent(fft_example.POSTS[0], uuid.uuid4()))

    assert with_id == without_id


QUEUED = {"HTTP_X_OFFLINE_QUEUE": "1", **HTMX}


def test_a_queued_resend_of_a_deal_deleted_since_is_refused_not_stored_again(table_client, table):
    form = sent(fft_example.POSTS[0], uuid.uuid4())
    post_deal(table_client, table, 1, form)
    deal = Deal.objects.get(table=table)
    table_client.post(f"/tables/{table.pk}/donnes/1/supprimer/", {"version": deal.version})

    response = post_deal(table_client, table, 1, form, **QUEUED)

    assert "supprimée de la feuille depuis" in response.content.decode()
    assert response["HX-Reswap"].startswith("innerHTML")
    assert not Deal.objects.filter(table=table).exists()


def test_a_queued_form_never_sent_before_is_stored(table_client, table):
    response = post_deal(table_client, table, 1, sent(fft_example.POSTS[0], uuid.uuid4()), **QUEUED)

    assert response.status_code == 200
    assert Deal.objects.get(table=table).marque_est == 318


def test_a_queued_resend_of_a_deal_still_there_succeeds_as_the_first_send(table_client, table):
    form = sent(fft_example.POSTS[0], uuid.uuid4())
    post_deal(table_client, table, 1, form)

    response = post_deal(table_client, table, 1, form, **QUEUED)

    assert "Donne 1 enregistrée." in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_queued_form_reusing_the_id_of_a_deal_still_there_is_not_called_deleted(
    table_client, table
):
    first = sent(fft_example.POSTS[0], uuid.uuid4())
    post_deal(table_client, table, 1, first)

    response = post_deal(
        table_client,
        table,
        2,
        {**fft_example.POSTS[1], "submission_id": first["submission_id"]},
        **QUEUED,
    )

    html = response.content.decode()
    assert "supprimée" not in html
    assert "Ce formulaire a déjà servi pour une autre donne" in html
    assert Deal.objects.filter(table=table).count() == 1
