"""Small rooms for the print tests, built by plain functions that module fixtures can call."""

import datetime

from tests.conftest import register
from tournaments.models import Position, Tournament
from tournaments.services.setup import seat_position


def club_tournament(arbitre, **fields) -> Tournament:
    return Tournament.objects.create(
        name="Tournoi du club",
        date=datetime.date(2026, 11, 21),
        venue="Salle des fêtes",
        positions_count=3,
        deals_per_position=5,
        arbitre=arbitre,
        published=True,
        **fields,
    )


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
