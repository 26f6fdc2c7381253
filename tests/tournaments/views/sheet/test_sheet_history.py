"""The audit trail: every save, correction and deletion of a deal, who, when, before, after."""

from tests import fft_example
from tests.at_the_table import post_deal
from tournaments.models import Deal


def correct(client, table, number, fields, version):
    return client.post(
        f"/tables/{table.pk}/donnes/{number}/", {"number": number, "version": version, **fields}
    )


def test_a_saved_deal_is_recorded_as_entered_by_the_table(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    record = Deal.history.get()
    assert record.history_type == "+"
    assert record.history_change_reason == "Table 1"
    assert record.history_user is None


def test_a_correction_by_the_table_keeps_before_and_after(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    correct(table_client, table, 1, {**fft_example.POSTS[0], "points": "50"}, version=1)

    before, after = Deal.history.order_by("history_date")
    assert (before.points, after.points) == (49, 50)
    assert (before.marque_est, after.marque_est) == (318, 324)
    assert after.history_type == "~" and after.history_change_reason == "Table 1"


def test_a_correction_by_the_arbitre_names_the_arbitre(client, arbitre, table):
    client.force_login(arbitre)
    post_deal(client, table, 1, fft_example.POSTS[0])

    correct(client, table, 1, {**fft_example.POSTS[0], "points": "50"}, version=1)

    record = Deal.history.latest("history_date")
    assert record.history_user == arbitre
    assert record.history_change_reason == "Arbitre : Anne Arbitre"


def test_a_deletion_is_recorded_with_what_was_deleted(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    table_client.post(f"/tables/{table.pk}/donnes/1/supprimer/", {"version": 1})

    record = Deal.history.latest("history_date")
    assert record.history_type == "-"
    assert record.marque_est == 318 and record.history_change_reason == "Table 1"


def test_the_history_page_shows_who_when_before_and_after(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])
    correct(table_client, table, 1, {**fft_example.POSTS[0], "points": "50"}, version=1)
    table_client.post(f"/tables/{table.pk}/donnes/1/supprimer/", {"version": 2})

    html = table_client.get(f"/tables/{table.pk}/historique/").content.decode()

    assert "Donne 1 — Saisie" in html
    assert "Donne 1 — Modification" in html
    assert "Donne 1 — Suppression" in html
    assert "Table 1" in html
    assert "<td>Points de l&#x27;attaque</td><td>49</td><td>50</td>" in html
    assert "<td>Marque Est</td><td>+318</td><td>+324</td>" in html


def test_the_history_is_not_for_the_public(client, table):
    response = client.get(f"/tables/{table.pk}/historique/")

    assert response.status_code == 302
    assert response["Location"] == f"/tables/{table.pk}/acces/"
