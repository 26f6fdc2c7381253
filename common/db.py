"""What a write meets in the database: a connection cut under it (retried once), another write
it raced with (a deadlock, a serialization failure: retried once), a constraint it broke
(named, so that the service can say which rule in French); and reads of several queries that
must agree (one snapshot)."""

import functools
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import IntegrityError, InterfaceError, OperationalError, connection, transaction
from django.db.models import BaseConstraint, Model, UniqueConstraint

T = TypeVar("T")
P = ParamSpec("P")


def one_snapshot(read: Callable[P, T]) -> Callable[P, T]:
    """Run a read of several queries against one snapshot of the database, so that what one
    query found agrees with what the next one finds, whatever is written meanwhile (the
    arbitre re-seating a position, a late arrival registered).

    On PostgreSQL a read-only REPEATABLE READ transaction: its queries all see the database
    as it was at the first one, without waiting for any writer and without serialization
    failures. On SQLite, one transaction. Inside a transaction already (a service reading
    under its locks, a test) the read joins it.
    """

    @functools.wraps(read)
    def in_one_snapshot(*args: P.args, **kwargs: P.kwargs) -> T:
        if connection.in_atomic_block:
            return read(*args, **kwargs)
        # The connection's health check (a query of its own) comes before the transaction:
        # SET TRANSACTION must be its first statement.
        connection.close_if_health_check_failed()
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            return read(*args, **kwargs)

    return in_one_snapshot


def retry_once_on_dropped_connection(write: Callable[[], T]) -> T:
    """Run ``write`` (one service call, one transaction); if the connection was cut, open a
    fresh one and run it once more, as a phone would resend.

    Safe because every service is one transaction: a cut one changed nothing, and a save that
    did reach the database is refused the second time as already recorded (unique numbers,
    versions). Inside an outer transaction nothing is retried: that one is lost as a whole.
    """
    try:
        return write()
    except (OperationalError, InterfaceError):
        if transaction.get_connection().in_atomic_block or not _connection_lost():
            raise
        connection.close()
        return write()


# PostgreSQL's codes for a transaction that lost a race with another: a deadlock, a
# serialization failure, a lock that could not be had.
CONFLICT_SQLSTATES = {"40P01", "40001", "55P03"}
CONFLICT_WORDS = ("deadlock detected", "could not serialize access", "database is locked")


def is_conflict(error: Exception) -> bool:
    """Whether ``error`` is a write that met another one (deadlock, serialization failure,
    SQLite's lock still held after its timeout), rather than a connection cut or a fault.

    Nothing was written: the database rolled the transaction back, and the same write run
    again will most likely go through."""
    if not isinstance(error, OperationalError):
        return False
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    if sqlstate is not None:
        return sqlstate in CONFLICT_SQLSTATES
    text = str(error).lower()
    return any(words in text for words in CONFLICT_WORDS)


def is_cut_connection(error: Exception) -> bool:
    """Whether ``error`` is a database connection cut under the request (the server
    restarted, an administrator or a proxy closed it): the connection is no longer usable."""
    if not isinstance(error, OperationalError | InterfaceError) or is_conflict(error):
        return False
    if isinstance(error, InterfaceError):
        return True
    sqlstate = getattr(error.__cause__, "sqlstate", None) or ""
    # 08: connection exceptions; 57P01-03: the server shut down or is starting.
    if sqlstate.startswith("08") or sqlstate in {"57P01", "57P02", "57P03"}:
        return True
    return _connection_lost()


def retry_once_on_conflict(service: Callable[P, T]) -> Callable[P, T]:
    """A service (one transaction) that lost a race with another write (``is_conflict``) is
    run once more; a second conflict goes up to the page, which says so in French
    (``tarot_club.middleware.DroppedConnectionMiddleware``).

    Safe because the database rolled the whole transaction back. Inside an outer transaction
    nothing is retried: the outer one is lost as a whole."""

    @functools.wraps(service)
    def run_once_more_on_conflict(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return service(*args, **kwargs)
        except OperationalError as error:
            if not is_conflict(error) or connection.in_atomic_block:
                raise
        return service(*args, **kwargs)

    return run_once_more_on_conflict


def _connection_lost() -> bool:
    # A transaction cut in the middle closes its connection on the way out (Atomic.__exit__).
    return connection.connection is None or not connection.is_usable()


# SQLite names a check constraint in its message, but a unique one only by its columns:
# « UNIQUE constraint failed: tournaments_deal.table_id, tournaments_deal.number ».
SQLITE_UNIQUE = re.compile(r"UNIQUE constraint failed: (?P<columns>[\w., ]+)")


def violated_constraint(error: IntegrityError, model: type[Model]) -> BaseConstraint | None:
    """The constraint of ``model`` (``Meta.constraints``) that ``error`` reports, or None.

    Found by its name, which PostgreSQL gives for every constraint (« violates unique
    constraint "deal_number_unique" ») and SQLite for a check (« CHECK constraint failed:
    deal_bouts_0_to_3 »); a unique constraint on SQLite by its columns.
    """
    text = str(error)
    for constraint in model._meta.constraints:
        if re.search(rf"\b{re.escape(constraint.name)}\b", text):
            return constraint
    match = SQLITE_UNIQUE.search(text)
    if match is None:
        return None
    columns = {column.strip() for column in match["columns"].split(",")}
    for constraint in model._meta.constraints:
        if isinstance(constraint, UniqueConstraint) and columns == _unique_columns(
            model, constraint
        ):
            return constraint
    return None


def _unique_columns(model: type[Model], constraint: UniqueConstraint) -> set[str]:
    table = model._meta.db_table
    return {f"{table}.{model._meta.get_field(name).column}" for name in constraint.fields}
