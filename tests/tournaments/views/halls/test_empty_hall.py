"""A hall that gets no table at a position (halls are fixed ranges of tables: the final
plays in the first hall) says so, on its room and on the halls' page, before the position
is seated."""

import pytest

from championships.selectors.hall_tables import empty_halls
from championships.services.halls import add_hall
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import plan_committed
from tournaments.models import Position

pytestmark = pytest.mark.django_db

RHONE_AT_THE_FINAL = (
    "La salle Rhône n'a aucune table à la position 2 : la position se jouera à une table "
    "(la table 1) et la salle tient les tables 3 à 4."
)


@pytest.fixture
def tournament(arbitre):
    """16 players at 4 tables in the qualification (« Salle Loire » tables 1–2, « Salle
    Rhône » 3–4), played and closed; the final, 4 qualified at one table, not yet seated."""
    tournament = championship_tournament(arbitre)
    add_hall(tournament=tournament, name="Salle Loire", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=tournament, name="Salle Rhône", first_table=3, last_table=4, by=TESTS)
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    return tournament


def room_url(tournament, number, hall) -> str:
    return f"/arbitre/tournois/{tournament.pk}/positions/{number}/salles/{hall}/"


def test_the_halls_page_names_the_hall_without_a_table_before_the_final_is_seated(
    arbitre_client, tournament
):
    page = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/salles/").text

    assert RHONE_AT_THE_FINAL.replace("'", "&#x27;") in page
    assert "La salle Loire n&#x27;a aucune table" not in page


def test_the_empty_halls_room_says_so_before_the_final_is_seated(arbitre_client, tournament):
    Position.objects.get_or_create(tournament=tournament, number=2)

    page = arbitre_client.get(room_url(tournament, 2, 2)).text

    assert RHONE_AT_THE_FINAL.replace("'", "&#x27;") in page
    assert "la position n'est pas encore placée" not in page


def test_once_seated_the_empty_halls_room_says_the_position_plays_without_it(
    arbitre_client, tournament
):
    # Its commitment was fixed when position 1 was published: the room seed, then the draw.
    plan_committed(tournament=tournament, number=2, by=TESTS)

    page = arbitre_client.get(room_url(tournament, 2, 2)).text

    assert (
        "La salle Rhône n&#x27;a aucune table à la position 2 : la position se joue à une" in page
    )


def test_the_hall_holding_the_final_says_nothing_of_it(arbitre_client, tournament):
    Position.objects.get_or_create(tournament=tournament, number=2)

    page = arbitre_client.get(room_url(tournament, 2, 1)).text

    assert "aucune table à la position" not in page
    assert "Aucune table : la position n'est pas encore placée." in page


def test_a_closed_position_is_no_longer_listed(tournament):
    found = empty_halls(tournament=tournament, halls=list(tournament.halls.all()))

    assert [(empty.hall.name, empty.position, empty.tables) for empty in found] == [
        ("Salle Rhône", 2, 1)
    ]


def test_a_tournament_whose_tables_fill_every_hall_lists_none(arbitre):
    tournament = championship_tournament(arbitre)
    add_hall(tournament=tournament, name="Salle Loire", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=tournament, name="Salle Rhône", first_table=3, last_table=4, by=TESTS)
    qualification_and_final(tournament)

    assert empty_halls(tournament=tournament, halls=list(tournament.halls.all())) == []


def test_the_halls_room_tells_ahead_of_a_position_without_its_tables(arbitre_client, tournament):
    page = arbitre_client.get(room_url(tournament, 1, 2)).text

    assert RHONE_AT_THE_FINAL.replace("'", "&#x27;") in page


def test_the_other_halls_room_tells_nothing_ahead(arbitre_client, tournament):
    page = arbitre_client.get(room_url(tournament, 1, 1)).text

    assert "aucune table à la position" not in page
