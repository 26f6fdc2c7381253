"""The placement report of a later stage: the repeat meetings its small field leaves."""

from championships.services.stages import add_stage
from tests.at_the_table import TESTS
from tests.championship import championship_tournament, play_position, set_cut
from tests.factories import plan_committed, register, repeating_swap
from tournaments.services.seating import swap_seats


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


def test_a_stages_repeats_made_by_a_hand_swap_are_not_blamed_on_the_draw(arbitre_client, arbitre):
    tournament = championship_tournament(arbitre)
    register(tournament, 16)
    qualification = add_stage(
        tournament=tournament, name="Qualification", positions_count=1, by=TESTS
    )
    add_stage(tournament=tournament, name="Finale", positions_count=1, by=TESTS)
    set_cut(qualification, 16)
    first = play_position(tournament, 1)
    second = plan_committed(tournament=tournament, number=2, by=TESTS)
    _x, y, z, _table = repeating_swap(first, second)
    swap_seats(position=second, first=y, second=z, by=TESTS, reason="Mobilité réduite")

    page = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/2/placement/"
    ).content.decode()

    assert "(échange à la main)" in page
    assert "le tirage n&#x27;a pas trouvé" not in page
