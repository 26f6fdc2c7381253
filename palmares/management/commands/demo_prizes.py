"""Give the demo championship its prize table, so that ``./dev serve`` shows a prize list at
once: 70 % of its takings (64 players at 15 €), eight places, two prizes for the ladies and
one for the young, shared between ex aequo.

Some demo players get what the federation's licence list would say of them: the ladies'
sex (« F », by their first names), two juniors, and one young player known by their date of
birth alone. Unless the play left a paid place shared, one finalist is given a penalty that
ties them with the next player, so that the list shows a shared place. Running
it again gives a fresh table (the championship untouched); ``--if-absent`` leaves a table
that exists.
"""

from decimal import Decimal
from itertools import pairwise

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from championships.management.commands.demo_championship import DEMO_NAME
from clubs.models import Player
from common.actors import Actor
from palmares.models import Category, PotKind, PrizeTable, TieRule
from palmares.selectors.prize_lists import prize_list
from palmares.services.prize_tables import RowSpec, set_prize_table
from tournaments.models import Tournament
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.penalties import add_penalty

SCRIPT = Actor.running("demo_prizes")

LADIES = {"Claire", "Sophie", "Isabelle", "Nathalie", "Anne", "Hélène", "Catherine", "Sylvie"}
JUNIORS = (7, 22)  # registration numbers: their catégorie is « Junior »
BORN_YOUNG = 41  # no catégorie, born 16 years before the championship
PLACES = (25, 18, 13, 10, 8, 6, 5, 4)  # per cent of the pot, the 1st place first
CATEGORY_ROWS = ((Category.LADIES, 4), (Category.LADIES, 3), (Category.YOUNG, 4))
FEE = Decimal("15.00")
PERCENT = Decimal("70")


class Command(BaseCommand):
    help = "Donne au championnat de démonstration son tableau des prix (et un ex æquo payé)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-absent",
            action="store_true",
            help="Ne rien faire si le championnat de démonstration a déjà son tableau des prix.",
        )

    @transaction.atomic
    def handle(self, *_args, if_absent: bool = False, **_options):
        tournament = Tournament.objects.filter(name=DEMO_NAME).first()
        if tournament is None:
            raise CommandError("Pas de championnat de démonstration : manage.py demo_championship")
        if if_absent and PrizeTable.objects.filter(tournament=tournament).exists():
            self.stdout.write("Le championnat de démonstration a déjà son tableau des prix.")
            return
        PrizeTable.objects.filter(tournament=tournament).delete()
        describe_players(tournament)
        rows = [RowSpec(category=Category.SCRATCH, value=Decimal(share)) for share in PLACES]
        rows += [RowSpec(category=c, value=Decimal(share)) for c, share in CATEGORY_ROWS]
        table = set_prize_table(
            tournament=tournament,
            pot_kind=PotKind.TAKINGS,
            fee=FEE,
            percent=PERCENT,
            ties=TieRule.SHARE,
            one_prize_each=True,
            rows=rows,
            by=SCRIPT,
        )
        tie_a_paid_place(table)
        self.stdout.write(
            self.style.SUCCESS(
                "Tableau des prix du championnat de démonstration prêt : 70 % des recettes, "
                "8 places, 2 prix pour les dames, 1 pour les jeunes."
            )
        )


def describe_players(tournament: Tournament) -> None:
    """What the licence list says of the demo players: sex, juniors, a date of birth."""
    for registration in tournament.registrations.select_related("player"):
        player: Player = registration.player
        player.sex = "F" if player.first_name in LADIES else "M"
        if registration.number in JUNIORS:
            player.categorie = "Junior"
        if registration.number == BORN_YOUNG:
            player.born_on = tournament.date.replace(year=tournament.date.year - 16)
        player.save(update_fields=["sex", "categorie", "born_on"])


def tie_a_paid_place(table: PrizeTable) -> None:
    """Unless a place prize is already shared, the two closest players among the paid places
    are tied (the upper one penalised by the gap, at the last position): the demo shows a
    shared prize. The draws are new at each run (their secret), so the totals are too: the
    closest pairs are tried in turn until the list shows the shared place."""
    tournament = table.tournament
    ranked = [p for p in tournament_ranking(tournament).players if p.rank is not None]
    paid = ranked[: len(PLACES) + 1]
    gaps = sorted(
        ((upper.total - lower.total, upper) for upper, lower in pairwise(paid)),
        key=lambda pair: pair[0],
    )
    last = tournament.positions.order_by("-number").first()
    for gap, upper in gaps:
        if shares_a_place(table):
            return
        if gap <= 0 or gap != int(gap):
            continue
        add_penalty(
            registration=upper.registration,
            position=last,
            points=int(gap),
            reason="Retard à la reprise (démonstration : un ex æquo sur une place payée)",
            # Only the arbitre gives a penalty: the demo's own account.
            by=Actor.arbitre(tournament.arbitre),
        )


def shares_a_place(table: PrizeTable) -> bool:
    shown = prize_list(PrizeTable.objects.get(pk=table.pk))
    return any(line.shared_with and "place" in line.label for line in shown.paid)
