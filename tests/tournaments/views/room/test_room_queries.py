"""The room reads each kind of object once, whatever the number of tables and deals."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from common.actors import Actor
from tests.at_the_table import fill_sheet
from tests.factories import seated_room
from tournaments.services.positions import handle_call


def room_queries(client, tournament) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")
    assert response.status_code == 200
    return len(captured)


def played_room(arbitre, tables: int):
    """Position 1 at ``tables`` tables of 4, each with the FFT example's five deals (a garde
    sans and an announced chelem among them), the first table's calls answered."""
    tournament, _position, seated, _registrations = seated_room(arbitre, sizes=(4,) * tables)
    for table in seated:
        fill_sheet(table)
    for deal in seated[0].deals.all():
        if deal.contract == "garde_sans" or deal.chelem_announced:
            handle_call(deal=deal, by=Actor.arbitre(arbitre))
    return tournament


def test_the_room_costs_the_same_queries_at_2_tables_and_at_10(arbitre_client, arbitre):
    small = played_room(arbitre, 2)
    two = room_queries(arbitre_client, small)
    # The players' licences are numbered from 1 again in the larger room.
    small.delete()
    Player.objects.all().delete()
    ten = room_queries(arbitre_client, played_room(arbitre, 10))

    assert two == ten
    # The session (in the database alone: Redis stopped never logs anyone out), the user,
    # tournament, position, tables with their sheets' sums, seats with their players, the
    # deals that call the arbitre, and the calls answered with who answered them; the draw in
    # force, the next position's commitment and the tournament's halls.
    assert ten == 11
