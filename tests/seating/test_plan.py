"""Planning positions (``seating.plan``): refusals, the plan as a list, reproducibility,
history, and properties over many inputs."""

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from seating import Plan, SeatingError, SeatingReport, plan_positions, seating_report, table_sizes
from tests.seating.schedules import assert_legal, meetings

# Refusals -----------------------------------------------------------------------------------


def test_five_players_without_tables_of_5_are_refused():
    with pytest.raises(SeatingError, match="autorisez les tables de 5"):
        plan_positions(players=[1, 2, 3, 4, 5], positions=2)


def test_a_player_listed_twice_is_refused():
    with pytest.raises(SeatingError, match="deux fois"):
        plan_positions(players=[1, 2, 3, 3], positions=1)


def test_a_negative_count_of_positions_is_refused():
    with pytest.raises(SeatingError, match="négatif"):
        plan_positions(players=[1, 2, 3, 4], positions=-1)


def test_a_team_with_more_players_than_tables_is_refused():
    with pytest.raises(SeatingError, match="L'équipe A compte 3 joueurs présents pour 2 tables"):
        plan_positions(players=list(range(1, 9)), positions=1, teams={1: "A", 2: "A", 3: "A"})


# The plan and its report --------------------------------------------------------------------


def test_the_plan_is_a_plain_list_of_positions_with_a_report():
    plan = plan_positions(players=list(range(1, 9)), positions=2, seed=3)
    assert isinstance(plan, Plan)
    assert isinstance(plan, list)
    assert plan == [[list(table) for table in position] for position in plan]
    assert plan[0][0][0] in range(1, 9)
    assert isinstance(plan.report, SeatingReport)


def test_no_positions_to_plan_gives_an_empty_plan():
    plan = plan_positions(players=[1, 2, 3, 4], positions=0)
    assert plan == []
    assert plan.report.repeat_meetings == 0


def test_the_same_inputs_and_seed_give_the_same_plan():
    arguments = {"players": list(range(1, 27)), "positions": 5, "teams": {1: "A", 2: "A"}}
    assert plan_positions(**arguments, seed=4) == plan_positions(**arguments, seed=4)
    assert plan_positions(**arguments, seed=4) != plan_positions(**arguments, seed=5)


def test_the_order_the_players_are_listed_in_does_not_matter():
    players = list(range(1, 27))
    assert plan_positions(players=players, positions=4) == plan_positions(
        players=players[::-1], positions=4
    )


# History ------------------------------------------------------------------------------------


def test_the_plan_holds_only_the_new_positions_and_repeats_no_meeting_of_history():
    players = list(range(1, 33))
    played = plan_positions(players=players, positions=3, seed=1)
    plan = plan_positions(players=players, positions=3, history=played, seed=2)
    assert len(plan) == 3
    assert_legal(plan, players=players)
    assert max(meetings([*played, *plan]).values()) == 1
    assert plan.report.repeat_meetings == 0


def test_withdrawn_players_are_left_out_and_late_arrivals_have_no_past():
    history = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]
    players = [*range(1, 16), 17]  # 16 withdrew, 17 arrived.
    plan = plan_positions(players=players, positions=1, history=history)
    assert_legal(plan, players=players)
    assert plan.report.repeat_meetings == 0
    assert 16 not in plan.report.odd_tables
    assert sum(plan.report.seat_counts[17]) == 1


def test_odd_tables_of_history_count_towards_the_spread():
    players = list(range(1, 16))  # 4 + 4 + 4 + 3
    history = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15]]]
    plan = plan_positions(players=players, positions=1, history=history)
    assert not {13, 14, 15} & set(plan[0][3])
    assert plan.report.repeat_meetings == 0
    assert plan.report.odd_table_spread == 1


def test_planning_position_by_position_continues_the_plan_of_the_whole_tournament():
    players = list(range(1, 33))
    whole = plan_positions(players=players, positions=8)
    played = []
    for left in range(8, 0, -1):
        played.append(plan_positions(players=players, positions=left, history=played)[0])
    assert [sorted(map(sorted, position)) for position in played] == [
        sorted(map(sorted, position)) for position in whole
    ]
    assert seating_report(played).repeat_meetings == 0


# Properties over many inputs ----------------------------------------------------------------


@st.composite
def fields(draw):
    """A field of players, with DUO teams among them, and the positions to plan."""
    count = draw(st.integers(min_value=3, max_value=24))
    allow_five = draw(st.booleans())
    assume(count != 5 or allow_five)
    players = draw(st.lists(st.integers(1, 500), min_size=count, max_size=count, unique=True))
    tables = len(table_sizes(player_count=count, allow_five=allow_five))
    pairs = draw(st.integers(min_value=0, max_value=count // 2 if tables > 1 else 0))
    teams = {player: f"équipe {i // 2}" for i, player in enumerate(players[: 2 * pairs])}
    return players, allow_five, teams


@settings(max_examples=50, deadline=None)
@given(
    field=fields(),
    positions=st.integers(min_value=0, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_field_is_seated_legally_and_reproducibly(field, positions, seed):
    """Everyone present sits once per position at tables of the legal sizes, team-mates
    apart, the same seed gives the same plan, and loose fields (see below) repeat nothing."""
    players, allow_five, teams = field
    arguments = {
        "players": players,
        "positions": positions,
        "teams": teams,
        "allow_five": allow_five,
        "seed": seed,
    }
    plan = plan_positions(**arguments)
    assert len(plan) == positions
    assert_legal(plan, players=players, allow_five=allow_five, teams=teams)
    assert plan.report.team_clashes == ()
    assert plan.report == seating_report(plan, teams=teams)
    assert plan_positions(**arguments) == plan
    if len(players) >= (24 if allow_five else 16) and positions <= 3:
        assert plan.report.repeat_meetings == 0


@settings(max_examples=30, deadline=None)
@given(
    field=fields(),
    played=st.integers(min_value=1, max_value=2),
    positions=st.integers(min_value=1, max_value=2),
    changes=st.data(),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_history_is_kept_as_constraints(field, played, positions, changes, seed):
    """Whatever the past (players since withdrawn, players arrived late), the new positions
    seat the players present legally, and repeat no meeting when the field is loose enough
    for that to be possible and easy: three positions at most in all, at least 16 players,
    or 24 with tables of 5 (a table of 5 takes five players who sat at five different tables
    before)."""
    players, allow_five, teams = field
    before = plan_positions(
        players=players, positions=played, teams=teams, allow_five=allow_five, seed=seed
    )
    withdrawn = changes.draw(st.sets(st.sampled_from(players), max_size=2))
    late = changes.draw(st.sets(st.integers(501, 510), max_size=2))
    present = [player for player in players if player not in withdrawn] + sorted(late)
    assume(len(present) >= 3 and (len(present) != 5 or allow_five))
    present_teams = {player: team for player, team in teams.items() if player in present}
    if any(size > 1 for size in Counter(present_teams.values()).values()):
        assume(len(table_sizes(player_count=len(present), allow_five=allow_five)) > 1)
    drawn = {"allow_five": allow_five, "seed": seed}
    plan = plan_positions(
        players=present, positions=positions, teams=present_teams, history=before, **drawn
    )
    assert len(plan) == positions
    assert_legal(plan, players=present, allow_five=allow_five, teams=present_teams)
    if not withdrawn:
        assert plan.report == seating_report(plan, teams=present_teams, history=before)
    if len(present) >= (24 if allow_five else 16) and played + positions <= 3:
        assert plan.report.repeat_meetings == 0
