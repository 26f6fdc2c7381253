"""Seating plans: at which table, and in which seat, each player sits for each position.

Pure Python (no Django import): the services, the arbitre's screen, the tests and the
benchmark (``bench/seating_bench.py``) all use it directly.

Public API
----------
``plan_positions(*, players, positions, teams=None, allow_five=False, history=(), seed=0,
continue_plan=True, repair=True, clubs=None, apart=(), fixed=None, pin_fixed=True)``
    Plans ``positions`` new positions for the ``players`` present and returns a :class:`Plan`.
    A plan *is* a list, one item per new position; a position is a list of tables; a table
    is a list of player ids in seat order (Nord, Est, Sud, Ouest, and the fifth seat at a
    table of 5: :data:`SEATS`). So ``plan[0][0][0]`` is the Nord of table 1 at the first new
    position, and ``plan == [[...], ...]`` compares as a plain list. ``plan.report`` is its
    :class:`SeatingReport`.

    ``history`` holds the positions already played, in the same shape. They are not part of
    the result (which holds the new positions only), but they are kept as constraints: pairs
    who met there should not meet again, and the tables of 3 or 5 sat there count towards
    spreading the odd tables fairly. Players of the history who are no longer present
    (withdrawn) are ignored; players who are not in it (late arrivals) simply have no past.
    When the history is the beginning of the plan the same players, teams and seed get
    without history, the result is the rest of that plan: planning one position at a time
    continues the plan of the whole tournament for as long as nothing changes.

    Same inputs and same ``seed`` give the same plan: the search draws only from
    ``random.Random(seed)`` and stops on a budget of work, never on the clock.

    ``continue_plan``, ``repair`` and ``pin_fixed`` choose how the generator works, so that
    each version of the verifiable draw (``seating.draw.GENERATORS``) plans as it always has:
    whether a history that begins the plan of the whole tournament is continued, whether a
    construction's repeats are first repaired by swaps (``seating.repair``), and whether the
    search itself keeps each player with a fixed table at a table of its size (version 4).

    ``clubs`` (a player's club), ``apart`` (pairs who never sit together) and ``fixed`` (a
    player's table number at every position) are the organiser's wishes
    (:mod:`seating.constraints`): players of one club at different tables as far as the field
    allows, after the opponents; the pairs and the fixed tables as hard constraints. The
    report counts the tables that seat two players of a club, the fewest the field forces,
    and says in French what could not be met.

``seating_report(positions, *, teams=None, history=(), players=None)``
    The :class:`SeatingReport` of any schedule, for instance after the arbitre swaps two
    players by hand; :class:`PairMeeting` is one of its pairs.

``short_table_unfairness(schedule, *, players)``
    The positions after which someone has sat at two tables of 3 or 5 while someone else
    has sat at none (the benchmark and the tests check plans with it).

``table_sizes(*, player_count, allow_five=False)``
    The sizes of the tables of one position, odd tables last (see :mod:`seating.sizes`).

``SeatingError``
    A ``ValueError`` whose message (in French, for the arbitre) says why the players cannot
    be seated as asked.

Quality, in priority order
--------------------------
1. Team-mates never sit at the same table. This is a hard constraint: a team with more players
   present than there are tables is refused with a :class:`SeatingError`.
2. No two players meet twice whenever that is possible; otherwise as few repeat meetings as the
   search can find. A pair meeting *k* times counts *k* - 1 repeats, history included.
3. Odd tables are spread position after position: nobody sits at a table of 3 or 5 a second
   time while someone else has sat at none (history included), at any point of the
   tournament, not only at its end, since a tournament can stop or change on the way.
   Wherever repeats allow: five players who never met sat at five different tables of every
   earlier position, so with fewer than five tables of 4 the tables of 5 of position 2 cannot
   all go to players who have never sat at one (22 players, three tables of 4 and two of 5:
   six of the twelve get their turn, and four sit at a second table of 5 while six have sat
   at none). Repeats come first.
4. Players of one club sit at different tables, where that makes no repeat and changes
   nobody's tables of 3 or 5 (only when ``clubs`` is given).
5. Seats rotate: within each table the seats are dealt so that everyone's count of Nord (and
   of every other seat) stays balanced.

Modules
-------
``plan`` checks a request and puts the pieces together; ``sizes`` the tables of a position;
``constraints`` the organiser's wishes (clubs, pairs apart, fixed tables);
``problem`` what the search must seat, by player index, and what a schedule costs;
``construction`` the greedy schedule the search starts from; ``repair`` the swaps that remove
its few repeats on large fields; ``designs`` the affine designs over Galois fields that start
the tightest schedules; ``state`` the schedule the search works on, kept so that pricing a
swap is cheap; ``tabu`` the search itself; ``seats`` the
dealing of seats once the tables are set; ``report`` the quality report; ``schedule`` the
names of the shapes a plan comes in; ``draw`` the verifiable draw and ``verify`` its check
from a tournament's tirages.json (``python -m seating.verify``).
"""

from seating.errors import SeatingError
from seating.plan import Plan, plan_positions
from seating.report import PairMeeting, SeatingReport, seating_report, short_table_unfairness
from seating.seats import SEATS
from seating.sizes import table_sizes

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
