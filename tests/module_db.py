"""Rows built once for a module of tests, and gone after it."""

import io
from contextlib import contextmanager

from django.core.management import call_command
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


@contextmanager
def loaded_for_the_module(django_db_blocker, *commands: str):
    """What the management ``commands`` load (a demo, played through the services), loaded
    once for a module inside ``kept_for_the_module``: gone after its tests."""
    with django_db_blocker.unblock(), kept_for_the_module():
        for command in commands:
            call_command(command, stdout=io.StringIO())
        yield
