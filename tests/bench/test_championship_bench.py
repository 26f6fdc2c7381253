"""The championship benchmark, run small (64 players): the same event as at 2,000, checked."""

import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.module_db import kept_for_the_module
from tournaments.exports import plan_json
from tournaments.selectors.ranking import tournament_ranking

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from championship_bench import UNAVOIDABLE, build_championship, cuts  # noqa: E402


@pytest.fixture(scope="module")
def championship(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """One small championship for the module's tests, built once in a transaction rolled
    back after them (``tests.module_db``)."""
    with django_db_blocker.unblock(), kept_for_the_module():
        yield build_championship(players=64, halls=2)


def test_the_cuts_are_half_then_about_an_eighth():
    assert cuts(2000) == (1000, 256)
    assert cuts(64) == (32, 8)


@pytest.mark.django_db
def test_every_stage_is_played_by_the_players_its_cut_qualified(championship):
    stages = tournament_ranking(championship.tournament).stages

    assert [len(stage.lines) for stage in stages][0] == 64
    assert len(stages[1].lines) == stages[0].qualified_count >= 32
    assert len(stages[2].lines) == stages[1].qualified_count >= 8


@pytest.mark.django_db
def test_no_repeat_meeting_where_the_field_allows(championship):
    for stage, pairs in championship.repeats.items():
        assert not pairs or stage in UNAVOIDABLE, (stage, pairs)


@pytest.mark.django_db
def test_plan_json_holds_the_ten_positions(championship):
    plan = plan_json(championship.tournament)

    assert [p["number"] for p in plan["positions"]] == list(range(1, 11))
    assert {t["hall"] for t in plan["positions"][0]["tables"]} == {"Salle A", "Salle B"}


@pytest.mark.django_db
def test_verify_draw_finds_every_plan_as_drawn(championship):
    out = StringIO()

    call_command("verify_draw", championship.tournament.pk, stdout=out)

    assert "10 tirage(s) vérifié(s)" in out.getvalue()
