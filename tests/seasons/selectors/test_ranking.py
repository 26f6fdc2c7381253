"""A season's ranking read from the database (seasons.selectors.ranking)."""

import datetime
from fractions import Fraction

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.actors import Actor
from seasons.models import Season
from seasons.selectors.history import player_history
from seasons.selectors.ranking import season_ranking
from tests.at_the_table import play, prise_by
from tests.factories import club_of
from tests.seasons.evenings import evening
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.deals import correct_deal
from tournaments.services.penalties import add_penalty


def scores(ranking) -> dict[str, Fraction]:
    return {line.player.last_name: line.score for line in ranking.ranked + ranking.unranked}


def test_each_evening_total_is_the_tournaments_own_penalties_included(
    club, arbitre, people, season
):
    first = evening(club, arbitre, 6, people, takers=("N", "E"))
    evening(club, arbitre, 13, people[::-1], takers=("S",))
    registration = first.registrations.get(player=people[0])
    add_penalty(
        registration=registration,
        position=first.positions.get(),
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    ranking = season_ranking(season)

    for line in ranking.ranked:
        for evening_line in line.evenings:
            own = tournament_ranking(evening_line.tournament)
            expected = next(p.total for p in own.players if p.registration.player == line.player)
            assert evening_line.result.total == expected
    # Abel: +87 and −29 the first evening, less 20 of penalty; −29 the second, as Ouest.
    assert scores(ranking)["Abel"] == (87 - 29 - 20) - 29


def test_place_points_come_from_each_evenings_places(club, arbitre, people, season):
    evening(club, arbitre, 6, people[:4], takers=("N",))  # Abel +87, the others −29
    season.method = "points_de_place"
    season.save()

    ranking = season_ranking(season)

    # Abel first of 4: 1000; the three others share places 2, 3 and 4: (4 − 3) / 3 × 1000.
    assert scores(ranking) == {
        "Abel": 1000,
        "Bernard": Fraction(1000, 3),
        "Chrétien": Fraction(1000, 3),
        "Dupont": Fraction(1000, 3),
    }


def test_the_season_counts_the_published_evenings_of_its_club_in_its_dates(
    club, arbitre, people, season, other_arbitre
):
    kept = evening(club, arbitre, 6, people[:4])
    evening(club, arbitre, 13, people[:4], published=False)
    evening(club, arbitre, 20, people[:4], month=8)  # before the season
    evening(club_of(other_arbitre), other_arbitre, 27, people[:4])

    assert season_ranking(season).evenings == [kept]


def test_a_season_of_chosen_evenings_counts_only_those(club, arbitre, people, season):
    evening(club, arbitre, 6, people[:4])
    chosen = evening(club, arbitre, 13, people[:4])
    season.chosen = True
    season.save()
    season.tournaments.set([chosen])

    assert season_ranking(season).evenings == [chosen]


def test_players_below_the_minimum_are_listed_apart(club, arbitre, people, season):
    evening(club, arbitre, 6, people)
    evening(club, arbitre, 13, people[:4])
    season.minimum = 2
    season.save()

    ranking = season_ranking(season)

    assert {line.player.last_name for line in ranking.ranked} == {
        "Abel",
        "Bernard",
        "Chrétien",
        "Dupont",
    }
    assert all(not line.ranked and line.played == 1 for line in ranking.unranked)
    assert len(ranking.unranked) == 4


def test_the_ranking_costs_the_same_queries_however_many_evenings(club, arbitre, people, season):
    evening(club, arbitre, 6, people)
    with CaptureQueriesContext(connection) as two:
        season_ranking(Season.objects.get(pk=season.pk))
    for day in (13, 20, 27):
        evening(club, arbitre, day, people[::-1])
    with CaptureQueriesContext(connection) as four:
        ranking = season_ranking(Season.objects.get(pk=season.pk))

    assert len(ranking.evenings) == 4
    assert len(four.captured_queries) == len(two.captured_queries) <= 8


def test_the_season_is_provisional_until_its_last_day(season):
    season.end = timezone.localdate()

    assert season_ranking(season).provisional
    season.end = timezone.localdate() - datetime.timedelta(days=1)
    assert not season_ranking(season).provisional


def test_a_player_seated_who_played_no_deal_is_not_ranked_that_evening(
    club, arbitre, people, season
):
    tournament = evening(club, arbitre, 6, people, takers=())  # seated, no deal played
    table = tournament.positions.get().tables.get(number=1)
    play(table, prise_by("N"))
    season.method = "points_de_place"
    season.save()

    ranking = season_ranking(season)

    assert ranking.players_by_evening == {tournament.pk: 4}
    assert {line.player for line in ranking.ranked} == set(people[:4])
    assert player_history(people[5].pk) is None


def test_a_penalty_given_after_the_season_was_read_shows_at_once(club, arbitre, people, season):
    first = evening(club, arbitre, 6, people, takers=("N",))
    season_ranking(season)  # the evening's totals are now kept
    add_penalty(
        registration=first.registrations.get(player=people[0]),
        position=first.positions.get(),
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    assert scores(season_ranking(season))["Abel"] == 87 - 20


def test_a_deal_corrected_after_the_season_was_read_shows_at_once(club, arbitre, people, season):
    first = evening(club, arbitre, 6, people, takers=("N",))
    season_ranking(season)  # the evening's totals are now kept
    table = first.positions.get().tables.get(number=1)
    deal = table.deals.get(number=1)
    correct_deal(
        table=table,
        number=1,
        result=prise_by("E"),
        version=deal.version,
        by=Actor.arbitre(arbitre),
        reason="Erreur de saisie",
    )

    assert scores(season_ranking(season))["Bernard"] == 87
    assert scores(season_ranking(season))["Abel"] == -29


def test_an_evening_unchanged_since_it_was_read_is_not_summed_again(club, arbitre, people, season):
    evening(club, arbitre, 6, people)
    season_ranking(season)
    with CaptureQueriesContext(connection) as again:
        season_ranking(season)

    assert not any('"tournaments_deal"' in query["sql"] for query in again.captured_queries)
