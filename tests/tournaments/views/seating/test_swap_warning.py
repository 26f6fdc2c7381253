"""The placement page's swap that makes players meet again: the warning, the reason asked,
and the report telling the swaps' repeats from the draw's."""

import pytest

from tests.factories import repeating_swap, two_positions_seated

HTMX = {"HX-Request": "true"}


@pytest.fixture
def two_positions(tournament):
    return two_positions_seated(tournament)


def swap_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/positions/2/placement/echanger/"


def test_a_repeating_swap_shows_the_warning_and_asks_for_a_reason(arbitre_client, two_positions):
    first, second = two_positions
    x, y, z, _table = repeating_swap(first, second)

    response = arbitre_client.post(
        swap_url(second.tournament), {"first": y.pk, "second": z.pk}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Cet échange ferait se rencontrer de nouveau" in page
    assert f"(n° {x.registration.number})" in page
    assert "Échanger quand même" in page
    assert f'name="first" value="{y.pk}"' in page
    assert second.seats.get(pk=y.pk).registration == y.registration


def test_the_swap_with_its_reason_is_done_and_the_report_names_it(arbitre_client, two_positions):
    first, second = two_positions
    _x, y, z, _table = repeating_swap(first, second)

    arbitre_client.post(
        swap_url(second.tournament),
        {"first": y.pk, "second": z.pk, "reason": "Mobilité réduite"},
        headers=HTMX,
    )
    page = arbitre_client.get(
        f"/arbitre/tournois/{second.tournament.pk}/positions/2/placement/"
    ).content.decode()

    assert "par des échanges à la main, pas par le tirage" in page
    assert "(échange à la main)" in page
