"""A season's page follows its evening under way live; with none, it asks on its timer."""

import datetime

from tests.htmx import HTMX
from tournaments.models import Tournament


def under_way(club, arbitre, **fields) -> Tournament:
    defaults = {"name": "Ce soir", "date": datetime.date(2026, 11, 20), "published": True}
    return Tournament.objects.create(
        arbitre=arbitre, club=club, status=Tournament.Status.RUNNING, **{**defaults, **fields}
    )


def test_the_season_follows_its_evening_under_way(client, club, arbitre, season):
    tonight = under_way(club, arbitre)

    content = client.get(f"/saisons/{season.pk}/").content.decode()

    assert f'sse-connect="/tournois/{tonight.pk}/direct/"' in content
    assert 'hx-trigger="live"' in content
    assert 'data-live-every="120"' in content


def test_with_no_evening_under_way_the_season_asks_every_two_minutes(client, club, arbitre, season):
    under_way(club, arbitre, published=False)
    under_way(club, arbitre, name="Hors saison", date=datetime.date(2025, 1, 1))

    content = client.get(f"/saisons/{season.pk}/").content.decode()

    assert "sse-connect" not in content
    assert 'hx-trigger="every 120s"' in content


def test_the_seasons_fragment_does_not_open_another_stream(client, club, arbitre, season):
    under_way(club, arbitre)

    content = client.get(f"/saisons/{season.pk}/", headers=HTMX).content.decode()

    assert "sse-connect" not in content
