"""Reads of a tournament's positions themselves: the list, one by its number, and whether one
is seated (its tables drawn) or under way (a deal recorded at one of its tables)."""

from tournaments.models import Position, Tournament


def tournament_positions(tournament: Tournament) -> list[Position]:
    """The positions the tournament has so far, in order."""
    return list(tournament.positions.order_by("number"))


def position_numbered(*, tournament: Tournament, number: int) -> Position | None:
    return tournament.positions.filter(number=number).first()


def is_seated(*, tournament: Tournament, number: int) -> bool:
    """Whether position ``number`` has its tables (one query)."""
    return tournament.positions.filter(number=number, tables__isnull=False).exists()


def is_played(position: Position) -> bool:
    """Whether a deal is recorded at one of the position's tables."""
    return position.tables.filter(deals__isnull=False).exists()
