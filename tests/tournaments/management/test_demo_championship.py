"""The demo championship: a qualification, then a final for the first 32, in two halls."""

import itertools

import pytest
from django.core.management import call_command

from championships.management.commands.demo_championship import DEMO_NAME
from common.actors import Actor
from seasons.models import Season
from seasons.selectors.ranking import season_ranking
from tests.module_db import kept_for_the_module
from tournaments.models import Tournament
from tournaments.selectors.players import player_page
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.penalties import add_penalty


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """The demo built once for the module (it plays 40 tables through the services), in a
    transaction rolled back after the module's tests, whose own transactions nest in it:
    nothing of it (its arbitre's account, its club) outlives them."""
    with django_db_blocker.unblock(), kept_for_the_module():
        call_command("demo_championship", stdout=None)
        yield Tournament.objects.get(name=DEMO_NAME)


@pytest.mark.django_db
def test_the_demo_plays_a_qualification_then_a_final_for_the_first_32(demo):
    ranking = tournament_ranking(demo)

    qualification, final = ranking.stages
    assert (len(qualification.lines), qualification.span.cut) == (64, 32)
    assert len(final.lines) == qualification.qualified_count >= 32
    assert final.span.carry_over_label.startswith("Report de la moitié")
    assert ranking.final


@pytest.mark.django_db
def test_nobody_meets_twice_over_the_demo(demo):
    pairs = [
        pair
        for position in demo.positions.all()
        for table in position.tables.all()
        for pair in itertools.combinations(
            sorted(table.seats.values_list("registration_id", flat=True)), 2
        )
    ]

    assert len(pairs) == len(set(pairs))


@pytest.mark.django_db
@pytest.mark.usefixtures("demo")
def test_the_demo_runs_again_over_itself():
    call_command("demo_championship", stdout=None)

    assert Tournament.objects.filter(name=DEMO_NAME).count() == 1


@pytest.mark.django_db
def test_the_demo_has_two_halls_and_both_roles(demo):
    assert list(demo.halls.values_list("name", flat=True)) == ["Salle Lumière", "Salle Gerland"]
    assert sorted(demo.roles.values_list("user__username", "role")) == [
        ("pointeur", "pointeur"),
        ("salle-lumiere", "salle"),
    ]


def _chart_end(tournament, number):
    page = player_page(tournament=tournament, ranking=tournament_ranking(tournament), number=number)
    return page.chart[-1].total


@pytest.mark.django_db
def test_the_demo_player_charts_end_on_their_ranking_totals(demo):
    players = tournament_ranking(demo).players
    finalists = [p for p in players if p.stage_reached.name == "Finale"]
    eliminated = [p for p in players if p.stage_reached.name == "Qualification"]
    chosen = [finalists[0], finalists[1], finalists[-1], eliminated[0], eliminated[-1]]

    charted = {p.registration.number: _chart_end(demo, p.registration.number) for p in chosen}

    assert charted == {p.registration.number: p.total for p in chosen}
    # The winner's bilans alone would not say it: the final starts from half the qualification.
    winner = finalists[0]
    assert winner.total != sum(result.bilan or 0 for result in winner.positions.values())


@pytest.mark.django_db
def test_a_demo_penalty_in_the_qualification_shows_in_the_chart_and_its_carry_over(demo):
    finalist = next(p for p in tournament_ranking(demo).players if p.stage_reached.number == 2)
    add_penalty(
        registration=finalist.registration,
        position=demo.positions.get(number=1),
        points=10,
        reason="Retard",
        by=Actor.arbitre(demo.arbitre),
    )
    standing = tournament_ranking(demo).by_number[finalist.registration.number]

    page = player_page(
        tournament=demo, ranking=tournament_ranking(demo), number=finalist.registration.number
    )

    assert page.chart[-1].total == standing.total
    assert [point.penalty for point in page.chart if point.label == "P1"] == [10]


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["cumul", "points_de_place"])
def test_a_season_counts_the_demo_championship_as_its_ranking_published(demo, method):
    season = Season.objects.create(
        club=demo.club, name="Saison du comité", start=demo.date, end=demo.date, method=method
    )
    players = tournament_ranking(demo).players

    lines = {line.player.pk: line for line in season_ranking(season).ranked}

    counted = {pk: line.evenings[0].result for pk, line in lines.items()}
    assert {pk: result.total for pk, result in counted.items()} == {
        p.registration.player_id: p.total for p in players if p.played
    }
    alone = {p.registration.player_id: p.rank for p in players if p.played and not p.tied}
    assert {pk: counted[pk].place for pk in alone} == alone
