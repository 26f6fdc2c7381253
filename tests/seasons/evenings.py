"""The club's evenings the season tests play: real tournaments, deals through the services."""

import datetime

from clubs.models import Player
from tests.at_the_table import play, prise_by
from tests.factories import seat
from tournaments.models import Registration, Tournament


def evening(club, arbitre, day: int, people, *, takers=("N",), published=True, month=10):
    """A one-position evening of ``club`` on ``day`` ``month`` 2026: ``people`` (a multiple of
    4) at tables of 4 in that order, each table playing one prise of 55 by each of ``takers``
    (the taker marks +87, each defender −29)."""
    tournament = Tournament.objects.create(
        name=f"Soirée du {day}/{month}",
        date=datetime.date(2026, month, day),
        positions_count=1,
        deals_per_position=max(len(takers), 1),
        arbitre=arbitre,
        club=club,
        published=published,
    )
    registrations = [
        Registration.objects.create(tournament=tournament, player=player, number=n, checked_in=True)
        for n, player in enumerate(people, start=1)
    ]
    tables = seat(tournament, 1, [registrations[i : i + 4] for i in range(0, len(people), 4)])
    for table in tables:
        play(table, *[prise_by(taker) for taker in takers])
    return tournament


PEOPLE = ["Abel", "Bernard", "Chrétien", "Dupont", "Évrard", "Faure", "Girard", "Hugo"]


def make_people() -> list[Player]:
    """Eight players, Abel to Hugo, each with a licence."""
    return [
        Player.objects.create(last_name=name, first_name="Prénom", licence=f"0{n:06d}")
        for n, name in enumerate(PEOPLE, start=1)
    ]
