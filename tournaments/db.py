"""What a write meets in the database: a connection cut under it (retried once), and a
constraint it broke (named, so that the service can say which rule in French)."""

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
