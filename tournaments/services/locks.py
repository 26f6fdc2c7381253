"""The row locks of the services, always taken in one order: the tournament, then the
position, then its tables.

Two writes that lock the same rows in opposite orders wait for each other for ever, and
PostgreSQL ends one of them (« deadlock detected »): the arbitre closing a position (position,
then tournament) while another session drew a seating (tournament, then position), or a table
signing (its table, its position and tournament together) while the arbitre closed. So every
service that needs the tournament or the position locks them through here, in that order, and
the table last. A table's own writes lock only their table (``of=("self",)``).

The tournament and the position are locked FOR NO KEY UPDATE: the arbitre's writes still take
turns on them, but the tables' writes, which only refer to them (the journal's entry, a deal's
table), never wait for the arbitre's lock. SQLite, which has no row locks, takes its one
write lock at the start of each transaction.
"""

from tournaments.models import Position, Table, Tournament


def lock_tournament(tournament: Tournament) -> Tournament:
    """The tournament's row, locked until the end of the transaction."""
    return Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)


def lock_position(position: Position, *, tournament: Tournament | None = None) -> Position:
    """The tournament's row, then the position's: the position, read again, with its locked
    tournament. ``tournament``: the position's, already locked in this transaction."""
    if tournament is None:
        tournament = lock_tournament(Tournament(pk=position.tournament_id))
    locked = Position.objects.select_for_update(no_key=True, of=("self",)).get(pk=position.pk)
    locked.tournament = tournament
    return locked


def lock_tables(position: Position) -> list[Table]:
    """The position's tables, locked after its tournament and itself (``lock_position``),
    in one order (their keys): a table writing its sheet meanwhile finishes first, and none
    starts until the transaction ends."""
    return list(
        Table.objects.select_for_update(no_key=True).filter(position=position).order_by("pk")
    )
