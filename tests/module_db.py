"""Rows built once for a module of tests, and gone after it."""

from contextlib import contextmanager

from django.db import transaction


@contextmanager
def kept_for_the_module():
    """A transaction around a module's tests, rolled back after them.

    A module-scoped fixture builds what its tests read (a championship played through the
    services: too slow to build once per test) inside it; each test's own transaction nests
    in it as a savepoint. Rolling it back leaves nothing behind, so that no later test (a
    transactional one, which sees every committed row) meets the accounts or clubs it made.
    """
    atomic = transaction.atomic()
    atomic.__enter__()
    try:
        yield
    finally:
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)
