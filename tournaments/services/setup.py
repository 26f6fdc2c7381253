"""The arbitre's set-up: seating the players of a position."""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import PLACES_BY_TABLE_SIZE, Deal, Position, Registration, Seat, Table


class SetupRefused(ValueError):
    """A set-up step the tournament cannot take, with the reason in French."""

    def __init__(self, message: str, *, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


@transaction.atomic
def seat_position(*, position: Position, tables: Sequence[Sequence[Registration]]) -> list[Table]:
    """Seat the players of one position, a table per list, in seat order (Nord, Est, ...).

    Replaces any seating the position had, which is only allowed while no deal was played.
    """
    if Deal.objects.filter(table__position=position).exists():
        raise SetupRefused(
            _("Des donnes ont déjà été jouées dans cette position : son placement est figé."),
            code="position_played",
        )
    position.tables.all().delete()
    created = []
    for number, players in enumerate(tables, start=1):
        if len(players) not in PLACES_BY_TABLE_SIZE:
            raise SetupRefused(
                _("Une table compte 3, 4 ou 5 joueurs, pas %(count)s.") % {"count": len(players)},
                code="table_size",
            )
        table = Table.objects.create(position=position, number=number)
        Seat.objects.bulk_create(
            Seat(position=position, table=table, place=place, registration=registration)
            for place, registration in zip(PLACES_BY_TABLE_SIZE[len(players)], players, strict=True)
        )
        created.append(table)
    return created
