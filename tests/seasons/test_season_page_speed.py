"""A season page read again writes only what changed (issue 31, item 9): its lines are kept
by what they show, each evening's item by what it says; what changed shows at once."""

from unittest import mock

import pytest

from seasons.templatetags import season_tags
from tests.seasons.evenings import evening


@pytest.fixture
def season_page(client, club, arbitre, people, season):
    evening(club, arbitre, 6, people, takers=("N", "E"))
    evening(club, arbitre, 13, people[:4], takers=("S",))

    def read() -> str:
        return client.get(f"/saisons/{season.pk}/").content.decode()

    return read


def counted_renders(read) -> tuple[int, str]:
    with mock.patch.object(
        season_tags, "render_to_string", side_effect=season_tags.render_to_string
    ) as render:
        page = read()
    return render.call_count, page


def test_a_season_page_read_again_unchanged_writes_none_of_its_lines_again(season_page):
    first, page = counted_renders(season_page)
    again, same = counted_renders(season_page)

    assert (first, again) == (1, 0)
    assert same.count('class="season-line"') == page.count('class="season-line"') == 8


def test_an_evening_played_shows_on_the_season_page_at_once(season_page, club, arbitre, people):
    season_page()
    evening(club, arbitre, 20, people[4:], takers=("O",))

    renders, page = counted_renders(season_page)

    assert renders == 1
    assert "Soirée du 20/10" in page


def test_an_evening_renamed_outside_the_services_shows_its_new_name(season_page, club):
    season_page()
    renamed = club.tournaments.get(date__day=13)
    renamed.name = "Soirée <Excuse>"
    renamed.save()

    page = season_page()

    assert "13/10/2026 · Soirée &lt;Excuse&gt; : place" in page
