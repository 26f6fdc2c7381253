"""Create the demo tournament: a living room a newcomer can walk through at once.

28 players registered, 27 present (one never came), so each position has a table of 3 besides
the tables of 4; 3 positions of 5 deals. Position 1 is fully played and signed, its table 1
being the FFT fascicule's example sheet; position 2 is under way; position 3 is still to seat.
Running the command again replaces the demo tournament with a fresh one.
"""

import datetime
import random
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs.models import Club
from clubs.services.clubs import add_arbitre, create_club
from common.actors import Actor
from seating import plan_positions
from tournaments.choices import Formula, Place
from tournaments.deal_scoring import DealResult
from tournaments.models import Position, Registration, Tournament
from tournaments.services.deals import record_deal
from tournaments.services.members import add_member
from tournaments.services.penalties import add_penalty, cancel_penalty
from tournaments.services.positions import close_position
from tournaments.services.registrations import register_player
from tournaments.services.seating import publish_seating, seat_position
from tournaments.services.sheets import confirm_bilan
from tournaments.services.tournaments import create_tournament, publish_tournament

# Every write of this command is the demo script's, as the sheets' history says.
SCRIPT = Actor.running("demo_tournament")

DEMO_NAME = "Tournoi de démonstration de la Saint-Martin"
DEMO_ARBITRE = ("arbitre", "tarot-demo")
DEMO_CLUB = ("Tarot Club Lyonnais", "Lyon")

PLAYERS = [
    ("Martin", "Claire", "Tarot Club Lyonnais"),
    ("Bernard", "Luc", "Tarot Club Lyonnais"),
    ("Dubois", "Sophie", "Les Excuses de Villeurbanne"),
    ("Thomas", "Marc", "Les Excuses de Villeurbanne"),
    ("Robert", "Isabelle", "Petit au Bout Grenoblois"),
    ("Richard", "Paul", "Petit au Bout Grenoblois"),
    ("Petit", "Nathalie", "Tarot Club Lyonnais"),
    ("Durand", "Jacques", "Cercle du 21 Saint-Étienne"),
    ("Leroy", "Anne", "Cercle du 21 Saint-Étienne"),
    ("Moreau", "Pierre", "Tarot Club Lyonnais"),
    ("Simon", "Hélène", "Les Excuses de Villeurbanne"),
    ("Laurent", "Michel", "Petit au Bout Grenoblois"),
    ("Lefebvre", "Catherine", "Cercle du 21 Saint-Étienne"),
    ("Michel", "André", "Tarot Club Lyonnais"),
    ("Garcia", "Sylvie", "Les Excuses de Villeurbanne"),
    ("David", "Philippe", "Petit au Bout Grenoblois"),
    ("Bertrand", "Monique", "Cercle du 21 Saint-Étienne"),
    ("Roux", "Gérard", "Tarot Club Lyonnais"),
    ("Vincent", "Françoise", "Les Excuses de Villeurbanne"),
    ("Fournier", "Alain", "Petit au Bout Grenoblois"),
    ("Morel", "Martine", "Cercle du 21 Saint-Étienne"),
    ("Girard", "Daniel", "Tarot Club Lyonnais"),
    ("André", "Christine", "Les Excuses de Villeurbanne"),
    ("Lefèvre", "Bernard", "Petit au Bout Grenoblois"),
    ("Mercier", "Véronique", "Cercle du 21 Saint-Étienne"),
    ("Dupont", "Jean", "Tarot Club Lyonnais"),
    ("Lambert", "Brigitte", "Les Excuses de Villeurbanne"),
    ("Bonnet", "Olivier", "Petit au Bout Grenoblois"),
]
ABSENT = 28  # the participant number of the player who never came


def _played(taker: str, contract: str, bouts: int, points: int, **primes) -> DealResult:
    """A deal played: the taker, the contract, the attack's bouts and points, then its primes."""
    return DealResult(taker=taker, contract=contract, bouts=bouts, points=points, **primes)


# The FFT fascicule's example sheet (docs/scoring.md), played at table 1 of position 1.
EXAMPLE_SHEET = [
    _played(Place.EST, "garde", 2, 49, petit_au_bout="attack", poignees={Place.EST: "simple"}),
    _played(Place.OUEST, "garde_sans", 2, 45, petit_au_bout="defense"),
    _played(Place.SUD, "prise", 1, 44, petit_au_bout="attack", poignees={Place.SUD: "simple"}),
    _played(Place.NORD, "garde", 3, 47, poignees={Place.EST: "simple"}),
    _played(
        Place.SUD,
        "garde",
        2,
        87,
        petit_au_bout="attack",
        chelem="announced_made",
        poignees={Place.SUD: "simple"},
    ),
]

# Deals that show the rarer primes, played at table 2 of position 1.
SHOWCASE = [
    _played(Place.NORD, "garde_contre", 3, 62, poignees={Place.NORD: "double"}),
    _played(Place.EST, "garde", 1, 48, petit_au_bout="defense", poignees={Place.SUD: "simple"}),
    _played(Place.SUD, "prise", 2, 38, chelem="announced_failed"),
    _played(
        Place.OUEST,
        "garde_sans",
        3,
        91,
        chelem="unannounced_made",
        poignees={Place.OUEST: "triple"},
        petit_au_bout="attack",
    ),
    _played(Place.NORD, "prise", 0, 0, chelem="defense"),
]

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
CONTRACT_WEIGHTS = {"prise": 40, "garde": 45, "garde_sans": 10, "garde_contre": 5}


def random_result(rng: random.Random, places: list[str]) -> DealResult:
    """A plausible deal: the bigger the contract, the better the hand and the result."""
    contract = rng.choices(list(CONTRACT_WEIGHTS), weights=list(CONTRACT_WEIGHTS.values()))[0]
    strength = list(CONTRACT_WEIGHTS).index(contract)
    bouts = min(3, max(0, round(rng.gauss(1.3 + 0.4 * strength, 0.8))))
    # Each bout held is worth 4½ card points, each bout missing 4½ the attack cannot have.
    lowest, highest = 5 * bouts, 91 - 5 * (3 - bouts)
    points = min(highest, max(lowest, TARGETS[bouts] + round(rng.gauss(2 + 3 * strength, 9))))
    taker = rng.choice(places)
    # At 3 a half point is common (the chien and the Excuse): 40½ is written 40.5.
    if len(places) == 3 and rng.random() < 0.3 and points < highest:
        points = Decimal(points) + Decimal("0.5")
    poignees = {}
    if rng.random() < 0.15:
        poignees[rng.choice(places)] = rng.choices(["simple", "double"], weights=[5, 1])[0]
    petit_au_bout = rng.choices([None, "attack", "defense"], weights=[14, 2, 1])[0]
    return DealResult(
        taker=taker,
        contract=contract,
        bouts=bouts,
        points=points,
        petit_au_bout=petit_au_bout,
        poignees=poignees,
    )


class Command(BaseCommand):
    help = "Crée (ou recrée) le tournoi de démonstration et le compte « arbitre »."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-absent",
            action="store_true",
            help="Ne rien faire si le tournoi de démonstration existe déjà.",
        )

    @transaction.atomic
    def handle(self, *_args, if_absent: bool = False, **_options):
        if if_absent and Tournament.objects.filter(name=DEMO_NAME).exists():
            self.stdout.write("Le tournoi de démonstration existe déjà.")
            return
        rng = random.Random(2026)
        arbitre = self.demo_arbitre()
        club = self.demo_club(arbitre)
        Tournament.objects.filter(name=DEMO_NAME).delete()
        # Every write goes through the services, so the journal tells the demo's story too.
        tournament = create_tournament(
            arbitre=arbitre,
            club=club,
            settings={
                "name": DEMO_NAME,
                "date": datetime.date(2026, 11, 11),
                "venue": "Salle des fêtes, Lyon",
                "organiser": "Tarot Club Lyonnais",
                "positions_count": 3,
                "deals_per_position": 5,
                "formula": Formula.INDIVIDUAL,
            },
            by=SCRIPT,
        )
        publish_tournament(tournament=tournament, published=True, by=SCRIPT)
        registrations = self.register_players(tournament)
        self.enrol_members(club, registrations)
        present = [r for r in registrations if r.checked_in]
        by_number = {r.number: r for r in present}
        plan = plan_positions(
            players=sorted(by_number), positions=2, teams={}, allow_five=False, history=[], seed=7
        )
        first = Position.objects.create(tournament=tournament, number=1)
        tables = seat_position(
            position=first, tables=[[by_number[n] for n in table] for table in plan[0]], by=SCRIPT
        )
        publish_seating(position=first, by=SCRIPT)
        for table in tables:
            places = [seat.place for seat in table.seats.all()]
            results = {1: EXAMPLE_SHEET, 2: SHOWCASE}.get(table.number)
            if results is None or len(places) != 4:
                results = [random_result(rng, places) for _ in range(5)]
            for number, result in enumerate(results, start=1):
                record_deal(table=table, number=number, result=result, by=SCRIPT)
        # The demo's first position is over: every player confirmed their bilan and the
        # arbitre closed it, its calls left unanswered for the room to show.
        for table in tables:
            for seat in table.seats.all():
                confirm_bilan(table=table, place=seat.place, by=SCRIPT)
        close_position(position=first, by=SCRIPT, despite_calls=True)
        # A penalty, and one cancelled, so that the register and the ranking show both.
        add_penalty(
            registration=by_number[5],
            position=first,
            points=20,
            reason="Carte exposée avant l'entame",
            by=Actor.arbitre(arbitre),
        )
        slip = add_penalty(
            registration=by_number[9],
            position=first,
            points=50,
            reason="Retard",
            by=Actor.arbitre(arbitre),
        )
        cancel_penalty(penalty=slip, by=Actor.arbitre(arbitre))

        second = Position.objects.create(tournament=tournament, number=2)
        tables = seat_position(
            position=second, tables=[[by_number[n] for n in table] for table in plan[1]], by=SCRIPT
        )
        publish_seating(position=second, by=SCRIPT)
        for table in tables:
            places = [seat.place for seat in table.seats.all()]
            played = (table.number * 2) % 6  # some tables done, others under way
            for number in range(1, min(played, 5) + 1):
                record_deal(
                    table=table, number=number, result=random_result(rng, places), by=SCRIPT
                )
            if played < 5:
                # The next deal bid but not played yet: the contract is on the sheet.
                bid = random_result(rng, places)
                record_deal(
                    table=table,
                    number=played + 1,
                    result=DealResult(taker=bid.taker, contract=bid.contract),
                    by=SCRIPT,
                )

        self.stdout.write(
            self.style.SUCCESS(
                f"Tournoi de démonstration prêt : {len(registrations)} inscrits, "
                f"{len(present)} présents. Connexion arbitre : "
                f"{DEMO_ARBITRE[0]} / {DEMO_ARBITRE[1]}"
            )
        )

    def demo_arbitre(self):
        username, password = DEMO_ARBITRE
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"first_name": "Arbitre", "last_name": "de démo"}
        )
        if created:
            user.set_password(password)
            user.save()
        return user

    def demo_club(self, arbitre) -> Club:
        """The demo's club, « Tarot Club Lyonnais », with the demo account as its arbitre."""
        name, town = DEMO_CLUB
        club = Club.objects.filter(name=name, town=town).first()
        if club is None:
            club = create_club(name=name, town=town, by=SCRIPT)
        if not club.arbitres.filter(pk=arbitre.pk).exists():
            add_arbitre(club=club, username=arbitre.get_username(), by=SCRIPT)
        return club

    def enrol_members(self, club: Club, registrations: list[Registration]) -> None:
        """The demo's players from the club itself become its members (the others are
        guests from nearby clubs)."""
        known = set(club.members.values_list("player_id", flat=True))
        for registration in registrations:
            player = registration.player
            if player.club == club.name and player.pk not in known:
                add_member(club=club, player=player, by=SCRIPT)

    def register_players(self, tournament: Tournament) -> list[Registration]:
        return [
            register_player(
                tournament=tournament,
                last_name=last_name,
                first_name=first_name,
                licence=f"0{number:02d}4{number * 37 % 1000:03d}",
                club=club,
                number=number,
                checked_in=number != ABSENT,
                by=SCRIPT,
            )
            for number, (last_name, first_name, club) in enumerate(PLAYERS, start=1)
        ]
