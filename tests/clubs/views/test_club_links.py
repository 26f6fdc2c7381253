"""The tournaments' pages that lead to the club: the arbitre's home lists their clubs, a
tournament's public page names its club."""

import pytest

from tests.factories import club_of, club_tournament


@pytest.fixture
def club(arbitre):
    return club_of(arbitre, town="Lyon")


def test_the_arbitre_home_lists_their_clubs(arbitre_client, club):
    page = arbitre_client.get("/arbitre/").content.decode()

    assert f"/arbitre/clubs/{club.pk}/" in page


def test_a_tournaments_public_page_links_to_its_club(client, arbitre, club):
    tournament = club_tournament(arbitre)

    page = client.get(f"/tournois/{tournament.pk}/").content.decode()

    assert f'href="/clubs/{club.pk}/"' in page
