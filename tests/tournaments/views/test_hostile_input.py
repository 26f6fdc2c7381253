"""Random and hostile values posted to every form: never a 5xx, never an oversized answer.

Hypothesis draws each field's value from plain text, numbers far out of range, odd Unicode
digits, exponents, control characters, markup and very long strings; the forms are the deal
form, its preview, the table code, the login, the tournament, registration (and its
correction), the CSV import, the teams, and the two searches.
"""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fft_example
from tests.at_the_table import TESTS
from tests.factories import club_of
from tournaments.choices import Formula
from tournaments.models import Tournament
from tournaments.services.deals import record_deal
from tournaments.services.tournaments import TOURNAMENT_SETTINGS

# An answer is a page or a fragment: a few tens of kilobytes. A bigger one means something
# typed was echoed or expanded without bound.
MAX_ANSWER_BYTES = 250_000

HOSTILE = st.sampled_from(
    [
        "9e9999999",
        "9e999999",
        "-1",
        "0",
        "32768",
        "99999999999999999999999999",
        "1e308",
        "NaN",
        "inf",
        "²",
        "٣",
        "½",
        "0x1F",
        " ",
        "",
        "\u202e",
        "a\x00b",
        "\ufeff",
        "<script>alert(1)</script>",
        "' OR 1=1 --",
        "a" * 10_000,
        "é" * 3_000,
        "N",
        "garde_contre",
        "2026-02-30",
        "9999-12-31",
    ]
)
VALUE = st.one_of(
    HOSTILE,
    st.text(max_size=200),
    st.integers().map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
)
RUN = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

DEAL_FIELDS = [
    "number",
    "version",
    "taker",
    "contract",
    "partner",
    "bouts",
    "points",
    "points_for",
    "petit_au_bout",
    "chelem",
    "chelem_announced",
    "poignee_N",
    "poignee_E",
    "all_pass",
]
TOURNAMENT_FIELDS = list(TOURNAMENT_SETTINGS)
REGISTRATION_FIELDS = [
    "player",
    "last_name",
    "first_name",
    "licence",
    "club",
    "number",
    "checked_in",
    "team",
]


def posted(fields: list[str]):
    """Some of ``fields``, each with a random or hostile value."""
    return st.dictionaries(st.sampled_from(fields), VALUE, max_size=len(fields))


def check(response) -> None:
    assert response.status_code < 500, response.status_code
    assert len(response.content) <= MAX_ANSWER_BYTES, len(response.content)


@pytest.fixture
def duo(arbitre, registrations):  # noqa: ARG001 - players known to search
    return Tournament.objects.create(
        name="Duo",
        date=datetime.date(2026, 12, 12),
        arbitre=arbitre,
        club=club_of(arbitre),
        formula=Formula.DUO,
    )


@RUN
@given(data=posted(DEAL_FIELDS))
def test_the_deal_form_survives_anything(table_client, table, data):
    check(table_client.post(f"/tables/{table.pk}/donnes/nouvelle/", data))
    check(table_client.post(f"/tables/{table.pk}/donnes/nouvelle/", data, HTTP_HX_REQUEST="true"))


@RUN
@given(data=posted(DEAL_FIELDS))
def test_the_preview_survives_anything(table_client, table, data):
    check(table_client.post(f"/tables/{table.pk}/apercu/", data, HTTP_HX_REQUEST="true"))


@RUN
@given(data=posted(DEAL_FIELDS))
def test_the_correction_form_survives_anything(arbitre_client, table, data):
    if not table.deals.exists():
        record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=TESTS)
    check(arbitre_client.post(f"/tables/{table.pk}/donnes/1/", data))


@RUN
@given(code=VALUE)
def test_the_code_form_survives_anything(table, code):
    check(Client().post(f"/tables/{table.pk}/acces/", {"code": code}))
    check(Client().get(f"/tables/{table.pk}/acces/", {"code": code}))


@RUN
@given(username=VALUE, password=VALUE)
@pytest.mark.usefixtures("db")
def test_the_login_survives_anything(username, password):
    check(Client().post("/connexion/", {"username": username, "password": password}))


@RUN
@given(data=posted(TOURNAMENT_FIELDS))
def test_the_tournament_form_survives_anything(arbitre_client, tournament, data):
    check(arbitre_client.post("/arbitre/tournois/nouveau/", data))
    check(arbitre_client.post(f"/arbitre/tournois/{tournament.pk}/modifier/", data))


@RUN
@given(data=posted(REGISTRATION_FIELDS), query=VALUE)
def test_registration_and_its_searches_survive_anything(
    arbitre_client, duo, registrations, data, query
):
    check(arbitre_client.post(f"/arbitre/tournois/{duo.pk}/joueurs/", data))
    check(arbitre_client.get(f"/arbitre/tournois/{duo.pk}/joueurs/", {"q": query}))
    check(arbitre_client.get(f"/arbitre/tournois/{duo.pk}/pointage/", {"q": query}))
    registration = registrations[0]
    check(
        arbitre_client.post(
            f"/arbitre/tournois/{registration.tournament_id}/joueurs/{registration.pk}/modifier/",
            data,
        )
    )


@RUN
@given(
    content=st.one_of(
        st.binary(max_size=2_000),
        st.lists(st.lists(VALUE, max_size=7), max_size=20).map(
            lambda rows: "\n".join(";".join(row) for row in rows).encode("utf-8", "replace")
        ),
    )
)
def test_the_csv_import_survives_anything(arbitre_client, duo, content):
    upload = SimpleUploadedFile("joueurs.csv", content, content_type="text/csv")
    check(arbitre_client.post(f"/arbitre/tournois/{duo.pk}/import/", {"file": upload}))


@RUN
@given(name=VALUE, members=st.lists(VALUE, max_size=4))
def test_the_teams_form_survives_anything(arbitre_client, duo, name, members):
    check(
        arbitre_client.post(
            f"/arbitre/tournois/{duo.pk}/equipes/", {"name": name, "members": members}
        )
    )


@pytest.mark.parametrize("member", ["-1", "9223372036854775808"])
def test_a_team_member_id_out_of_range_is_refused_in_french(arbitre_client, duo, member):
    response = arbitre_client.post(
        f"/arbitre/tournois/{duo.pk}/equipes/", {"name": "Les As", "members": [member]}
    )
    assert response.status_code == 200
    assert "n’est pas une valeur correcte" in response.content.decode()
