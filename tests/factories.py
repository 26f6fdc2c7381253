"""Small rooms for the print tests, built by plain functions that module fixtures can call."""

from tests.conftest import club_tournament, register
from tournaments.models import Position
from tournaments.services.seating import seat_position


def seated_room(arbitre, *, sizes=(4, 4), **fields):
    """A published tournament, its position 1 seated at tables of ``sizes`` (players 1, 2…)."""
    tournament = club_tournament(arbitre, **fields)
    registrations = register(tournament, sum(sizes))
    position = Position.objects.create(tournament=tournament, number=1)
    groups, start = [], 0
    for size in sizes:
        groups.append(registrations[start : start + size])
        start += size
    tables = seat_position(position=position, tables=groups)
    return tournament, position, tables, registrations
