"""Planning positions: the checks, the continuation of a plan already begun, the search,
then the seats."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from seating.constraints import Adjuster, Wishes, club_notes, wishes_of
from seating.errors import SeatingError
from seating.problem import SeatingProblem
from seating.report import PairMeeting, SeatingReport, schedule_report
from seating.schedule import Draft, PlannedPosition, PlayerId, Schedule
from seating.seats import deal_seats
from seating.sizes import table_sizes
from seating.tabu import TabuSearch


class Plan(list):
    """The new positions of a seating plan, as a plain list, with its quality ``report``."""

    __slots__ = ("report",)

    def __init__(self, positions: Iterable[PlannedPosition], *, report: SeatingReport) -> None:
        super().__init__(positions)
        self.report = report


@dataclass(frozen=True)
class _Request:
    """What is asked of the search: the players present in fixed order, their tables, the
    positions to plan after ``history``, and the seed of every draw."""

    present: list[PlayerId]
    sizes: tuple[int, ...]
    positions: int
    team_of: Mapping[PlayerId, Hashable]
    history: Schedule
    seed: int
    repair: bool
    apart: frozenset[frozenset[int]] = frozenset()
    # The players (by index) the search keeps at the size of their fixed table: whether
    # that table is odd.
    pinned: Mapping[int, bool] = field(default_factory=dict)

    def search(self) -> Draft:
        problem = SeatingProblem(
            present=self.present,
            sizes=self.sizes,
            positions=self.positions,
            team_of=self.team_of,
            history=self.history,
            apart=self.apart,
            pinned=self.pinned,
        )
        return TabuSearch(problem, random.Random(self.seed), repairs=self.repair).run()


def plan_positions(
    *,
    players: Sequence[PlayerId],
    positions: int,
    teams: Mapping[PlayerId, Hashable] | None = None,
    allow_five: bool = False,
    history: Schedule = (),
    seed: int = 0,
    continue_plan: bool = True,
    repair: bool = True,
    clubs: Mapping[PlayerId, Hashable] | None = None,
    apart: Iterable[tuple[PlayerId, PlayerId]] = (),
    fixed: Mapping[PlayerId, int] | None = None,
    pin_fixed: bool = True,
) -> Plan:
    """Plan ``positions`` new positions for the ``players`` present (see the package
    docstring).

    ``teams`` maps a player to a team; players missing from it have no team-mates. The
    returned plan holds the new positions only; its report covers history and plan together,
    restricted to the players present.

    ``continue_plan`` and ``repair`` choose how the generator works, for the versions of the
    verifiable draw (``seating.draw``), which must plan again as they once did: whether a
    history that begins the plan of the whole tournament is continued (see
    ``_continuation``), and whether a construction's repeats are repaired before the search
    (``seating.repair``), and ``pin_fixed`` whether the search keeps each player with a
    fixed table at a table of its size (from version 4: the construction seats them there,
    and no swap of the search moves them between an odd table and a table of 4), rather
    than leaving the fixed tables to the swap that follows the search.

    ``clubs`` maps a player to their club: players of one club sit at different tables as
    far as the field allows, after « never the same opponent twice ». ``apart`` lists pairs
    who never sit together, and ``fixed`` a player's table number (1 for the first table) at
    every new position: both hard constraints (``seating.constraints``). The report then
    says what could not be met, and why.
    """
    present = _in_fixed_order(players)
    if len(set(present)) != len(present):
        raise SeatingError("Un joueur figure deux fois dans la liste des joueurs présents.")
    if positions < 0:
        raise SeatingError("Le nombre de positions à prévoir ne peut pas être négatif.")
    sizes = table_sizes(player_count=len(present), allow_five=allow_five)
    team_of = teams or {}
    _check_teams_fit(present, team_of, sizes)
    wishes = wishes_of(present, sizes=sizes, clubs=clubs, apart=apart, fixed=fixed)
    # From version 4, the search keeps each fixed player at a table of the size of theirs:
    # only when the position has odd tables, since tables all of 4 are alike to it.
    odd_tables = any(size != 4 for size in sizes)
    pinned = {x: sizes[number - 1] != 4 for x, number in wishes.fixed.items()}
    request = _Request(
        present,
        sizes,
        positions,
        team_of,
        history,
        seed,
        repair,
        apart=wishes.apart,
        pinned=pinned if pin_fixed and odd_tables else {},
    )
    continued = _continuation(request) if continue_plan and positions else None
    draft = (continued or request.search()) if positions else []
    missed: list[str] = []
    if wishes.any and draft:
        missed = _adjusted(draft, request, wishes)
    seated = deal_seats(draft, history=history, present=present, rng=random.Random(seed))
    report = schedule_report([*history, *seated], teams=team_of, only=set(present))
    if report.team_clashes and schedule_report(seated, teams=team_of, only=None).team_clashes:
        # The teams were checked to fit, so the search should always separate them; never
        # hand out a plan that breaks the hard constraint.
        raise SeatingError(
            "Aucun placement trouvé qui sépare tous les coéquipiers ; "
            "modifiez les équipes ou le nombre de tables."
        )
    if wishes.any:
        report = _with_wishes(report, seated, present, wishes, missed)
    return Plan(seated, report=report)


def _adjusted(draft: Draft, request: _Request, wishes: Wishes) -> list[str]:
    """The organiser's wishes met in ``draft`` (changed in place), fixed tables first, then
    the clubs spread; what could not be done, in French."""
    index = {player: i for i, player in enumerate(request.present)}
    team_number = {team: k for k, team in enumerate(set(request.team_of.values()))}
    team_of = [team_number.get(request.team_of.get(player), -1) for player in request.present]
    # Its own generator, drawn from the seed: the search's draws are left as they were.
    adjuster = Adjuster(
        draft,
        wishes=wishes,
        team_of=team_of,
        history=request.history,
        index=index,
        rng=random.Random(f"{request.seed}:wishes"),
    )
    missed = adjuster.seat_fixed(request.sizes) if wishes.fixed else []
    if any(club is not None for club in wishes.club_of):
        # Never moves a fixed player, nor the tables' order: the fixed tables hold.
        adjuster.separate_clubs()
    return missed


def _with_wishes(report, seated, present, wishes: Wishes, missed: list[str]):
    """The report, with what the organiser asked: the pairs kept apart who met anyway, the
    fixed tables missed, and the club tables."""
    clubs = {player: club for player, club in zip(present, wishes.club_of, strict=True) if club}
    together, forced, notes = club_notes(seated, clubs)
    broken = []
    for pair in wishes.apart:
        x, y = (present[i] for i in sorted(pair))
        times = sum(1 for position in seated for table in position if x in table and y in table)
        if times:
            broken.append(PairMeeting(players=(x, y), times=times))
    return replace(
        report,
        apart_clashes=tuple(broken),
        same_club_tables=together,
        same_club_tables_forced=forced,
        notes=(*notes, *missed),
    )


def _in_fixed_order(players: Iterable[PlayerId]) -> list[PlayerId]:
    """The players sorted, so that the plan does not depend on the order they are listed in
    (ids that cannot be compared keep the order given)."""
    try:
        return sorted(players)
    except TypeError:
        return list(players)


def _continuation(request: _Request) -> Draft | None:
    """The rest of the plan the same field would get without history, when the history is
    the beginning of that plan (tables compared as sets: seats may have been exchanged).

    Planning position by position, as a tournament does, then continues the plan made for
    the whole tournament while nothing changes: the schedule stays as good as a plan of all
    positions at once (which a search constrained by a fixed history may not find again in
    tight schedules), and what was announced stays true. A withdrawal, a late arrival or a
    swap by hand ends it, and the search then plans around the history.
    """
    history = request.history
    if not history:
        return None
    everyone = set(request.present)
    for position in history:
        seated = [player for table in position for player in table]
        if len(seated) != len(everyone) or set(seated) != everyone:
            return None
    index = {player: i for i, player in enumerate(request.present)}
    whole = replace(request, positions=len(history) + request.positions, history=()).search()
    for position, planned in zip(history, whole, strict=False):
        played = {frozenset(index[player] for player in table) for table in position}
        if played != {frozenset(table) for table in planned}:
            return None
    return whole[len(history) :]


def _check_teams_fit(
    present: Sequence[PlayerId], team_of: Mapping[PlayerId, Hashable], sizes: Sequence[int]
) -> None:
    """Refuse a team with more players present than there are tables.

    That is the only way teams can fail to fit: the tables of a position differ by one seat
    at most, so dealing the players team after team round the tables, largest tables first,
    seats the members of any team no larger than the count of tables at different tables.
    """
    team_sizes: dict[Hashable, int] = {}
    for player in present:
        team = team_of.get(player)
        if team is not None:
            team_sizes[team] = team_sizes.get(team, 0) + 1
    for team, size in team_sizes.items():
        if size > len(sizes):
            raise SeatingError(
                f"L'équipe {team} compte {size} joueurs présents pour {len(sizes)} "
                f"table{'s' if len(sizes) > 1 else ''} : des coéquipiers se rencontreraient "
                "forcément."
            )
