"""The arbitre's season pages: only the club's arbitres reach them."""

import datetime

import pytest

from seasons.models import Season
from tests.factories import club_of
from tests.htmx import HTMX
from tests.seasons.evenings import evening


@pytest.fixture
def other_club_season(other_arbitre):
    return Season.objects.create(
        club=club_of(other_arbitre),
        name="Leur saison",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
    )


def test_the_clubs_arbitre_sees_the_season_form(arbitre_client, club):
    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/saisons/nouvelle/")

    assert response.status_code == 200
    assert "Points de place" in response.content.decode()


def test_another_clubs_arbitre_gets_a_404(client, arbitre, club, other_club_season, season):
    client.force_login(arbitre)
    assert club.pk != other_club_season.club_id

    assert client.get(f"/arbitre/saisons/{other_club_season.pk}/").status_code == 404
    assert (
        client.get(f"/arbitre/clubs/{other_club_season.club_id}/saisons/nouvelle/").status_code
        == 404
    )
    assert client.get(f"/arbitre/saisons/{season.pk}/").status_code == 200


def test_a_visitor_is_sent_to_log_in(client, season):
    response = client.get(f"/arbitre/saisons/{season.pk}/")

    assert response.status_code == 302
    assert response["Location"].startswith("/connexion/")


def test_a_forged_tournament_of_another_club_is_not_a_choice(
    arbitre_client, club, other_arbitre, people
):
    theirs = evening(club_of(other_arbitre), other_arbitre, 6, people[:4])

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/saisons/nouvelle/",
        {
            "name": "Saison",
            "start": "2026-09-01",
            "end": "2027-06-30",
            "method": "cumul",
            "minimum": "1",
            "evenings": "choisies",
            "tournaments": [str(theirs.pk)],
        },
        headers=HTMX,
    )

    assert response.status_code == 200
    assert (
        "n’en fait pas partie" in response.content.decode() or "valide" in response.content.decode()
    )
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("best", "0", "supérieure ou égale à 1"), ("minimum", "-3", "supérieure ou égale à 1")],
)
def test_k_or_m_below_1_are_refused_in_french_keeping_what_was_typed(
    arbitre_client, club, field, value, message
):
    data = {"name": "Ma saison", "start": "2026-09-01", "end": "2027-06-30", "method": "cumul",
            "minimum": "1", "evenings": "dates", field: value}  # fmt: skip

    response = arbitre_client.post(f"/arbitre/clubs/{club.pk}/saisons/nouvelle/", data)

    page = response.content.decode()
    assert response.status_code == 422
    assert message in page
    assert 'value="Ma saison"' in page
    assert not Season.objects.exists()
