"""A write retried once when the database connection was cut under it."""

from collections.abc import Callable
from typing import TypeVar

from django.db import InterfaceError, OperationalError, connection, transaction

T = TypeVar("T")


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
