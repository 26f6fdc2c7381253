"""A new tournament belongs to one of the arbitre's clubs: chosen without asking when they
have one, asked among theirs when they have several, theirs only."""

import pytest

from clubs.models import Club
from tests.factories import club_of
from tournaments.models import Tournament

NEW = {
    "name": "Soirée du jeudi",
    "date": "2026-12-03",
    "positions_count": "3",
    "deals_per_position": "5",
    "formula": "individuel",
    "five_mode": "appel",
    "status": "preparation",
}


@pytest.fixture
def two_clubs(arbitre):
    first = club_of(arbitre)
    second = Club.objects.create(name="Les Excuses")
    second.arbitres.add(arbitre)
    return first, second


def test_with_one_club_the_tournament_is_in_it_without_asking(arbitre_client, arbitre):
    club = club_of(arbitre)

    form = arbitre_client.get("/arbitre/tournois/nouveau/").content.decode()
    arbitre_client.post("/arbitre/tournois/nouveau/", NEW)

    assert 'name="club"' not in form
    assert Tournament.objects.get(name="Soirée du jeudi").club == club


def test_with_no_club_the_arbitre_gets_one_named_after_them(arbitre_client, arbitre):
    arbitre_client.post("/arbitre/tournois/nouveau/", NEW)

    club = Tournament.objects.get(name="Soirée du jeudi").club
    assert club.name == "Club d'Anne Arbitre"
    assert list(club.arbitres.all()) == [arbitre]
    assert club.journal.get().action == "club.created"


def test_with_several_clubs_the_form_asks_among_theirs(arbitre_client, two_clubs, other_arbitre):
    _first, second = two_clubs
    club_of(other_arbitre)

    form = arbitre_client.get("/arbitre/tournois/nouveau/").content.decode()
    arbitre_client.post("/arbitre/tournois/nouveau/", {**NEW, "club": second.pk})

    assert 'name="club"' in form and "Les Excuses" in form
    assert "Club de autre" not in form
    assert Tournament.objects.get(name="Soirée du jeudi").club == second


def test_another_clubs_id_creates_nothing_and_keeps_what_was_typed(
    arbitre_client, two_clubs, other_arbitre
):
    theirs = club_of(other_arbitre)

    response = arbitre_client.post("/arbitre/tournois/nouveau/", {**NEW, "club": theirs.pk})

    page = response.content.decode()
    assert "Sélectionnez un choix valide" in page
    assert 'value="Soirée du jeudi"' in page
    assert not Tournament.objects.filter(name="Soirée du jeudi").exists()
    assert len(two_clubs) == 2
