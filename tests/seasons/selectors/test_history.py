"""A player's history (seasons.selectors.history): their evenings, seasons and statistics."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from seasons.selectors.history import player_history
from seasons.selectors.statistics import player_statistics
from tests.at_the_table import play
from tests.factories import seat
from tests.seasons.evenings import evening
from tournaments.deal_scoring import DealResult
from tournaments.models import Deal, Registration, Tournament
from tournaments.services.deals import correct_deal


def test_every_published_evening_newest_first_with_rank_out_of_n(club, arbitre, people):
    evening(club, arbitre, 6, people, takers=("N",))  # Abel takes at table 1: +87, 1st of 8
    evening(club, arbitre, 13, people[::-1], takers=("N",))  # Abel sits Ouest: −29
    evening(club, arbitre, 20, people, published=False)

    history = player_history(people[0].pk)

    assert [
        (row.tournament.date.day, row.rank, row.players, row.total) for row in history.evenings
    ] == [
        (13, 3, 8, -29),
        (6, 1, 8, 87),
    ]
    assert [row.tied for row in history.evenings] == [True, True]


def test_a_player_of_no_published_evening_has_no_history(club, arbitre, people):
    evening(club, arbitre, 20, people[:4], published=False)

    assert player_history(people[0].pk) is None
    assert player_history(people[-1].pk) is None  # never registered anywhere
    assert player_history(10**9) is None


def test_the_history_lists_the_players_seasons_with_rank_and_score(club, arbitre, people, season):
    evening(club, arbitre, 6, people[:4], takers=("N",))

    (row,) = player_history(people[0].pk).seasons

    assert (row.ranking.season, row.line.rank, row.line.score) == (season, 1, 87)


def test_the_statistics_count_the_deals_by_role_and_table_size(club, arbitre, people):
    tournament = Tournament.objects.create(
        name="Soirée", date="2026-10-06", arbitre=arbitre, club=club, published=True
    )
    three = [
        Registration.objects.create(tournament=tournament, player=p, number=n, checked_in=True)
        for n, p in enumerate(people[:7], start=1)
    ]
    four, table_of_three = seat(tournament, 1, [three[:4], three[4:]])
    # Abel (Nord at the table of 4): takes a prise and makes it with a poignée, takes a garde
    # and fails it, defends a garde won with the petit au bout by the attack.
    play(
        four,
        DealResult(taker="N", contract="prise", bouts=1, points=55, poignees={"N": "simple"}),
        DealResult(taker="N", contract="garde", bouts=2, points=30),
        DealResult(taker="E", contract="garde", bouts=2, points=50, petit_au_bout="attack"),
    )
    play(table_of_three, DealResult(taker="N", contract="prise", bouts=1, points=60))
    marques = list(Deal.objects.filter(table=four).order_by("number").values_list("marque_nord"))

    statistics = player_statistics(people[0])

    assert statistics.by_table_size == {3: 0, 4: 3, 5: 0}
    assert statistics.deals == 3
    taken = {c.contract: (c.taken, c.made) for c in statistics.contracts}
    assert taken == {"prise": (1, 1), "garde": (1, 0), "garde_sans": (0, 0), "garde_contre": (0, 0)}
    assert statistics.average_taker == (marques[0][0] + marques[1][0]) / 2
    assert statistics.average_defender == marques[2][0]
    assert statistics.average_partner is None
    assert statistics.poignees == {"simple": 1, "double": 0, "triple": 0}
    assert statistics.petits_au_bout == 0  # the attack's, and Abel defended
    assert player_statistics(people[4]).by_table_size == {3: 1, 4: 0, 5: 0}


def five_table(club, arbitre, people, five_mode):
    tournament = Tournament.objects.create(
        name="Soirée à 5", date="2026-10-06", arbitre=arbitre, club=club, published=True,
        allow_five=True, five_mode=five_mode,
    )  # fmt: skip
    five = [
        Registration.objects.create(tournament=tournament, player=p, number=n, checked_in=True)
        for n, p in enumerate(people[:5], start=1)
    ]
    (table,) = seat(tournament, 1, [five])
    return table


def test_a_mort_does_not_play_the_deal_they_sit_out(club, arbitre, people):
    table = five_table(club, arbitre, people, "mort")
    play(
        table,
        DealResult(taker="N", contract="prise", sitting_out="C", bouts=1, points=55),
        DealResult(taker="E", contract="prise", sitting_out="N", bouts=1, points=55),
    )

    assert player_statistics(people[0]).by_table_size == {3: 0, 4: 0, 5: 1}
    assert player_statistics(people[1]).by_table_size == {3: 0, 4: 0, 5: 2}


def test_the_partner_called_has_their_own_average(club, arbitre, people):
    table = five_table(club, arbitre, people, "appel")
    play(table, DealResult(taker="N", contract="prise", partner="E", bouts=1, points=55))
    partner_marque = Deal.objects.get(table=table).marque_est

    assert player_statistics(people[1]).average_partner == partner_marque
    assert player_statistics(people[1]).average_taker is None


@pytest.mark.usefixtures("season")  # the seasons are ranked too, in the same queries
def test_the_history_costs_the_same_queries_however_many_evenings(club, arbitre, people):
    evening(club, arbitre, 6, people)
    with CaptureQueriesContext(connection) as one:
        player_history(people[0].pk)
    for day in (13, 20, 27):
        evening(club, arbitre, day, people[::-1])
    with CaptureQueriesContext(connection) as four:
        history = player_history(people[0].pk)

    assert len(history.evenings) == 4
    assert len(four.captured_queries) == len(one.captured_queries)


def test_the_statistics_follow_a_deal_corrected_after_they_were_read(club, arbitre, people):
    tournament = evening(club, arbitre, 6, people[:4], takers=("N",))
    assert player_statistics(people[0]).average_taker == 87  # the evening's counts are kept
    table = tournament.positions.get().tables.get()
    correct_deal(
        table=table,
        number=1,
        result=DealResult(taker="N", contract="garde", bouts=1, points=55),
        version=table.deals.get().version,
        by=Actor.arbitre(arbitre),
        reason="Erreur de saisie",
    )

    statistics = player_statistics(people[0])

    assert statistics.average_taker == Deal.objects.get(table=table).marque_nord == 174
    assert [(c.contract, c.taken) for c in statistics.contracts if c.taken] == [("garde", 1)]
