"""The public pages read a position's tables and seats as one consistent whole, however the
arbitre re-seats meanwhile (issue 23, item 2).

The re-seating is simulated between two queries of the page: a wrapper on the database
connection runs it once, just before the query that follows the first read of the seats or
the tables. A page that read them in two queries then saw seats of tables it never read
(``KeyError``, a 500).
"""

from contextlib import contextmanager

import pytest
from django.db import connection

from tests.at_the_table import TESTS
from tests.factories import plan_committed
from tournaments.selectors.ranking import tournament_ranking
from tournaments.selectors.seating import seating_plan
from tournaments.services.registrations import check_in, register_player
from tournaments.services.seating import publish_seating, seat_position


@contextmanager
def between_two_reads(of: tuple[str, ...], change):
    """Run ``change`` once, just before the first query that follows a read of ``of``."""
    state = {"read": False, "done": False}

    def wrapper(execute, sql, params, many, context):
        if state["read"] and not state["done"]:
            state["done"] = True
            change()
        if sql.lstrip().upper().startswith("SELECT") and any(name in sql for name in of):
            state["read"] = True
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield state


@pytest.fixture
def published(tournament, registrations, position):  # noqa: ARG001 - its tournament
    seat_position(position=position, tables=[registrations[:4], registrations[4:]], by=TESTS)
    publish_seating(position=position, by=TESTS)
    return position


def reseat(position, registrations):
    """The arbitre draws the position again: new tables, the players elsewhere."""
    return lambda: seat_position(
        position=position,
        tables=[registrations[::2], registrations[1::2]],
        by=TESTS,
    )


def test_the_seating_plan_reads_tables_and_seats_as_one(published, registrations):
    with between_two_reads(
        ("tournaments_table", "tournaments_seat"), reseat(published, registrations)
    ):
        plan = seating_plan(position=published)

    tables = {table.pk for table, _seats in plan.tables}
    assert {seat.table_id for seat in plan.seats} == tables
    assert sorted(seat.registration.number for seat in plan.seats) == list(range(1, 9))


def test_the_public_tournament_page_survives_a_reseating_under_it(
    client, tournament, published, registrations
):
    with between_two_reads(
        ("tournaments_table", "tournaments_seat"), reseat(published, registrations)
    ) as state:
        response = client.get(f"/tournois/{tournament.pk}/")

    assert state["done"]
    assert response.status_code == 200
    assert "JOUEUR8" in response.content.decode()


def test_the_projection_survives_a_reseating_under_it(client, tournament, published, registrations):
    with between_two_reads(
        ("tournaments_table", "tournaments_seat"), reseat(published, registrations)
    ) as state:
        response = client.get(f"/tournois/{tournament.pk}/projection/")

    assert state["done"]
    assert response.status_code == 200


@pytest.mark.usefixtures("registrations")
def test_the_ranking_survives_a_late_arrival_seated_between_its_reads(tournament):
    """A player registered and seated between the ranking's read of the registrations and
    its read of the seats is ranked with the rest or not at all, never a KeyError."""
    plan_committed(tournament=tournament, number=1, by=TESTS)

    def late_arrival():
        late = register_player(
            tournament=tournament, last_name="Tardieu", first_name="Zoé", by=TESTS
        )
        check_in(registration=late, present=True, by=TESTS)
        plan_committed(tournament=tournament, number=1, reason="Arrivée tardive.", by=TESTS)

    with between_two_reads(("tournaments_registration",), late_arrival) as state:
        ranking = tournament_ranking(tournament)

    assert state["done"]
    assert len(ranking.players) in (8, 9)


@pytest.mark.django_db(transaction=True)
def test_the_rankings_queries_all_run_in_one_transaction(tournament, registrations):
    """Outside any transaction (a page's request), the ranking's queries share one: on
    PostgreSQL a read-only REPEATABLE READ one, which sees the database as at its first."""
    plan_committed(tournament=tournament, number=1, by=TESTS)
    seen = []

    def note(execute, sql, params, many, context):
        seen.append((connection.in_atomic_block, sql))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        ranking = tournament_ranking(tournament)

    assert len(ranking.players) == len(registrations)
    # SQLite's BEGIN IMMEDIATE is sent as the transaction starts, just before it is marked.
    assert all(in_transaction for in_transaction, sql in seen if not sql.startswith("BEGIN"))
    if connection.vendor == "postgresql":
        assert seen[0][1].startswith("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
