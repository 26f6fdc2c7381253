"""The placement report of a later stage: the repeat meetings its small field leaves."""

from championships.services.stages import add_stage
from tests.at_the_table import TESTS
from tests.championship import championship_tournament, play_position, set_cut
from tests.factories import plan_committed, register


def test_a_final_whose_players_all_met_before_says_its_repeats_are_unavoidable(
    arbitre_client, arbitre
):
    tournament = championship_tournament(arbitre)
    register(tournament, 8)
    qualification = add_stage(
        tournament=tournament, name="Qualification", positions_count=2, by=TESTS
    )
    add_stage(tournament=tournament, name="Finale", positions_count=1, by=TESTS)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    play_position(tournament, 2)
    plan_committed(tournament=tournament, number=3, by=TESTS)

    page = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/3/placement/"
    ).content.decode()

    assert "Phase « Finale » : rencontres répétées inévitables." in page
    assert "des 3 autres joueurs de la phase" in page


def test_a_first_stage_says_nothing_of_stages(arbitre_client, arbitre):
    tournament = championship_tournament(arbitre)
    register(tournament, 8)
    add_stage(tournament=tournament, name="Qualification", positions_count=2, by=TESTS)
    plan_committed(tournament=tournament, number=1, by=TESTS)

    page = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/1/placement/"
    ).content.decode()

    assert "Phase « " not in page
