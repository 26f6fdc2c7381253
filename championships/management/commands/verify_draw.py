"""``manage.py verify_draw <tournament> [<position>]``: every revealed draw re-derived from its
public data alone (docs/tirage.md), every published seating compared with the draw that made
it and the hand swaps made after it. Exit 0 when everything matches, 1 naming each
difference."""

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from championships.selectors.draws import verify_draws
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Vérifie les tirages du placement d'un tournoi à partir de leurs seules données publiques."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int, help="n° du tournoi")
        parser.add_argument("position", type=int, nargs="?", help="une seule position")

    def handle(self, *_args, **options):
        try:
            tournament = Tournament.objects.get(pk=options["tournament"])
        except Tournament.DoesNotExist as error:
            raise CommandError(f"Pas de tournoi n° {options['tournament']}.") from error
        started = time.perf_counter()
        result = verify_draws(tournament=tournament, number=options["position"])
        seconds = time.perf_counter() - started
        for difference in result.differences:
            self.stderr.write(difference)
        if result.differences:
            self.stderr.write(
                f"{len(result.differences)} différence(s) sur {result.checked} tirage(s) "
                f"vérifié(s) en {seconds:.1f} s."
            )
            sys.exit(1)
        self.stdout.write(
            f"{result.checked} tirage(s) vérifié(s) en {seconds:.1f} s : chaque placement "
            "publié est celui de son tirage."
        )
