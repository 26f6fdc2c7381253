"""Create the demo club's autumn: 6 evenings over two months, 30 members, two seasons.

The club is the demo tournament's, « Tarot Club Lyonnais », and its arbitre the demo account.
30 members, each evening 16 to 24 of them (never all; two come only once or twice), 2
positions of 4 deals at tables of 4, every position closed (the sheets signed on paper). Two
seasons over them: « Challenge d'automne » (« Points de place », the best 4 evenings, at least
3 to be ranked; the six evenings ticked one by one) and « Saison 2026–2027 » (« Cumul », every
published evening in its dates, the demo tournament included). Every write goes through the
services, so the journals tell the story. Run by ``./dev serve`` after ``demo_tournament``;
« --if-absent » keeps a demo club already there.
"""

import datetime
import random

from django.core.management.base import BaseCommand
from django.db import transaction

from common.actors import Actor
from seasons.models import Method
from seasons.services.seasons import create_season
from tournaments.management.commands.demo_tournament import (
    PLAYERS,
    random_result,
)
from tournaments.management.commands.demo_tournament import (
    Command as DemoTournament,
)
from tournaments.models import Position, Tournament
from tournaments.services.deals import record_deal
from tournaments.services.members import add_member
from tournaments.services.positions import close_position
from tournaments.services.registrations import register_player
from tournaments.services.seating import publish_seating, seat_position
from tournaments.services.tournaments import create_tournament, publish_tournament

SCRIPT = Actor.running("demo_club")

MEMBERS = [*PLAYERS, ("Chevalier", "Agnès", "Tarot Club Lyonnais"), ("Noël", "Yves", "")]
EVENINGS = [
    datetime.date(2026, 9, 8),
    datetime.date(2026, 9, 15),
    datetime.date(2026, 9, 29),
    datetime.date(2026, 10, 13),
    datetime.date(2026, 10, 20),
    datetime.date(2026, 11, 3),
]
PRESENT = [20, 16, 24, 20, 16, 20]  # players each evening: tables of 4
# Two members who come seldom (their number in MEMBERS, the evenings they come to): fewer than
# the Challenge's 3 evenings, they are listed apart, below its minimum.
OCCASIONAL = {29: (0, 3), 30: (5,)}
POSITIONS, DEALS = 2, 4
CHALLENGE = "Challenge d'automne"
SEASON = "Saison 2026–2027"


def licence(number: int) -> str:
    """The demo tournament's licences, so that its players are the club's members."""
    return f"0{number:02d}4{number * 37 % 1000:03d}"


class Command(BaseCommand):
    help = "Crée le club de démonstration : 6 soirées, 30 membres, deux saisons."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-absent",
            action="store_true",
            help="Ne rien faire si les saisons de démonstration existent déjà.",
        )

    @transaction.atomic
    def handle(self, *_args, if_absent: bool = False, **_options):
        demo = DemoTournament()
        arbitre = demo.demo_arbitre()
        club = demo.demo_club(arbitre)
        if if_absent and club.seasons.filter(name=CHALLENGE).exists():
            self.stdout.write("Le club de démonstration existe déjà.")
            return
        club.seasons.all().delete()
        Tournament.objects.filter(club=club, name__startswith="Soirée du club").delete()
        rng = random.Random(21)
        players = {}
        evenings = []
        regulars = [number for number in range(1, len(MEMBERS) + 1) if number not in OCCASIONAL]
        for index, (day, present) in enumerate(zip(EVENINGS, PRESENT, strict=True)):
            members = [number for number, days in OCCASIONAL.items() if index in days]
            members += rng.sample(regulars, present - len(members))
            registrations = self.play_evening(club, arbitre, day, members, rng, seed=index)
            evenings.append(registrations[0].tournament)
            for registration in registrations:
                players[registration.player_id] = registration.player
        known = set(club.members.values_list("player_id", flat=True))
        for player_id, player in sorted(players.items()):
            if player_id not in known:
                add_member(club=club, player=player, by=SCRIPT)
        create_season(
            club=club,
            name=CHALLENGE,
            start=datetime.date(2026, 9, 1),
            end=datetime.date(2026, 11, 30),
            method=Method.PLACE_POINTS,
            best=4,
            minimum=3,
            # The club's six evenings ticked one by one: the demo tournament of 11 November,
            # still under way, is not the club's challenge (the other season counts it).
            tournaments=evenings,
            by=SCRIPT,
        )
        create_season(
            club=club,
            name=SEASON,
            start=datetime.date(2026, 9, 1),
            end=datetime.date(2027, 6, 30),
            method=Method.CUMUL,
            by=SCRIPT,
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Club de démonstration prêt : {len(EVENINGS)} soirées, {len(MEMBERS)} membres, "
                f"saisons « {CHALLENGE} » et « {SEASON} »."
            )
        )

    def play_evening(self, club, arbitre, day, members, rng, *, seed):
        tournament = create_tournament(
            arbitre=arbitre,
            club=club,
            settings={
                "name": f"Soirée du club du {day:%d/%m}",
                "date": day,
                "venue": "Local du club, Lyon",
                "organiser": club.name,
                "positions_count": POSITIONS,
                "deals_per_position": DEALS,
            },
            by=SCRIPT,
        )
        publish_tournament(tournament=tournament, published=True, by=SCRIPT)
        registrations = [
            register_player(
                tournament=tournament,
                last_name=MEMBERS[number - 1][0],
                first_name=MEMBERS[number - 1][1],
                licence=licence(number),
                club=MEMBERS[number - 1][2],
                checked_in=True,
                by=SCRIPT,
            )
            for number in members
        ]
        for number in range(1, POSITIONS + 1):
            order = registrations[:]
            random.Random(seed * 10 + number).shuffle(order)
            position = Position.objects.create(tournament=tournament, number=number)
            tables = seat_position(
                position=position,
                tables=[order[start : start + 4] for start in range(0, len(order), 4)],
                by=SCRIPT,
            )
            publish_seating(position=position, by=SCRIPT)
            for table in tables:
                places = [seat.place for seat in table.seats.all()]
                for deal in range(1, DEALS + 1):
                    record_deal(
                        table=table, number=deal, result=random_result(rng, places), by=SCRIPT
                    )
            # The club's sheets are signed on paper: the arbitre closes the position with that
            # reason rather than every player confirming on a phone (seconds saved, not meaning).
            close_position(
                position=position,
                by=SCRIPT,
                force=True,
                reason="Feuilles signées sur papier",
                despite_calls=True,
            )
        return registrations
