"""A championship in a club's season counts what its ranking published: total and place."""

from fractions import Fraction

import pytest

from common.actors import Actor
from seasons.models import Season
from seasons.selectors.history import player_history
from seasons.selectors.ranking import season_ranking
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.penalties import add_penalty


@pytest.fixture
def championship(arbitre, season):  # noqa: ARG001 - the season counts it (its club, its dates)
    """16 players; the 4 Nords of the qualification (+87) go to the final with half of it
    (+44); there one of them wins (+131), two lose (44 − 29 = +15) and the fourth, who also
    took a penalty of 100 there, ends at −85: still 4th, above the 12 eliminated at −29."""
    tournament = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    final = play_position(tournament, 2)
    loser = next(p for p in tournament_ranking(tournament).players if p.total == 15)
    add_penalty(
        registration=loser.registration,
        position=final,
        points=100,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    return tournament


def season_line(season, player):
    ranking = season_ranking(Season.objects.get(pk=season.pk))
    return next(line for line in ranking.ranked if line.player == player)


def test_a_championship_counts_each_player_total_with_its_carry_over(season, championship):
    ranking = tournament_ranking(championship)

    counted = {
        player.registration.player: season_line(season, player.registration.player).score
        for player in ranking.players
    }
    assert counted == {player.registration.player: player.total for player in ranking.players}
    assert sorted(counted.values(), reverse=True)[:5] == [131, 15, 15, -29, -29]
    assert min(counted.values()) == -85


def test_points_de_place_follow_the_places_the_championship_published(season, championship):
    season.method = "points_de_place"
    season.save()
    ranking = tournament_ranking(championship)
    fourth = next(p for p in ranking.players if p.total == -85)
    eliminated = next(p for p in ranking.players if p.stage_reached.name == "Qualification")

    assert (fourth.rank, eliminated.rank) == (4, 5)
    # 4th of 16: (16 − 4) / 15 × 1000; the 12 eliminated share places 5 to 16, 10.5 on average.
    assert season_line(season, fourth.registration.player).score == 800
    assert season_line(season, eliminated.registration.player).score == Fraction(
        (16 - Fraction(21, 2)) * 1000, 15
    )


def test_the_player_history_shows_the_published_place(championship):
    ranking = tournament_ranking(championship)
    fourth = next(p for p in ranking.players if p.total == -85)

    (row,) = player_history(fourth.registration.player.pk).evenings

    assert (row.rank, row.tied, row.total) == (4, False, -85)


def test_the_season_page_says_a_championship_counts_its_published_ranking(
    client, season, championship
):
    html = client.get(f"/saisons/{season.pk}/").content.decode()

    assert (
        f"« {championship.name} » se joue en phases : la saison en compte le total et la "
        "place publiés par son classement, reports d’une phase à l’autre compris." in html
    )
