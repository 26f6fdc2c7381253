"""Every service takes its row locks in one order, the tournament, then the position, then
the table (issue 23, item 3): two writes locking in opposite orders deadlock. SQLite has no
row locks (it drops FOR UPDATE from its SQL), so these tests read PostgreSQL's statements."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.at_the_table import TESTS, fill_sheet
from tests.factories import plan_committed
from tournaments.services.positions import close_position, reopen_position
from tournaments.services.seating import publish_seating
from tournaments.services.sheets import confirm_bilan

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks are PostgreSQL's (SQLite has none)"
)

LOCKED_TABLE = re.compile(r'FROM "(tournaments_\w+)".* FOR (?:NO KEY )?UPDATE(?: OF "?(\w+)"?)?')


def locks(queries) -> list[str]:
    """The tables whose rows each statement locked, in the order they were first locked. A
    lock taken again on a table already locked (the draw's service locking the tournament its
    caller already holds) waits for nothing and adds nothing to the order."""
    found = []
    for query in queries:
        match = LOCKED_TABLE.search(query["sql"])
        if match and (table := match.group(2) or match.group(1)) not in found:
            found.append(table)
    return found


def test_closing_locks_the_tournament_then_the_position_then_its_tables(table):
    with CaptureQueriesContext(connection) as queries:
        close_position(position=table.position, by=TESTS, force=True, reason="Fin")

    assert locks(queries) == ["tournaments_tournament", "tournaments_position", "tournaments_table"]


def test_reopening_locks_the_tournament_then_the_position(table):
    close_position(position=table.position, by=TESTS, force=True, reason="Fin")
    with CaptureQueriesContext(connection) as queries:
        reopen_position(position=table.position, by=TESTS, reason="Erreur")

    assert locks(queries) == ["tournaments_tournament", "tournaments_position"]


def test_publishing_a_seating_locks_the_tournament_only(table):
    with CaptureQueriesContext(connection) as queries:
        publish_seating(position=table.position, by=TESTS)

    assert locks(queries) == ["tournaments_tournament"]


def test_a_signature_locks_its_table_only_never_its_position_or_tournament(table):
    fill_sheet(table)
    with CaptureQueriesContext(connection) as queries:
        confirm_bilan(table=table, place="N", by=TESTS)

    statements = [query["sql"] for query in queries if "FOR UPDATE" in query["sql"]]
    assert len(statements) == 1
    assert statements[0].endswith('FOR UPDATE OF "tournaments_table"')


@pytest.mark.usefixtures("registrations")
def test_generating_a_seating_locks_the_tournament_then_the_position(tournament):
    with CaptureQueriesContext(connection) as queries:
        plan_committed(tournament=tournament, number=1, by=TESTS)

    # The penalties last: those of players the new seating leaves out are cancelled.
    assert locks(queries) == [
        "tournaments_tournament",
        "tournaments_position",
        "tournaments_penalty",
    ]
