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
