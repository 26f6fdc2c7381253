"""A player's page: the chart of their total agrees with the ranking, stages and penalties."""

import pytest

from common.actors import Actor
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tournaments.selectors.players import player_page
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.penalties import add_penalty


@pytest.fixture
def championship(arbitre):
    """A qualification of 1 position (cut 4: the 4 Nords at +87 qualify, the 12 others at
    −29 do not) and a final that carries half of it. A Nord was given a penalty of 20 in the
    qualification (+67, still qualified), before the final was played."""
    tournament = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    first = play_position(tournament, 1)
    nord = next(p for p in tournament_ranking(tournament).players if p.total == 87)
    add_penalty(
        registration=nord.registration,
        position=first,
        points=20,
        reason="Carte exposée",
        by=Actor.arbitre(arbitre),
    )
    play_position(tournament, 2)
    return tournament, nord.registration.number


def page_of(tournament, number):
    return player_page(tournament=tournament, ranking=tournament_ranking(tournament), number=number)


def test_the_last_point_of_every_player_chart_is_their_ranking_total(championship):
    tournament, _penalized = championship
    ranking = tournament_ranking(tournament)

    totals = {p.registration.number: p.total for p in ranking.players}
    charted = {number: page_of(tournament, number).chart[-1].total for number in totals}
    assert charted == totals
    assert len(set(totals.values())) >= 3


def test_a_finalist_chart_starts_the_final_from_the_points_carried_over(championship):
    tournament, penalized = championship
    ranking = tournament_ranking(tournament)
    finalist = next(
        p
        for p in ranking.players
        if p.stage_reached.name == "Finale" and p.registration.number != penalized
    )

    page = page_of(tournament, finalist.registration.number)

    assert [(point.label, point.total, point.carried) for point in page.chart] == [
        ("", 0, False),
        ("P1", 87, False),
        ("rep.", 44, True),
        ("P2", 44 + finalist.positions[2].bilan, False),
    ]


def test_a_penalty_in_the_first_stage_counts_at_its_position_and_in_the_carry_over(
    championship,
):
    tournament, penalized = championship

    page = page_of(tournament, penalized)

    assert page.standing.stage_reached.name == "Finale"
    assert [(point.label, point.total, point.penalty) for point in page.chart][:3] == [
        ("", 0, 0),
        ("P1", 67, 20),
        ("rep.", 34, 0),
    ]
    assert page.chart[-1].total == page.standing.total == 34 + page.standing.positions[2].bilan
    assert "P1 : pénalité de 20 points, déduite." in page.chart_notes


def test_an_eliminated_player_chart_stops_at_the_qualification(championship):
    tournament, _penalized = championship
    ranking = tournament_ranking(tournament)
    eliminated = next(p for p in ranking.players if p.stage_reached.name == "Qualification")

    page = page_of(tournament, eliminated.registration.number)

    assert [(point.label, point.total) for point in page.chart] == [("", 0), ("P1", -29)]


def test_the_page_captions_the_carry_over_of_the_final(client, championship):
    tournament, penalized = championship

    html = client.get(f"/tournois/{tournament.pk}/joueurs/{penalized}/").content.decode()

    assert (
        "« rep. » : au début de la phase « Finale », le report de la phase précédente, +34." in html
    )
    assert '<circle cx="' in html and 'class="carried"' in html and 'class="penalty"' in html
