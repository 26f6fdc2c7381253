"""The ranking of a tournament, read from the database (tournaments.selectors.ranking)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from tests.at_the_table import PRISE, play, prise_by, sign
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import enrol, seat
from tournaments.deal_scoring import DealResult
from tournaments.models import Team
from tournaments.selectors.ranking import stage_rankings, tournament_ranking
from tournaments.services.penalties import add_penalty, cancel_penalty
from tournaments.services.positions import close_position


def totals(ranking) -> dict[int, int]:
    return {ranked.registration.number: ranked.total for ranked in ranking.players}


@pytest.mark.usefixtures("first_position")
def test_the_total_is_the_sum_of_the_bilans_of_every_position(short_tournament, players):
    second = seat(short_tournament, 2, [players[::2], players[1::2]])
    play(second[0], prise_by("E"))  # player 3 takes: +87

    ranking = tournament_ranking(short_tournament)

    assert totals(ranking)[1] == 87 - 29
    assert totals(ranking)[3] == -29 + 87
    assert totals(ranking)[2] == -29  # table 2 of position 2 has not played yet


@pytest.mark.usefixtures("first_position")
def test_equal_totals_share_a_rank_marked_ex_aequo(short_tournament):
    ranking = tournament_ranking(short_tournament)

    assert [(p.rank, p.tied, p.total) for p in ranking.players[:3]] == [
        (1, True, 87),
        (1, True, 87),
        (3, True, -29),
    ]


def test_ex_aequo_are_listed_in_french_alphabetical_order(short_tournament, players):
    for registration, name in zip(players[:4], ["Zola", "Évrard", "Abel", "Château"], strict=True):
        registration.player.last_name = name
        registration.player.save()
    short_tournament.counts_all_pass = True
    short_tournament.save(update_fields=["counts_all_pass"])
    (table,) = seat(short_tournament, 1, [players[:4]])
    play(table, DealResult(all_pass=True))

    names = [p.registration.player.last_name for p in tournament_ranking(short_tournament).players]

    assert names == ["Abel", "Château", "Évrard", "Zola"]


def test_a_penalty_is_taken_off_the_total(short_tournament, players, first_position, arbitre):
    position = first_position[0].position
    add_penalty(
        registration=players[0],
        position=position,
        points=50,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    ranking = tournament_ranking(short_tournament)

    assert ranking.by_number[1].total == 37
    assert ranking.by_number[1].penalties == 50
    assert [p.registration.number for p in ranking.players[:2]] == [5, 1]


def test_a_cancelled_penalty_no_longer_counts(short_tournament, players, first_position, arbitre):
    position = first_position[0].position
    penalty = add_penalty(
        registration=players[0],
        position=position,
        points=50,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    cancel_penalty(penalty=penalty, by=Actor.arbitre(arbitre))

    assert tournament_ranking(short_tournament).by_number[1].total == 87


def test_penalties_stand_outside_the_zero_sum_of_the_sheets(
    short_tournament, players, first_position, arbitre
):
    position = first_position[0].position
    add_penalty(
        registration=players[2],
        position=position,
        points=30,
        reason="Bruit",
        by=Actor.arbitre(arbitre),
    )

    ranking = tournament_ranking(short_tournament)

    assert sum(p.total for p in ranking.players) == -30
    assert sum(p.total + p.penalties for p in ranking.players) == 0


@pytest.mark.usefixtures("first_position")
def test_a_withdrawn_player_stays_ranked_with_what_they_played(short_tournament):
    registration = short_tournament.registrations.get(number=5)
    registration.withdrawn_from = 2
    registration.save()

    ranked = tournament_ranking(short_tournament).by_number[5]

    assert (ranked.withdrawn, ranked.total, ranked.rank) == (True, 87, 1)


def test_a_late_arrival_has_no_result_for_the_positions_missed(short_tournament, players):
    seat(short_tournament, 1, [players[:4]])
    late = seat(short_tournament, 2, [players[4:]])
    play(late[0], prise_by("S"))

    ranking = tournament_ranking(short_tournament)
    cells = ranking.by_number[7].cells

    assert ranking.position_numbers == [1, 2]
    assert cells[0] is None
    assert (cells[1].table, cells[1].seat, cells[1].bilan) == (1, "S", 87)


def test_a_player_never_seated_is_not_ranked(short_tournament, players):
    seat(short_tournament, 1, [players[:4]])

    assert sorted(tournament_ranking(short_tournament).by_number) == [1, 2, 3, 4]


def test_deals_are_counted_by_the_size_of_the_table(short_tournament, players):
    short_tournament.deals_per_position = 2
    short_tournament.save()
    three, four = seat(short_tournament, 1, [players[:3], players[3:7]])
    play(three, DealResult(taker="N", contract="prise", bouts=1, points=Decimal("60.5")))
    play(four, prise_by("N"), prise_by("E"))

    ranking = tournament_ranking(short_tournament)

    assert ranking.by_number[1].deals_by_table_size == {3: 1, 4: 0, 5: 0}
    assert ranking.by_number[4].deals_by_table_size == {3: 0, 4: 2, 5: 0}


def test_the_mort_at_five_does_not_play_the_deal_they_sit_out(short_tournament, players):
    short_tournament.five_mode = "mort"
    short_tournament.deals_per_position = 2
    short_tournament.save()
    (five,) = seat(short_tournament, 1, [players[:5]])
    play(
        five,
        DealResult(taker="N", sitting_out="C", **PRISE),
        DealResult(taker="E", sitting_out="N", **PRISE),
    )

    ranking = tournament_ranking(short_tournament)

    assert ranking.by_number[1].deals_by_table_size == {3: 0, 4: 0, 5: 1}
    assert ranking.by_number[2].deals_by_table_size == {3: 0, 4: 0, 5: 2}
    assert ranking.by_number[1].total == 87 + 0
    assert ranking.by_number[5].total == 0 - 29


def test_a_deal_bid_but_not_played_counts_nothing(short_tournament, players):
    (table,) = seat(short_tournament, 1, [players[:4]])
    play(table, DealResult(taker="N", contract="garde"))

    ranking = tournament_ranking(short_tournament)

    assert ranking.deals_counted == 0
    assert ranking.by_number[1].deals_by_table_size[4] == 0
    assert ranking.by_number[1].total == 0


@pytest.mark.usefixtures("players", "first_position")
def test_teams_add_up_their_members_totals(short_tournament):
    short_tournament.formula = "duo"
    short_tournament.save()
    for name, members in [("Les As", [1, 2]), ("Les Rois", [5, 6]), ("Les Bouts", [3, 4])]:
        team = Team.objects.create(tournament=short_tournament, name=name)
        short_tournament.registrations.filter(number__in=members).update(team=team)

    teams = tournament_ranking(short_tournament).teams

    assert [(t.rank, t.tied, t.team.name, t.total) for t in teams] == [
        (1, True, "Les As", 58),
        (1, True, "Les Rois", 58),
        (3, False, "Les Bouts", -58),
    ]
    assert [m.number for m in teams[0].members] == [1, 2]


@pytest.mark.usefixtures("first_position")
def test_the_ranking_is_provisional_while_positions_are_open(short_tournament):
    ranking = tournament_ranking(short_tournament)

    assert (ranking.final, ranking.positions_closed, ranking.current_position) == (False, 0, 1)
    assert ranking.tables_playing == 2


def test_it_says_how_many_tables_of_the_current_position_still_play(
    short_tournament, first_position
):
    sign(first_position[0])

    ranking = tournament_ranking(short_tournament)

    assert (ranking.current_position, ranking.tables_playing) == (1, 1)


@pytest.mark.usefixtures("players")
def test_the_ranking_is_final_once_every_position_is_closed(
    short_tournament, first_position, arbitre
):
    short_tournament.positions_count = 1
    short_tournament.save()
    for table in first_position:
        sign(table)
    close_position(position=first_position[0].position, by=Actor.arbitre(arbitre))

    ranking = tournament_ranking(short_tournament)

    assert (ranking.final, ranking.positions_closed, ranking.current_position) == (True, 1, None)


def test_the_ranking_costs_the_same_queries_whatever_the_size(short_tournament, players, arbitre):
    first = seat(short_tournament, 1, [players[:4]])
    play(first[0], prise_by("N"))
    with CaptureQueriesContext(connection) as small:
        tournament_ranking(short_tournament)

    more = enrol(short_tournament, range(9, 25))
    second = seat(short_tournament, 2, [players[:4], players[4:], more[:4], more[4:8]])
    third = seat(short_tournament, 3, [more[8:12], more[12:16]])
    for table in [*first, *second, *third]:
        if not table.deals.exists():
            play(table, prise_by("O"))
    add_penalty(
        registration=more[8],
        position=third[0].position,
        points=5,
        reason="x",
        by=Actor.arbitre(arbitre),
    )
    with CaptureQueriesContext(connection) as large:
        ranking = tournament_ranking(short_tournament)

    assert len(ranking.players) == 24
    assert len(large.captured_queries) == len(small.captured_queries) == 6


def test_a_position_at_a_table_that_played_no_deal_is_not_played_rather_than_0(forced_close):
    ranking = tournament_ranking(forced_close[0].position.tournament)

    (unplayed,) = ranking.by_number[5].cells
    (played,) = ranking.by_number[2].cells
    assert (unplayed.table, unplayed.bilan, unplayed.played) == (2, None, False)
    assert (played.table, played.bilan, played.played) == (1, -29, True)


def test_players_who_played_no_deal_come_after_those_who_lost_with_no_rank(forced_close):
    ranking = tournament_ranking(forced_close[0].position.tournament)

    assert [(p.registration.number, p.rank, p.total) for p in ranking.players] == [
        (1, 1, 87),
        (2, 2, -29),
        (3, 2, -29),
        (4, 2, -29),
        (5, None, 0),
        (6, None, 0),
        (7, None, 0),
        (8, None, 0),
    ]
    assert [p.played for p in ranking.players] == [True] * 4 + [False] * 4


def test_a_player_who_played_a_later_position_is_ranked_with_the_first_one_not_played(
    forced_close, players
):
    tournament = forced_close[0].position.tournament
    (table,) = seat(tournament, 2, [players[4:]])
    play(table, prise_by("E"))

    ranked = tournament_ranking(tournament).by_number[6]

    assert (ranked.rank, ranked.total) == (1, 87)
    assert [cell.bilan for cell in ranked.cells] == [None, 87]


def test_the_mort_who_sat_out_every_deal_played_has_not_played_the_position(
    short_tournament, players
):
    short_tournament.five_mode = "mort"
    short_tournament.save()
    (five,) = seat(short_tournament, 1, [players[:5]])
    play(five, DealResult(taker="N", sitting_out="C", **PRISE))

    ranking = tournament_ranking(short_tournament)

    (sat_out,) = ranking.by_number[5].cells
    assert (sat_out.bilan, ranking.by_number[5].rank) == (None, None)
    assert ranking.by_number[2].cells[0].bilan == -29


def stage_lines(stages):
    return [
        [(line.key, line.rank, line.tied, line.total, line.qualified) for line in stage.lines]
        for stage in stages
    ]


def test_the_stages_own_rankings_are_those_of_the_whole_ranking(arbitre):
    """What the seating reads of a stage's cut is what the ranking shows of it."""
    tournament = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 8)
    play_position(tournament, 1)
    play_position(tournament, 2)

    stages = stage_rankings(tournament)

    assert stage_lines(stages) == stage_lines(tournament_ranking(tournament).stages)
    assert [len(stage.lines) for stage in stages] == [16, stages[0].qualified_count]
