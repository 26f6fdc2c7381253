"""The exports of a championship: its stages in classement.json, every published seating in
plan.json."""

import pytest

from championships.services.halls import add_hall
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import plan_committed
from tests.tournaments.test_exports import read_csv


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def played(tournament):
    """The qualification played, 4 qualified; the final played."""
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    play_position(tournament, 2)
    return tournament


def url(tournament, name: str) -> str:
    return f"/tournois/{tournament.pk}/{name}"


def test_classement_json_lists_the_stages_with_their_positions_cut_and_carry_over(client, played):
    stages = client.get(url(played, "classement.json")).json()["stages"]

    assert stages == [
        {"name": "Qualification", "positions": [1], "cut": 4, "carry_over": "0"},
        {"name": "Finale", "positions": [2], "cut": None, "carry_over": "1/2"},
    ]


def test_classement_json_says_the_stage_each_player_reached(client, played):
    players = client.get(url(played, "classement.json")).json()["players"]

    assert [p["stage_reached"] for p in players] == ["Finale"] * 4 + ["Qualification"] * 12
    assert not any(p["qualified"] for p in players)


def test_a_qualified_player_is_said_qualified_until_the_next_stage_seats_them(client, tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)

    players = client.get(url(tournament, "classement.json")).json()["players"]

    assert [p["qualified"] for p in players] == [True] * 4 + [False] * 12


def test_a_tournament_without_stages_has_none_in_its_json(client, short_tournament):
    ranking = client.get(url(short_tournament, "classement.json")).json()

    assert ranking["stages"] == []


def test_plan_json_holds_every_published_position_by_stage_table_and_seat(client, played):
    plan = client.get(url(played, "plan.json")).json()

    assert [(p["number"], p["stage"], len(p["tables"])) for p in plan["positions"]] == [
        (1, "Qualification", 4),
        (2, "Finale", 1),
    ]
    table = plan["positions"][1]["tables"][0]
    assert (table["number"], table["hall"]) == (1, None)
    assert [seat["place"] for seat in table["seats"]] == ["N", "E", "S", "O"]
    seated = played.positions.get(number=2).seats.get(place="N").registration.player_id
    assert table["seats"][0]["player_id"] == seated


def test_plan_json_shows_no_position_drawn_but_not_published(client, tournament):
    qualification_and_final(tournament)
    plan_committed(tournament=tournament, number=1, by=TESTS)

    assert client.get(url(tournament, "plan.json")).json() == {"positions": []}


def test_the_ranking_csv_adds_the_stage_reached_and_qualified(client, tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)

    rows = read_csv(client.get(url(tournament, "classement.csv")))

    assert rows[0][-2:] == ["Phase atteinte", "Qualifié·e"]
    assert rows[1][-2:] == ["Qualification", "oui"]
    assert rows[-1][-2:] == ["Qualification", ""]


def test_plan_json_names_each_tables_hall(client, tournament):
    add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=tournament, name="Salle B", first_table=3, last_table=4, by=TESTS)
    qualification_and_final(tournament)
    play_position(tournament, 1)

    (position,) = client.get(url(tournament, "plan.json")).json()["positions"]

    assert [t["hall"] for t in position["tables"]] == ["Salle A", "Salle A", "Salle B", "Salle B"]


def test_plan_json_shows_a_seating_published_after_it_was_read(client, tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    assert len(client.get(url(tournament, "plan.json")).json()["positions"]) == 1

    play_position(tournament, 2)

    assert len(client.get(url(tournament, "plan.json")).json()["positions"]) == 2
