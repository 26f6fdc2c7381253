"""The tournament's public CSV and JSON files (issue 45): paced and counted per address as
every public document is (a script in a loop is answered 429 before anything is read), and
each kept per change of the tournament (written once, read by every reader until it changes)."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from documents.pace import is_public_document
from tests.at_the_table import play, prise_by

FILES = [
    "classement.csv",
    "classement-equipes.csv",
    "classement.json",
    "donnes.csv",
    "donnes.json",
    "plan.json",
]


@pytest.fixture
def played(one_position):
    tournament, _position, tables, _registrations = one_position
    play(tables[0], prise_by("N"))
    return tournament, tables


@pytest.mark.parametrize("name", FILES)
def test_each_public_file_is_paced_before_django(name):
    assert is_public_document(f"/tournois/1/{name}")


@pytest.mark.parametrize("name", FILES)
def test_an_address_asking_for_a_file_in_a_loop_is_answered_429(client, played, settings, name):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 3
    url = f"/tournois/{played[0].pk}/{name}"
    answers = [client.get(url).status_code for _ in range(4)]

    response = client.get(url)

    assert answers == [200, 200, 200, 429]
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "Trop de demandes" in response.content.decode()


def test_the_files_count_together_with_the_pdfs(client, played, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    tournament = played[0]
    client.get(f"/tournois/{tournament.pk}/donnes.csv")
    client.get(f"/tournois/{tournament.pk}/classement.json")

    assert client.get(f"/tournois/{tournament.pk}/donnes.json").status_code == 429


def test_the_arbitre_logged_in_is_not_counted(arbitre_client, played, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 1
    url = f"/tournois/{played[0].pk}/donnes.csv"

    assert [arbitre_client.get(url).status_code for _ in range(3)] == [200, 200, 200]


@pytest.mark.parametrize("name", ["donnes.csv", "donnes.json", "classement.csv"])
def test_a_file_read_again_without_a_change_reads_no_deal(client, played, name):
    url = f"/tournois/{played[0].pk}/{name}"
    first = client.get(url)

    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)

    assert again.content == first.content
    read = " ".join(query["sql"] for query in queries.captured_queries)
    assert "tournaments_deal" not in read


@pytest.mark.parametrize("name", ["donnes.csv", "donnes.json", "classement.csv"])
def test_a_deal_saved_gives_a_new_file(client, played, name):
    tournament, tables = played
    url = f"/tournois/{tournament.pk}/{name}"
    before = client.get(url).content

    play(tables[1], prise_by("E"))

    assert client.get(url).content != before


def test_the_deals_json_keeps_its_shape(client, played):
    cache.clear()
    deals = client.get(f"/tournois/{played[0].pk}/donnes.json").json()

    assert isinstance(deals, list) and len(deals) == 1
    assert deals[0]["table"] == 1
