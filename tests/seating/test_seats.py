"""Dealing the seats (``seating.seats``): everyone's seats rotate."""

from seating import plan_positions


def test_seats_rotate():
    players = list(range(1, 33))
    plan = plan_positions(players=players, positions=8)
    for counts in plan.report.seat_counts.values():
        assert sum(counts) == 8
        assert 1 <= counts[0] <= 3  # Nord
        assert max(counts[:4]) - min(counts[:4]) <= 2
