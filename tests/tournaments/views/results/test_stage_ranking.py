"""The ranking page of a championship: its stages, the qualified players, the final ranking."""

import pytest

from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import plan_committed
from tournaments.services.seating import publish_seating


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def qualified(tournament):
    """The qualification played: 4 qualified, and 4 more ex aequo with them at a cut of 3."""
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 3)
    play_position(tournament, 1)
    return tournament


def ranking_page(client, tournament) -> str:
    return client.get(f"/tournois/{tournament.pk}/classement/").content.decode()


def test_the_ranking_states_each_stage_its_cut_and_carry_over(client, qualified):
    page = ranking_page(client, qualified)

    assert "Les 3 premiers sont qualifiés pour la Finale." in page
    assert "Report de la moitié du total de la phase précédente, arrondi au point." in page


def test_the_ranking_says_when_ex_aequo_at_the_line_all_qualify(client, qualified):
    page = ranking_page(client, qualified)

    assert "Ex aequo à la limite : 4 joueurs qualifiés, tous les ex aequo passent." in page


def test_each_qualified_player_is_marked_qualified_for_the_next_stage(client, qualified):
    page = ranking_page(client, qualified)

    # Four in the general ranking, four in the qualification's own.
    assert page.count("qualifié·e pour la Finale") == 8


def test_the_final_ranking_and_each_stage_played_are_shown(client, qualified):
    play_position(qualified, 2)

    page = ranking_page(client, qualified)

    assert "Classement final" in page
    assert "Phase : Finale" in page and "Phase : Qualification" in page


def test_a_tournament_without_stages_keeps_its_ranking_page(client, short_tournament):
    page = ranking_page(client, short_tournament)

    assert "Les phases" not in page and "Classement final" not in page


def test_the_projector_shows_the_players_of_the_stage_under_way(client, qualified):
    final = plan_committed(tournament=qualified, number=2, by=TESTS)
    publish_seating(position=final, by=TESTS)

    page = client.get(f"/tournois/{qualified.pk}/projection/").content.decode()

    finalists = [seat.registration.player for seat in final.seats.select_related("registration")]
    assert page.count('class="name"') == len(finalists)
    assert "Finale" in page
