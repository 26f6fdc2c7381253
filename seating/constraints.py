"""What the organiser asks beyond the opponents: players of one club at different tables, pairs
kept apart, players at a fixed table (``plan_positions(..., clubs=, apart=, fixed=)``).

- **Pairs kept apart** (``apart``) are a hard constraint, as team-mates are: the search weighs
  their meeting as a clash (``seating.problem``). Two players given different fixed tables are
  kept apart the same way.
- **A fixed table** (``fixed``: reduced mobility, the table near the door) is a hard
  constraint too. With ``pin_fixed`` (from version 4 of the draw) the search itself keeps the
  player at a table of the size of theirs, at every position (``SeatingProblem.pinned``),
  even when that costs a repeat meeting; once it has seated everyone, the tables of that size
  are renumbered so that theirs bears its number. Tables of the same size are alike to the
  search, so renumbering changes nobody's opponents. Without it (versions 1 to 3), and as a
  fallback, the player is first moved, if need be, to a table of the size of theirs by a swap
  that makes no repeat meeting and no clash; when there is none, the report says so.
- **One club at one table** (``clubs``) comes after the opponents and the tables of 3 or 5:
  at each new position, swaps between two tables of the same size (nobody's count of tables of
  3 or 5 changes) that make no repeat meeting and no clash, each one seating fewer pairs of a
  club together, until none is left or no such swap remains. A club with more players present
  than there are tables cannot be spread: the report says how many tables must count two of
  them (``club_notes``).

Nothing here runs when none of the three is given, so that every plan made before them (and
every verifiable draw) comes out as it always has.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from seating.errors import SeatingError
from seating.schedule import Draft, PlayerId, Schedule


@dataclass(frozen=True)
class Wishes:
    """The organiser's constraints, by player index (the players present in fixed order)."""

    club_of: list[Hashable | None]
    apart: frozenset[frozenset[int]]
    fixed: dict[int, int]  # player index -> table number (1-based)

    @property
    def any(self) -> bool:
        return bool(self.apart or self.fixed or any(c is not None for c in self.club_of))


def wishes_of(
    present: Sequence[PlayerId],
    *,
    sizes: Sequence[int],
    clubs: Mapping[PlayerId, Hashable] | None,
    apart: Iterable[tuple[PlayerId, PlayerId]],
    fixed: Mapping[PlayerId, int] | None,
) -> Wishes:
    """The constraints checked and turned into indexes; a SeatingError (in French, for the
    arbitre) when they cannot be met whatever the seating."""
    index = {player: i for i, player in enumerate(present)}
    clubs, fixed = clubs or {}, fixed or {}
    pairs: set[frozenset[int]] = set()
    for first, second in apart:
        if first == second:
            raise SeatingError("Un joueur ne peut pas être tenu à l'écart de lui-même.")
        if first in index and second in index:
            pairs.add(frozenset((index[first], index[second])))
    by_table: dict[int, PlayerId] = {}
    for player, number in fixed.items():
        if player not in index:
            continue
        if not 1 <= number <= len(sizes):
            raise SeatingError(
                f"La table {number} n'existe pas : les joueurs présents font {len(sizes)} "
                f"table{'s' if len(sizes) > 1 else ''}."
            )
        if number in by_table:
            raise SeatingError(
                f"Deux joueurs ne peuvent pas avoir la même table fixe : {by_table[number]} "
                f"et {player} demandent tous deux la table {number}."
            )
        by_table[number] = player
    fixed_index = {index[player]: number for player, number in fixed.items() if player in index}
    # Players at different fixed tables never sit together.
    anchored = sorted(fixed_index)
    for i, x in enumerate(anchored):
        for y in anchored[i + 1 :]:
            pairs.add(frozenset((x, y)))
    return Wishes(
        club_of=[clubs.get(player) for player in present],
        apart=frozenset(pairs),
        fixed=fixed_index,
    )


@dataclass
class _Meetings:
    """Who met whom, history and new positions together, by index: what a swap must not
    repeat."""

    counts: list[dict[int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, n: int, history: Schedule, index: Mapping[PlayerId, int], draft: Draft):
        meetings = cls([{} for _ in range(n)])
        for position in history:
            for table in position:
                meetings.add([index[p] for p in table if p in index], +1)
        for position in draft:
            for table in position:
                meetings.add(table, +1)
        return meetings

    def add(self, table: Sequence[int], step: int) -> None:
        for x in table:
            row = self.counts[x]
            for y in table:
                if y != x:
                    row[y] = row.get(y, 0) + step

    def fresh_at(self, x: int, table: Sequence[int], leaving: int) -> bool:
        """Whether ``x`` has met nobody of ``table`` (``leaving`` aside)."""
        row = self.counts[x]
        return all(not row.get(y) for y in table if y != leaving)


class Adjuster:
    """Moves players within the new positions of a draft for the organiser's wishes, never
    making a repeat meeting nor a clash (team-mates, pairs kept apart)."""

    def __init__(
        self,
        draft: Draft,
        *,
        wishes: Wishes,
        team_of: Sequence[int],
        history: Schedule,
        index: Mapping[PlayerId, int],
        rng: random.Random,
    ) -> None:
        self.draft, self.wishes, self.team_of, self.rng = draft, wishes, team_of, rng
        self.meetings = _Meetings.of(len(team_of), history, index, draft)

    def _clash(self, x: int, y: int) -> bool:
        team = self.team_of[x]
        return (team >= 0 and team == self.team_of[y]) or frozenset((x, y)) in self.wishes.apart

    def _fits(self, x: int, table: Sequence[int], leaving: int) -> bool:
        """Whether ``x`` may sit at ``table`` in place of ``leaving``."""
        return self.meetings.fresh_at(x, table, leaving) and not any(
            self._clash(x, y) for y in table if y != leaving
        )

    def _swap(self, position: list[list[int]], a: int, x: int, b: int, y: int) -> None:
        first, second = position[a], position[b]
        self.meetings.add(first, -1)
        self.meetings.add(second, -1)
        first[first.index(x)] = y
        second[second.index(y)] = x
        self.meetings.add(first, +1)
        self.meetings.add(second, +1)

    def _may_swap(self, position, a: int, x: int, b: int, y: int) -> bool:
        return (
            x not in self.wishes.fixed
            and y not in self.wishes.fixed
            and self._fits(x, position[b], y)
            and self._fits(y, position[a], x)
        )

    # --- One club at one table -------------------------------------------------------------

    def _club_pairs(self, table: Sequence[int]) -> int:
        clubs = [self.wishes.club_of[x] for x in table if self.wishes.club_of[x] is not None]
        return sum(
            clubs[i] == clubs[j] for i in range(len(clubs)) for j in range(i + 1, len(clubs))
        )

    def separate_clubs(self) -> None:
        for position in self.draft:
            improved = True
            while improved:
                improved = False
                crowded = [t for t, table in enumerate(position) if self._club_pairs(table)]
                self.rng.shuffle(crowded)
                for a in crowded:
                    if self._club_pairs(position[a]) and self._spread_one(position, a):
                        improved = True

    def _spread_one(self, position: list[list[int]], a: int) -> bool:
        """One swap that seats fewer pairs of a club together at table ``a`` and the table it
        swaps with; False when there is none."""
        club_of, table = self.wishes.club_of, position[a]
        crowded = [
            x
            for x in table
            if club_of[x] is not None and sum(club_of[y] == club_of[x] for y in table) > 1
        ]
        others = [b for b in range(len(position)) if b != a and len(position[b]) == len(table)]
        self.rng.shuffle(others)
        for x in crowded:
            for b in others:
                before = self._club_pairs(position[a]) + self._club_pairs(position[b])
                for y in position[b]:
                    if club_of[y] is not None and club_of[y] == club_of[x]:
                        continue
                    if not self._may_swap(position, a, x, b, y):
                        continue
                    self._swap(position, a, x, b, y)
                    if self._club_pairs(position[a]) + self._club_pairs(position[b]) < before:
                        return True
                    self._swap(position, a, y, b, x)
        return False

    # --- Fixed tables ------------------------------------------------------------------------

    def seat_fixed(self, sizes: Sequence[int]) -> list[str]:
        """Each fixed player at their table, at every new position; what could not be done,
        in French."""
        missed = []
        for number, position in enumerate(self.draft, start=1):
            for x, table_number in sorted(self.wishes.fixed.items(), key=lambda item: item[1]):
                wanted = sizes[table_number - 1]
                a = next(t for t, table in enumerate(position) if x in table)
                if len(position[a]) != wanted and not self._move_to_size(position, a, x, wanted):
                    missed.append(
                        f"Position {number} : aucune table de {wanted} ne pouvait accueillir "
                        f"le joueur de la table fixe {table_number} sans rencontre répétée."
                    )
                    continue
                a = next(t for t, table in enumerate(position) if x in table)
                position[a], position[table_number - 1] = position[table_number - 1], position[a]
        return missed

    def _move_to_size(self, position: list[list[int]], a: int, x: int, size: int) -> bool:
        candidates = [
            (b, y) for b, table in enumerate(position) if len(table) == size for y in table
        ]
        self.rng.shuffle(candidates)
        for b, y in candidates:
            if (
                y not in self.wishes.fixed
                and self._fits(x, position[b], y)
                and self._fits(y, position[a], x)
            ):
                self._swap(position, a, x, b, y)
                return True
        return False


def club_notes(
    schedule: Sequence[Sequence[Sequence[PlayerId]]], clubs: Mapping[PlayerId, Hashable]
) -> tuple[int, int, list[str]]:
    """Over the new positions: the tables seating two players (or more) of a club, the fewest
    that could (a club with more players than tables), and what the arbitre is told, in
    French (« 40 joueurs de « Tarot club de Lyon » sur 120 : au moins 10 tables en comptent
    deux à chaque position. »)."""
    together = forced = 0
    notes: list[str] = []
    for position in schedule:
        tables = len(position)
        seated = [p for table in position for p in table]
        counts: dict[Hashable, int] = {}
        for player in seated:
            club = clubs.get(player)
            if club is not None:
                counts[club] = counts.get(club, 0) + 1
        for table in position:
            club_list = [clubs.get(p) for p in table if clubs.get(p) is not None]
            together += len(club_list) != len(set(club_list))
        forced += max([0, *(min(tables, count - tables) for count in counts.values())])
        for club, count in counts.items():
            if count > tables:
                doubled = min(tables, count - tables)
                tables_word = "tables en comptent" if doubled > 1 else "table en compte"
                note = (
                    f"{count} joueurs de « {club} » sur {len(seated)} : au moins {doubled} "
                    f"{tables_word} deux à chaque position."
                )
                if note not in notes:
                    notes.append(note)
    return together, forced, notes
