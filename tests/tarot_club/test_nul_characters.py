"""A NUL character in a query parameter or a form field is a French 400 on every URL, never a
500 (PostgreSQL refuses it in text; no person types one)."""

import pytest
from django.urls import get_resolver, reverse

from tests.at_the_table import TESTS
from tests.factories import seated_room
from tournaments.services.positions import close_position

NUL_MESSAGE = (
    "Cette demande contient un caractère nul, que le site n'accepte nulle part : "
    "retapez la valeur sans lui."
)


def every_url() -> list[str]:
    """One path of every named URL, its parameters given 1."""
    paths = []
    resolver = get_resolver()
    for name in sorted(key for key in resolver.reverse_dict if isinstance(key, str)):
        for possibilities, _pattern, _defaults, _converters in resolver.reverse_dict.getlist(name):
            for _bits, params in possibilities:
                paths.append(reverse(name, kwargs=dict.fromkeys(params, 1)))
    return sorted(set(paths))


@pytest.fixture
def one_position(arbitre):
    return seated_room(arbitre)


def test_the_walk_covers_the_whole_site():
    paths = every_url()

    assert len(paths) > 100
    assert "/tournois/1/classement.pdf" in paths
    assert "/tournois/1/notifications/" in paths


@pytest.mark.parametrize("query", ["travail=%00", "q=a%00b", "a%00=1"])
def test_every_url_answers_a_nul_in_its_query_with_a_french_400(arbitre_client, query):
    for path in every_url():
        response = arbitre_client.get(f"{path}?{query}")

        assert (path, response.status_code) == (path, 400)
        assert response.content.decode() == NUL_MESSAGE


def test_every_url_answers_a_nul_in_a_form_field_with_a_french_400(arbitre_client):
    for path in every_url():
        response = arbitre_client.post(path, {"reason": "erreur\x00", "endpoint": "x"})

        assert (path, response.status_code) == (path, 400)
        assert response.content.decode() == NUL_MESSAGE


def test_a_nul_in_the_streams_last_event_id_is_a_400(client, one_position):
    tournament = one_position[0]

    response = client.get(f"/tournois/{tournament.pk}/direct/", HTTP_LAST_EVENT_ID="1-0\x00")

    assert response.status_code == 400


def test_a_public_document_asked_with_a_nul_work_is_a_400(client, one_position):
    tournament = one_position[0]

    response = client.get(f"/tournois/{tournament.pk}/classement.pdf?travail=%00")

    assert response.status_code == 400
    assert response.content.decode() == NUL_MESSAGE


def test_a_push_endpoint_with_a_nul_is_a_400_on_subscribe_and_unsubscribe(client, one_position):
    tournament = one_position[0]
    for path in ("notifications/", "notifications/retrait/"):
        response = client.post(
            f"/tournois/{tournament.pk}/{path}", {"number": 1, "endpoint": "https://x\x00"}
        )

        assert response.status_code == 400


def test_reopening_with_a_nul_in_the_reason_is_a_400_and_the_position_stays_closed(
    arbitre_client, one_position
):
    tournament, position = one_position[0], one_position[1]
    close_position(position=position, by=TESTS, force=True, reason="test")

    response = arbitre_client.post(
        reverse("position_reopen", args=[tournament.pk, position.number]),
        {"reason": "oubli\x00"},
    )

    assert response.status_code == 400
    position.refresh_from_db()
    assert position.closed_at is not None


def test_a_query_without_nul_goes_through(client, one_position):
    tournament = one_position[0]

    assert client.get(f"/tournois/{tournament.pk}/?q=abc").status_code == 200
