"""The seating generator's API where it has always been imported from.

The generator is the pure package ``seating`` (no Django import). This module stays because
``from tournaments.seating import plan_positions`` (and ``seating_report``, ``table_sizes``,
``SeatingError``) is relied on from outside the project: it only re-exports the package's
public API. Code of the project imports from ``seating``.
"""

from seating import (
    SEATS,
    PairMeeting,
    Plan,
    SeatingError,
    SeatingReport,
    plan_positions,
    seating_report,
    short_table_unfairness,
    table_sizes,
)

__all__ = [
    "SEATS",
    "PairMeeting",
    "Plan",
    "SeatingError",
    "SeatingReport",
    "plan_positions",
    "seating_report",
    "short_table_unfairness",
    "table_sizes",
]
