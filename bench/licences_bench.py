"""Benchmark of the federation's licence list (docs, « La liste des licences »): 10,000
licences imported into an empty directory, then the same list again with 100 players
changed (a name, a club, a série), each through the command's path (the file read, its
differences, the import applied). Targets: each under 10 s, and no licence held by two
players.

Run from the project folder: ``.venv/bin/python bench/licences_bench.py`` (a throwaway SQLite
file, or the database of ``DATABASE_URL``, whose directory it then leaves as it found it).
``BENCH_SIZE=small`` runs 500 licences and 20 changes, as CI does.
"""

from __future__ import annotations

import sys
import time

from benchsetup import outcome, setup_django, sized

setup_django("licences-bench")

from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.db.models import Count  # noqa: E402

from clubs.licence_files import guessed_columns, read_table  # noqa: E402
from clubs.models import Club, Player  # noqa: E402
from clubs.services.licences import import_licences  # noqa: E402
from common.actors import Actor  # noqa: E402

LICENCES, CHANGES = sized((10_000, 100), (500, 20))
TARGET_SECONDS = 10.0
SCRIPT = Actor.running("licences_bench")
SERIES = ("1re série", "2e série Pique", "2e série Cœur", "3e série", "4e série")
CATEGORIES = ("Junior", "Senior", "Vermeil", "Diamant")


def licence_list(count: int, *, changed: int = 0) -> bytes:
    """A list as the federation exports it (CSV, « ; », Excel's Windows-1252), its first
    ``changed`` players written otherwise (their club and série)."""
    lines = ["N° licence;Nom;Prénom;Club;Série;Catégorie;Sexe;Né(e) le"]
    for n in range(count):
        club = f"Club {n % 300}" if n >= changed else f"Club {(n % 300) + 1} (muté)"
        serie = SERIES[n % len(SERIES)] if n >= changed else "1re série"
        lines.append(
            f"{9_000_000 + n:07d};Joueur{n:05d};Prénom{n % 97};{club};{serie};"
            f"{CATEGORIES[n % 4]};{'FM'[n % 2]};{1 + n % 28:02d}/{1 + n % 12:02d}/{1940 + n % 60}"
        )
    return "\r\n".join(lines).encode("cp1252")


def timed_import(club: Club, content: bytes):
    start = time.perf_counter()
    table = read_table(content)
    differences = import_licences(
        club=club, table=table, columns=guessed_columns(table.headers), by=SCRIPT
    )
    return time.perf_counter() - start, differences


def main() -> int:
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Comité du banc d'essai")
    try:
        first, made = timed_import(club, licence_list(LICENCES))
        again, changed = timed_import(club, licence_list(LICENCES, changed=CHANGES))
        held = Player.objects.filter(licence__startswith="9").count()
        twice = (
            Player.objects.exclude(licence="")
            .values("licence")
            .annotate(n=Count("pk"))
            .filter(n__gt=1)
            .count()
        )
    finally:
        with transaction.atomic():
            Player.objects.filter(licence__startswith="9", licence__regex=r"^9\d{6}$").filter(
                memberships__isnull=True, registrations__isnull=True
            ).delete()
            club.delete()
    print(
        f"import de {LICENCES} licences : {first:.2f} s (objectif < {TARGET_SECONDS:.0f} s), "
        f"{len(made.new)} nouvelles"
    )
    print(
        f"réimport avec {CHANGES} changements : {again:.2f} s (objectif < "
        f"{TARGET_SECONDS:.0f} s), {len(changed.changed)} joueurs modifiés, "
        f"{len(changed.new)} nouveaux"
    )
    print(f"joueurs de la liste : {held} ; licences en double : {twice}")
    ok = (
        first < TARGET_SECONDS
        and again < TARGET_SECONDS
        and twice == 0
        and held == LICENCES
        and len(changed.changed) == CHANGES
        and not changed.new
    )
    print("OK" if ok else "MANQUÉ")
    return outcome(not ok)


if __name__ == "__main__":
    sys.exit(main())
