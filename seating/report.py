"""The quality report of a schedule: repeat meetings, team-mates together, odd tables and
seats, counted player by player, history included."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from seating.schedule import PlayerId, Schedule
from seating.seats import SEATS


@dataclass(frozen=True)
class PairMeeting:
    """Two players who sat at the same table ``times`` times."""

    players: tuple[PlayerId, PlayerId]
    times: int


@dataclass(frozen=True)
class SeatingReport:
    """What the arbitre needs to judge a schedule (history and plan together).

    ``repeat_meetings`` counts a pair of opponents meeting *k* times as *k* - 1 repeats;
    ``repeated_pairs`` lists those pairs with how often they met. Team-mates sitting together
    are not repeats but ``team_clashes``. ``odd_tables`` counts, per player, the tables of 3 or
    5 sat at; ``seat_counts`` counts, per player, the times in each seat of :data:`SEATS`.
    ``odd_spread_unavoidable`` says that the odd tables are unevenly spread (see
    :attr:`odd_table_spread`) with no repeat meeting, and that at every position no seating
    without a repeat could have given more of the players whose turn it was a table of 3 or 5
    (see :func:`_odd_turns_at_most`).
    """

    repeat_meetings: int
    repeated_pairs: tuple[PairMeeting, ...]
    team_clashes: tuple[PairMeeting, ...]
    odd_tables: Mapping[PlayerId, int] = field(hash=False)
    seat_counts: Mapping[PlayerId, tuple[int, ...]] = field(hash=False)
    odd_spread_unavoidable: bool = False
    # What the organiser asked (``plan_positions``'s clubs, apart, fixed), over the new
    # positions: pairs kept apart who sat together anyway, tables seating two players of a
    # club, the fewest the field forces, and what could not be met, in French.
    apart_clashes: tuple[PairMeeting, ...] = ()
    same_club_tables: int = 0
    same_club_tables_forced: int = 0
    notes: tuple[str, ...] = ()

    @property
    def team_clash_count(self) -> int:
        """Times team-mates sat at the same table (zero in every plan the generator makes)."""
        return sum(clash.times for clash in self.team_clashes)

    @property
    def odd_table_spread(self) -> int:
        """Most minus fewest tables of 3 or 5 sat at by one player; at most 1 when fair."""
        counts = self.odd_tables.values()
        return max(counts) - min(counts) if counts else 0


def seating_report(
    positions: Schedule,
    *,
    teams: Mapping[PlayerId, Hashable] | None = None,
    history: Schedule = (),
    players: Iterable[PlayerId] | None = None,
) -> SeatingReport:
    """The quality report of ``history`` followed by ``positions`` (see :class:`SeatingReport`),
    for the ``players`` given (everyone seated when None).

    Pairs are listed in the order the schedule first seats their players, so the report is
    as deterministic as the schedule.
    """
    only = None if players is None else set(players)
    return schedule_report([*history, *positions], teams=teams or {}, only=only)


def short_table_unfairness(schedule: Schedule, *, players: Iterable[PlayerId]) -> list[int]:
    """The positions (numbered from 1) after which one of ``players`` has sat at two tables of
    3 or 5 while another has sat at none: what the generator avoids wherever numbers allow."""
    counts = dict.fromkeys(players, 0)
    unfair = []
    for number, position in enumerate(schedule, start=1):
        for table in position:
            if len(table) != 4:
                for player in table:
                    if player in counts:
                        counts[player] += 1
        if counts and max(counts.values()) >= 2 and min(counts.values()) == 0:
            unfair.append(number)
    return unfair


def schedule_report(
    schedule: Schedule, *, teams: Mapping[PlayerId, Hashable], only: set[PlayerId] | None
) -> SeatingReport:
    """Count meetings, odd tables and seats over ``schedule``, for the players in ``only``
    (everyone when None).

    Odd tables are judged on the table as it was played, before leaving anyone out.
    """
    tally = _Tally(only)
    for position in schedule:
        for table in position:
            tally.count_table(table)
    repeated: list[PairMeeting] = []
    clashes: list[PairMeeting] = []
    for pair, times in tally.meetings.items():
        team = teams.get(pair[0])
        if team is not None and team == teams.get(pair[1]):
            clashes.append(PairMeeting(players=pair, times=times))
        elif times > 1:
            repeated.append(PairMeeting(players=pair, times=times))
    report = SeatingReport(
        repeat_meetings=sum(meeting.times - 1 for meeting in repeated),
        repeated_pairs=tuple(repeated),
        team_clashes=tuple(clashes),
        odd_tables=tally.odd_tables,
        seat_counts={player: tuple(counts) for player, counts in tally.seats.items()},
    )
    if report.odd_table_spread > 1 and not report.repeat_meetings:
        report = replace(report, odd_spread_unavoidable=_odd_turns_at_most(schedule, only))
    return report


def _odd_turns_at_most(schedule: Schedule, only: set[PlayerId] | None) -> bool:
    """Whether every position of ``schedule`` seats at its tables of 3 or 5 as many of the
    players whose turn it is (those who sat at the fewest so far) as any position without a
    repeat meeting could, after the positions before it.

    Two players at the same table of a position have met if they sat at the same table of an
    earlier one: so an odd table seats at most one player of each earlier table, and the odd
    tables of a position, at most as many of the players whose turn it is as each earlier
    table can give one to each of them. A table of 5 takes players of five different tables:
    with 22 players (three tables of 4, two of 5), the second position's tables of 5 seat six
    of the twelve players who have not sat at one yet, not ten.
    """
    counts: dict[PlayerId, int] = {}
    earlier: list[list[set[PlayerId]]] = []
    for position in schedule:
        tables = [{p for p in table if only is None or p in only} for table in position]
        odd = [seated for seated, table in zip(tables, position, strict=True) if len(table) != 4]
        present = set().union(*tables)
        if odd and present:
            least = min(counts.get(player, 0) for player in present)
            turn = {player for player in present if counts.get(player, 0) == least}
            given = sum(len(turn & seated) for seated in odd)
            room = [len(turn), sum(len(seated) for seated in odd)]
            room.extend(sum(min(len(turn & t), len(odd)) for t in before) for before in earlier)
            if given < min(room):
                return False
        for seated in odd:
            for player in seated:
                counts[player] = counts.get(player, 0) + 1
        earlier.append(tables)
    return True


class _Tally:
    """The counts of a report as its tables go by. A pair is keyed in the order its players
    were first seen, so that the report lists pairs as the schedule first seats them."""

    def __init__(self, only: set[PlayerId] | None) -> None:
        self.only = only
        self.order: dict[PlayerId, int] = {}
        self.meetings: dict[tuple[PlayerId, PlayerId], int] = {}
        self.odd_tables: dict[PlayerId, int] = {}
        self.seats: dict[PlayerId, list[int]] = {}

    def counts(self, player: PlayerId) -> bool:
        return self.only is None or player in self.only

    def count_table(self, table: Sequence[PlayerId]) -> None:
        odd = len(table) != 4
        only, order, odd_tables, seats = self.only, self.order, self.odd_tables, self.seats
        kept = []
        for seat, player in enumerate(table):
            if only is not None and player not in only:
                continue
            kept.append(player)
            if player not in order:
                order[player] = len(order)
                odd_tables[player] = 0
                seats[player] = [0] * len(SEATS)
            odd_tables[player] += odd
            if seat < len(SEATS):
                seats[player][seat] += 1
        meetings = self.meetings
        for first, second in itertools.combinations(kept, 2):
            pair = (first, second) if order[first] <= order[second] else (second, first)
            meetings[pair] = meetings.get(pair, 0) + 1
