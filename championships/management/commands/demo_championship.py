"""Create the demo championship: a federation's event in small, every stage played.

64 players, all present, in two halls (« Salle Lumière », tables 1 to 8; « Salle Gerland »,
tables 9 to 16), with an arbitre de salle and a pointeur; a « Qualification » of 3 positions,
then a « Finale » of 2 positions for the first 32 (every ex aequo at the line with them), who
carry half their qualification total over. Every position is seated by the generator with no
repeat meeting over the event, played, signed and closed, through the services, so that the
journal tells its story. Running the command again replaces the demo championship with a
fresh one.
"""

import datetime
import random
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from championships.models import TournamentRole
from championships.services.draws import commit_draw, enter_room_seed
from championships.services.halls import add_hall, give_role
from championships.services.stages import add_stage, update_stage
from common.actors import Actor
from tournaments.choices import Formula
from tournaments.management.commands.demo_tournament import DEMO_ARBITRE, random_result
from tournaments.management.commands.demo_tournament import Command as DemoTournament
from tournaments.models import Tournament
from tournaments.services.deals import record_deal
from tournaments.services.positions import close_position
from tournaments.services.registrations import register_player
from tournaments.services.seating import plan_position, publish_seating
from tournaments.services.sheets import confirm_bilan
from tournaments.services.tournaments import create_tournament, publish_tournament

SCRIPT = Actor.running("demo_championship")

DEMO_NAME = "Championnat de démonstration du comité du Lyonnais"
PLAYERS = 64
DEALS = 4
QUALIFIED = 32

LAST_NAMES = [
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand",
    "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David",
    "Bertrand", "Roux", "Vincent", "Fournier", "Morel", "Girard", "André", "Lefèvre",
    "Mercier", "Dupont", "Lambert", "Bonnet", "François", "Martinez", "Legrand", "Garnier",
]  # fmt: skip
FIRST_NAMES = [
    "Claire", "Luc", "Sophie", "Marc", "Isabelle", "Paul", "Nathalie", "Jacques",
    "Anne", "Pierre", "Hélène", "Michel", "Catherine", "André", "Sylvie", "Philippe",
]  # fmt: skip
CLUBS = [
    "Tarot Club Lyonnais",
    "Les Excuses de Villeurbanne",
    "Petit au Bout Grenoblois",
    "Cercle du 21 Saint-Étienne",
]


class Command(BaseCommand):
    help = "Crée (ou recrée) le championnat de démonstration : qualification, puis finale."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-absent",
            action="store_true",
            help="Ne rien faire si le championnat de démonstration existe déjà.",
        )

    @transaction.atomic
    def handle(self, *_args, if_absent: bool = False, **_options):
        if if_absent and Tournament.objects.filter(name=DEMO_NAME).exists():
            self.stdout.write("Le championnat de démonstration existe déjà.")
            return
        demo = DemoTournament()
        arbitre = demo.demo_arbitre()
        club = demo.demo_club(arbitre)
        # A hall's role protects the hall (TournamentRole.hall): the roles go first.
        TournamentRole.objects.filter(tournament__name=DEMO_NAME).delete()
        Tournament.objects.filter(name=DEMO_NAME).delete()
        tournament = create_tournament(
            arbitre=arbitre,
            club=club,
            settings={
                "name": DEMO_NAME,
                "date": datetime.date(2026, 11, 15),
                "venue": "Palais des sports, Villeurbanne",
                "organiser": "Comité du Lyonnais",
                "positions_count": 5,
                "deals_per_position": DEALS,
                "formula": Formula.INDIVIDUAL,
                "homologable": True,
            },
            by=SCRIPT,
        )
        publish_tournament(tournament=tournament, published=True, by=SCRIPT)
        for number in range(1, PLAYERS + 1):
            register_player(
                tournament=tournament,
                last_name=LAST_NAMES[(number - 1) % len(LAST_NAMES)],
                # Each of the 64 (last name, first name) pairs once.
                first_name=FIRST_NAMES[((number - 1) // 32 + number - 1) % len(FIRST_NAMES)],
                licence=f"{690000 + number * 13}",
                club=CLUBS[number % len(CLUBS)],
                number=number,
                checked_in=True,
                by=SCRIPT,
            )
        demo_team(tournament)
        qualification = add_stage(
            tournament=tournament, name="Qualification", positions_count=3, by=SCRIPT
        )
        add_stage(
            tournament=tournament,
            name="Finale",
            positions_count=2,
            carry_over=Fraction(1, 2),
            by=SCRIPT,
        )
        update_stage(
            stage=qualification,
            name=qualification.name,
            positions_count=3,
            cut=QUALIFIED,
            by=SCRIPT,
        )
        rng = random.Random(2024)
        for number in range(1, 6):
            play_position(tournament, number, rng=rng, by=SCRIPT)
        self.stdout.write(
            self.style.SUCCESS(
                f"Championnat de démonstration prêt : {PLAYERS} joueurs, qualification en 3 "
                f"positions, finale en 2 positions pour les {QUALIFIED} premiers."
            )
        )


# The demo's two halls (16 tables of 4 in the qualification) and its team: an arbitre de salle
# for the first hall and a pointeur, each with the demo arbitre's password. Each a person's
# name: the journal names them by their role already (« Pointeur : Paul Girard »).
HALLS = [("Salle Lumière", 1, 8), ("Salle Gerland", 9, 16)]
TEAM = [
    ("salle-lumiere", "Lucie", "Marchand", "salle"),
    ("pointeur", "Paul", "Girard", "pointeur"),
]


def demo_team(tournament: Tournament) -> None:
    """The championship's halls, and the accounts given a role in it."""
    halls = [
        add_hall(tournament=tournament, name=name, first_table=first, last_table=last, by=SCRIPT)
        for name, first, last in HALLS
    ]
    _username, password = DEMO_ARBITRE
    for username, first_name, last_name, role in TEAM:
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"first_name": first_name, "last_name": last_name}
        )
        if created:
            user.set_password(password)
            user.save()
        hall = halls[0] if role == "salle" else None
        give_role(tournament=tournament, username=username, role=role, hall=hall, by=SCRIPT)


def play_position(tournament: Tournament, number: int, *, rng: random.Random, by: Actor):
    """Seat position ``number``, publish it, play every deal of every table, have every
    player confirm their bilan, and close it: a position as a room plays it (its calls
    answered at the tables, not in the app)."""
    # The draw's commitment first (shown, journalled), as the placement page asks for it,
    # then the room seed: six dice thrown in the room.
    commit_draw(tournament=tournament, number=number, by=by)
    dice = "".join(str(rng.randint(1, 6)) for _ in range(6))
    enter_room_seed(tournament=tournament, number=number, room_seed=dice, by=by)
    position = plan_position(tournament=tournament, number=number, by=by)
    publish_seating(position=position, by=by)
    for table in position.tables.prefetch_related("seats"):
        places = [seat.place for seat in table.seats.all()]
        for deal in range(1, tournament.deals_per_position + 1):
            record_deal(table=table, number=deal, result=random_result(rng, places), by=by)
        for place in places:
            confirm_bilan(table=table, place=place, by=by)
    return close_position(position=position, by=by, despite_calls=True)
