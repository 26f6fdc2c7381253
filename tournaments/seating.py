"""The seating generator's API where it has always been imported from.

The generator is the pure package ``seating`` (no Django import). This module stays because
``from tournaments.seating import plan_positions`` (and ``seating_report``, ``table_sizes``,
``SeatingError``) is relied on from outside the project: it only re-exports the package's
public API. Code of the project imports from ``seating``.
"""

# The package's own list of names, so that this module can never lag behind it.
from seating import *  # noqa: F403
from seating import __all__  # noqa: F401
