"""Bounded points: what is typed in the points field is bounded before anything reads it."""

import pytest

from tests import fft_example
from tests.at_the_table import post_deal
from tournaments.models import Deal

HTMX = {"HTTP_HX_REQUEST": "true"}
PRISE = fft_example.POSTS[2]

# Finding 4: what is typed in the points field is bounded before anything formats it.


@pytest.mark.parametrize("points", ["9e9999999", "9e999999", "1e3", "NaN", "-5", "4 7", "²"])
def test_points_that_are_not_a_score_are_a_short_french_refusal(table_client, table, points):
    response = post_deal(table_client, table, 1, {**PRISE, "points": points})

    assert response.status_code == 422
    assert len(response.content) < 100_000
    assert "Les points sont un nombre de 0 à 91" in response.content.decode()
    assert not Deal.objects.exists()


@pytest.mark.parametrize("points", ["9e9999999", "9e999999", "x" * 5000])
def test_the_preview_answers_hostile_points_briefly(table_client, table, points):
    response = table_client.post(
        f"/tables/{table.pk}/apercu/", {"number": 1, **PRISE, "points": points}, **HTMX
    )

    assert response.status_code == 200
    assert len(response.content) < 20_000


def test_the_points_field_takes_five_characters_at_most(table_client, table):
    html = table_client.get(f"/tables/{table.pk}/").content.decode()

    assert 'maxlength="5"' in html


@pytest.mark.parametrize("points", ["44", "40,5", "40.5", "40½", "0", "91"])
def test_scores_as_typed_at_a_table_are_still_read(table_client, table, points):
    response = table_client.post(
        f"/tables/{table.pk}/apercu/", {"number": 1, **PRISE, "points": points}, **HTMX
    )

    assert "Les points sont un nombre" not in response.content.decode()
