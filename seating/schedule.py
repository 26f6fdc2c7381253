"""The shapes a seating plan comes in, named in the tournament's words.

A schedule is a list of positions, a position a list of tables, a table a list of player ids
in seat order. These names are the generator's own: they never stand for the Django models
(``tournaments.models.Position``, ``Table``, ``Seat``), which store a plan once it is made.
"""

from collections.abc import Hashable, Sequence
from typing import TypeAlias

PlayerId: TypeAlias = Hashable
"""Whatever identifies a player to the caller (the services pass registration ids)."""

PlannedTable: TypeAlias = list[PlayerId]
"""The players of one table in seat order: Nord, Est, Sud, Ouest, and the fifth seat at 5."""

PlannedPosition: TypeAlias = list[PlannedTable]
"""The tables of one position, in table order (odd tables last)."""

Schedule: TypeAlias = Sequence[Sequence[Sequence[PlayerId]]]
"""Positions as a caller hands them in: the positions already played, or any schedule to
judge, in the shape of a plan."""

Draft: TypeAlias = list[list[list[int]]]
"""The search's working schedule: for each new position its tables, each a list of player
indexes (0..n-1, the players present in fixed order) in no particular seat order yet."""
