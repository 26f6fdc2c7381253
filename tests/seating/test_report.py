"""The quality report (``seating.report``): repeats, clashes, odd tables and seats."""

from seating import PairMeeting, plan_positions, seating_report, short_table_unfairness


def test_the_report_counts_a_pair_meeting_k_times_as_k_minus_1_repeats():
    schedule = [[[1, 2, 3, 4]], [[1, 2, 3, 4]], [[2, 1, 4, 3]]]
    report = seating_report(schedule)
    assert report.repeat_meetings == 6 * 2
    assert PairMeeting(players=(1, 2), times=3) in report.repeated_pairs
    assert len(report.repeated_pairs) == 6


def test_the_report_lists_team_mates_together_as_clashes_not_repeats():
    schedule = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]]
    report = seating_report(schedule, teams={1: "A", 2: "A"})
    assert report.team_clashes == (PairMeeting(players=(1, 2), times=2),)
    assert report.team_clash_count == 2
    assert report.repeat_meetings == 3  # (5, 6), (3, 4) and (7, 8) met twice.


def test_the_report_counts_odd_tables_and_seats_history_included():
    history = [[[1, 2, 3, 4], [5, 6, 7]]]
    report = seating_report([[[5, 1, 2, 6], [3, 4, 7]]], history=history)
    assert report.odd_tables == {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 1, 7: 2}
    assert report.odd_table_spread == 2
    assert report.seat_counts[5] == (2, 0, 0, 0, 0)
    assert report.seat_counts[7] == (0, 0, 2, 0, 0)


def test_the_plan_report_is_the_report_of_history_and_plan():
    players = list(range(1, 14))
    history = [[[1, 2, 3, 4], [5, 6, 7], [8, 9, 10], [11, 12, 13]]]
    plan = plan_positions(players=players, positions=2, history=history, seed=1)
    assert plan.report == seating_report(plan, history=history)


def test_short_table_unfairness_names_the_positions_after_which_someone_sat_short_twice():
    schedule = [
        [[1, 2, 3, 4], [5, 6, 7]],
        [[1, 2, 5, 6], [3, 4, 7]],
        [[3, 4, 5, 7], [1, 2, 6]],
    ]

    # After position 2, player 7 has sat at two tables of 3 and players 1 and 2 at none.
    assert short_table_unfairness(schedule, players=range(1, 8)) == [2]
    assert short_table_unfairness(schedule, players=[3, 4, 5, 6, 7]) == []


def test_tables_of_5_no_repeat_free_position_could_share_better_are_said_unavoidable():
    """22 players, three tables of 4 and two of 5: a table of 5 of position 2 where nobody
    meets again seats one player of each table of position 1, so three of the twelve who sat
    at a table of 4; the two seat six of them, and four players sit at a second table of 5."""
    first = [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
        [13, 14, 15, 16, 17],
        [18, 19, 20, 21, 22],
    ]
    second = [
        [3, 7, 15, 20],
        [4, 11, 16, 21],
        [8, 12, 17, 22],
        [1, 5, 9, 13, 18],
        [2, 6, 10, 14, 19],
    ]
    report = seating_report([first, second])
    assert report.repeat_meetings == 0
    assert report.odd_table_spread == 2
    assert report.odd_spread_unavoidable is True


def test_a_position_that_could_give_more_players_their_turn_is_not_excused():
    """19 players, four tables of 4 and one of 3: position 2 seats at its table of 3 a player
    who sat at the table of 3 of position 1, and nobody meets again; but a table of 3 of
    players of three tables of 4 (1, 5 and 9) would have given three players their turn."""
    first = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16], [17, 18, 19]]
    second = [[9, 13, 2, 6], [10, 14, 3, 7], [11, 15, 4, 18], [12, 16, 8, 19], [17, 1, 5]]
    report = seating_report([first, second])
    assert report.repeat_meetings == 0
    assert report.odd_table_spread == 2
    assert report.odd_spread_unavoidable is False


def test_uneven_odd_tables_with_repeat_meetings_are_not_excused():
    history = [[[1, 2, 3, 4], [5, 6, 7]]]
    report = seating_report([[[5, 1, 2, 6], [3, 4, 7]]], history=history)
    assert report.odd_table_spread == 2
    assert report.odd_spread_unavoidable is False
