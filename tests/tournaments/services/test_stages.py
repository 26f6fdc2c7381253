"""A championship's stages: who plays each, the cut, and what is refused with nothing saved."""

import itertools
from fractions import Fraction

import pytest

from championships.models import Stage
from championships.services.stages import add_stage, delete_stage
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import plan_committed, register
from tests.refusals import refusal
from tournaments.models import JournalEntry
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.seating import publish_seating
from tournaments.services.tournaments import update_tournament


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def stages(tournament):
    return qualification_and_final(tournament)


@pytest.mark.usefixtures("stages")
def test_a_tournament_with_stages_plays_as_many_positions_as_its_stages(tournament):
    tournament.refresh_from_db()

    assert tournament.positions_count == 2


@pytest.mark.usefixtures("stages")
def test_the_positions_count_follows_the_stages_and_is_refused_in_the_settings(tournament):
    refused = refusal(
        update_tournament, tournament=tournament, settings={"positions_count": 5}, by=TESTS
    )

    assert "phases" in refused.message
    tournament.refresh_from_db()
    assert tournament.positions_count == 2


def test_the_next_stage_seats_only_the_players_its_cut_qualified(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 4)
    first = play_position(tournament, 1)
    nords = {seat.registration_id for seat in first.seats.filter(place="N")}

    final = plan_committed(tournament=tournament, number=2, by=TESTS)

    assert {seat.registration_id for seat in final.seats.all()} == nords


def test_players_equal_at_the_cut_all_qualify_and_the_ranking_says_so(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 3)
    play_position(tournament, 1)

    stage = tournament_ranking(tournament).stages[0]

    assert (stage.qualified_count, stage.tied_at_cut) == (4, True)


def test_a_cut_larger_than_the_stages_field_is_refused_and_nothing_saved(stages):
    qualification, _final = stages
    entries = JournalEntry.objects.count()

    refused = refusal(set_cut, stage=qualification, cut=17)

    assert "compte 16 joueurs" in refused.message
    qualification.refresh_from_db()
    assert qualification.cut is None
    assert JournalEntry.objects.count() == entries


def test_a_cut_below_one_table_is_refused(stages):
    qualification, _final = stages

    refused = refusal(set_cut, stage=qualification, cut=2)

    assert "une table au moins" in refused.message
    qualification.refresh_from_db()
    assert qualification.cut is None


def test_the_last_stage_has_no_cut(stages):
    _qualification, final = stages

    refused = refusal(set_cut, stage=final, cut=4)

    assert "dernière phase" in refused.message


def test_a_stage_is_not_seated_before_the_previous_one_is_closed(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 8)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)

    refused = refusal(plan_committed, tournament=tournament, number=2, by=TESTS)

    assert "n'est pas close" in refused.message
    assert not tournament.positions.filter(number=2).exists()


@pytest.mark.usefixtures("stages")
def test_a_stage_is_not_seated_while_the_previous_one_has_no_cut(tournament):
    play_position(tournament, 1)

    refused = refusal(plan_committed, tournament=tournament, number=2, by=TESTS)

    assert refused.code == "no_cut"


def test_the_cut_no_longer_changes_once_the_next_stage_is_seated(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 8)
    play_position(tournament, 1)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    refused = refusal(set_cut, stage=Stage.objects.get(pk=qualification.pk), cut=4)

    assert "déjà placée" in refused.message
    assert Stage.objects.get(pk=qualification.pk).cut == 8


def test_the_final_carries_half_the_qualification_total_rounded_to_the_point(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 8)
    play_position(tournament, 1)
    play_position(tournament, 2)

    final = tournament_ranking(tournament).stages[1]

    # Everyone qualified (12 ex aequo at −29 on the line): −29 carries −15, away from zero.
    assert sorted({line.carried for line in final.lines}) == [-15, 44]


def test_the_final_ranking_lists_the_finalists_first_then_the_others(tournament, stages):
    qualification, _final = stages
    set_cut(qualification, 4)
    play_position(tournament, 1)
    play_position(tournament, 2)

    players = tournament_ranking(tournament).players

    assert [p.stage_reached.name for p in players] == ["Finale"] * 4 + ["Qualification"] * 12
    assert players[4].rank == 5


def test_nobody_meets_again_across_the_stages_when_the_field_allows(tournament):
    register(tournament, 32)
    qualification = add_stage(
        tournament=tournament, name="Qualification", positions_count=2, by=TESTS
    )
    add_stage(tournament=tournament, name="Finale", positions_count=2, by=TESTS)
    set_cut(qualification, 16)
    positions = [play_position(tournament, number) for number in range(1, 5)]

    pairs = [
        pair
        for position in positions
        for table in position.tables.all()
        for pair in itertools.combinations(
            sorted(table.seats.values_list("registration_id", flat=True)), 2
        )
    ]
    assert len(pairs) == len(set(pairs))


def test_only_the_last_stage_is_deleted_and_the_one_before_then_qualifies_nobody(
    tournament, stages
):
    qualification, final = stages
    set_cut(qualification, 8)
    refusal(delete_stage, stage=qualification, by=TESTS)

    delete_stage(stage=final, by=TESTS)

    qualification.refresh_from_db()
    assert qualification.cut is None
    tournament.refresh_from_db()
    assert tournament.positions_count == 1


def test_the_first_stage_carries_nothing(tournament):
    refused = refusal(
        add_stage,
        tournament=tournament,
        name="Qualification",
        positions_count=2,
        carry_over=Fraction(1, 2),
        by=TESTS,
    )

    assert "ne reporte rien" in refused.message
    assert not tournament.stages.exists()


def test_a_stage_changed_is_journalled_with_the_fields_it_changed_and_the_positions_it_makes(
    stages,
):
    qualification, _final = stages

    set_cut(qualification, 8, positions_count=3)

    changed = JournalEntry.objects.get(action="stage.updated")
    follows = JournalEntry.objects.filter(action="tournament.updated").latest("pk")
    assert (changed.subject, changed.before, changed.after) == (
        str(qualification),
        {"cut": None, "positions_count": 1},
        {"cut": 8, "positions_count": 3},
    )
    assert (follows.before, follows.after) == ({"positions_count": 2}, {"positions_count": 4})


def test_a_stage_added_is_journalled_with_its_fields(tournament):
    stage = add_stage(tournament=tournament, name="Qualification", positions_count=2, by=TESTS)

    entry = JournalEntry.objects.get(action="stage.added")
    assert entry.tournament == tournament
    assert entry.subject_id == stage.pk
    assert entry.after == {
        "name": "Qualification",
        "positions_count": 2,
        "carry_numerator": 0,
        "carry_denominator": 1,
    }
