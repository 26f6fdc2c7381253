"""Fixtures of the tournaments' tests: a table's device (which typed the code), the other
tables of a room, and a short tournament (one deal a position) to play through."""

import pytest

from common.actors import Actor
from tests.at_the_table import grant, play, prise_by
from tests.factories import register, seat
from tournaments.services.positions import close_position


@pytest.fixture
def table_client(client, table):
    """A browser that typed the table's code."""
    return grant(client, table)


@pytest.fixture
def other_table(table):
    """Table 2 of the same position: players 5 to 8."""
    return table.position.tables.get(number=2)


@pytest.fixture
def later_table(tournament, registrations, table):  # noqa: ARG001 - position 1 seated first
    """Table 1 of position 2: the same number, another position."""
    return seat(tournament, 2, [registrations[4:], registrations[:4]])[0]


@pytest.fixture
def table_of_three(tournament, registrations):
    return seat(tournament, 3, [registrations[:3]])[0]


@pytest.fixture
def table_of_five(tournament, registrations):
    return seat(tournament, 3, [registrations[:5]])[0]


@pytest.fixture
def short_tournament(tournament):
    """Three positions of one deal each: a whole tournament in a few lines."""
    tournament.deals_per_position = 1
    tournament.save()
    return tournament


@pytest.fixture
def players(short_tournament):
    return register(short_tournament, 8)


@pytest.fixture
def first_position(short_tournament, players):
    """Position 1 played: Nord takes and wins at both tables (players 1 and 5: +87)."""
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    for table in tables:
        play(table, prise_by("N"))
    return tables


@pytest.fixture
def forced_close(short_tournament, players, arbitre):
    """Position 1 force-closed: table 1 played one deal (player 1 took, +87; players 2 to 4,
    −29), table 2 (players 5 to 8) played none."""
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    play(tables[0], prise_by("N"))
    close_position(
        position=tables[0].position, by=Actor.arbitre(arbitre), force=True, reason="Panne"
    )
    return tables
