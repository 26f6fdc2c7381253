"""Benchmark of the printed feuilles de marque: one sheet, and a 100-table position in one PDF.

Run from the project folder: ``.venv/bin/python bench/print_bench.py``. It builds a throwaway
SQLite database (a temporary file, deleted at the end) holding one tournament whose position 1
has 100 tables of 4, and prints:

- the time of one sheet (the arbitre's copy, with its QR code), target under 0.5 s;
- the time of the 100 pre-filled sheets in one PDF (the arbitre's copies printed before the
  position, what is printed 100 at a time), as the view makes it (reading the sheets, making
  their QR codes, rendering the template, WeasyPrint), and the time WeasyPrint takes for 100
  bare pages holding the same names in a plain HTML table, drawn with the same shared
  FontConfiguration, both measured in this run, alternately, and the ratio of their medians,
  target at most 1.3;
- the same 100 sheets once filled with five played deals each (for information);
- the peak memory of the 100 filled sheets' render, target under 400 MB: the peak resident set
  size (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) of a child process that imports the app,
  reads the sheets and renders them once, and does nothing else.

Times come after a warm-up (fonts loaded once per process, as in a server). The two renders
of 100 pages alternate, five times each, so that other work on the machine weighs on both,
and their medians are compared; one sheet is the best of five, the filled 100 the best of two.
The script exits with status 1 when a target is missed.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TABLES = 100
RUNS = 5
ONE_SHEET_SECONDS = 0.5
RATIO = 1.3
PEAK_MB = 400


def setup_django(database: Path) -> None:
    os.environ.pop("DATABASE_URL", None)
    os.environ["SQLITE_PATH"] = str(database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
    import django

    django.setup()


def build_position() -> None:
    """Migrate the throwaway database (set up by setup_django) and seat 100 tables of 4."""
    import datetime
    import random

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.actors import Actor
    from tournaments.models import Player, Position, Registration, Tournament
    from tournaments.services.seating import seat_position

    call_command("migrate", verbosity=0)
    arbitre = get_user_model().objects.create_user(username="arbitre", password="x")
    tournament = Tournament.objects.create(
        name="Grand tournoi de la ligue",
        date=datetime.date(2026, 11, 21),
        venue="Palais des sports",
        positions_count=5,
        deals_per_position=5,
        arbitre=arbitre,
        published=True,
    )
    rng = random.Random(9)
    last_names = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit",
                  "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefèvre", "Michel",
                  "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier", "Morel",
                  "Girard", "André", "Mercier", "Dupont", "Lambert", "Bonnet", "François",
                  "Martínez", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc", "Guérin",
                  "Müller", "Henry", "Roussel", "Nicolas", "Perrin"]  # fmt: skip
    first_names = ["Claire", "Luc", "Sophie", "Marc", "Isabelle", "Paul", "Nathalie",
                   "Jacques", "Anne", "Pierre", "Hélène", "Michel", "Catherine", "André",
                   "Sylvie", "Philippe", "Monique", "Gérard", "Françoise", "Alain"]  # fmt: skip
    players = Player.objects.bulk_create(
        Player(last_name=rng.choice(last_names), first_name=rng.choice(first_names))
        for _ in range(TABLES * 4)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, number=number, checked_in=True)
        for number, player in enumerate(players, start=1)
    )
    position = Position.objects.create(tournament=tournament, number=1)
    seat_position(
        position=position,
        tables=[registrations[i : i + 4] for i in range(0, len(registrations), 4)],
        by=Actor.running("print_bench"),
    )


def fill_position() -> None:
    """Five played deals on every sheet of position 1."""
    import random

    from tournaments.actors import Actor
    from tournaments.deal_scoring import DealResult
    from tournaments.models import Table
    from tournaments.services.deals import record_deal

    rng = random.Random(9)
    contracts = ["prise", "garde", "garde", "garde_sans", "garde_contre"]
    for table in Table.objects.filter(position__number=1):
        for number in range(1, 6):
            record_deal(
                table=table,
                number=number,
                result=DealResult(
                    taker=rng.choice("NESO"),
                    contract=rng.choice(contracts),
                    bouts=rng.randint(0, 3),
                    points=rng.randint(20, 70),
                    petit_au_bout=rng.choice([None, None, "attack", "defense"]),
                    poignees=rng.choice([None, None, {"N": "simple"}, {"E": "double"}]),
                ),
                by=Actor.running("print_bench"),
            )


def access_url(table) -> str:
    return f"https://tarot.example.org/tables/{table.pk}/acces/?code={table.code}"


def render_sheets(tables) -> bytes:
    """What the view does for « all the sheets of a position »: read, render, draw."""
    from tournaments.prints.pdf import render_pdf
    from tournaments.prints.sheets import printed_sheets, sheets_document

    context, stamps = sheets_document(printed_sheets(tables, access_url=access_url))
    return render_pdf("prints/sheets.html", context, stamps=stamps)


def bare_pages(tables) -> str:
    """100 bare pages: each table's four names in a plain HTML table, one table per page."""
    from django.utils.html import escape

    pages = []
    for table in tables.prefetch_related("seats__registration__player").order_by("number"):
        rows = "".join(
            f"<tr><td>{seat.place}</td><td>{escape(str(seat.registration.player))}</td></tr>"
            for seat in table.seats.all()
        )
        pages.append(f'<table style="break-after: page">{rows}</table>')
    return "<!doctype html><html><body>" + "".join(pages) + "</body></html>"


def best_of(runs: int, action) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def child_peak(database: Path) -> None:
    """In the child process: render the 100 sheets once, print the peak RSS in MB."""
    setup_django(database)
    from tournaments.models import Table

    pdf = render_sheets(Table.objects.filter(position__number=1))
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(f"{peak_kb / 1024:.1f} {len(pdf)}")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="print-bench-") as folder:
        database = Path(folder) / "bench.sqlite3"
        setup_django(database)
        start = time.perf_counter()
        build_position()
        seconds = time.perf_counter() - start
        print(f"Données : {TABLES} tables de 4 ({seconds:.1f} s)")

        from weasyprint import HTML

        from tournaments.models import Table
        from tournaments.prints.pdf import shared_fonts

        def bare_pdf() -> bytes:
            return HTML(string=bare_html).write_pdf(font_config=shared_fonts())

        tables = Table.objects.filter(position__number=1)
        one = tables.filter(number=1)
        bare_html = bare_pages(tables)

        # Warm-up: fonts and stylesheet loaded once per process, as in a running server.
        render_sheets(one)
        bare_pdf()

        one_sheet, _pdf = best_of(5, lambda: render_sheets(one))
        sheets_times, bare_times = [], []
        for _ in range(RUNS):  # alternate, so that a busy moment weighs on both
            seconds, pdf = best_of(1, lambda: render_sheets(tables))
            sheets_times.append(seconds)
            seconds, bare = best_of(1, bare_pdf)
            bare_times.append(seconds)
        sheets_seconds = statistics.median(sheets_times)
        bare_seconds = statistics.median(bare_times)
        ratio = sheets_seconds / bare_seconds

        fill_position()
        filled_one, _pdf = best_of(5, lambda: render_sheets(one))
        filled_seconds, filled_pdf = best_of(2, lambda: render_sheets(tables))

        child = subprocess.run(
            [sys.executable, __file__, "--child", str(database)],
            capture_output=True,
            text=True,
            check=True,
        )
        peak_mb, child_bytes = child.stdout.split()

    failures = []
    print(f"Une feuille pré-remplie (copie de l'arbitre)    : {one_sheet:.3f} s"
          f"  (cible < {ONE_SHEET_SECONDS} s)")  # fmt: skip
    print(f"Une feuille remplie (5 donnes)                  : {filled_one:.3f} s"
          f"  (cible < {ONE_SHEET_SECONDS} s)")  # fmt: skip
    print(f"{TABLES} feuilles pré-remplies en un PDF ({len(pdf) // 1024} Ko) : "
          f"{sheets_seconds:.2f} s  (médiane ; meilleur {min(sheets_times):.2f} s)")  # fmt: skip
    print(f"{TABLES} pages nues, mêmes noms ({len(bare) // 1024} Ko)         : {bare_seconds:.2f} s"
          f"  (médiane ; meilleur {min(bare_times):.2f} s)")  # fmt: skip
    print(f"Rapport feuilles / pages nues                   : {ratio:.2f}  (cible ≤ {RATIO})")
    print(f"{TABLES} feuilles remplies en un PDF ({len(filled_pdf) // 1024} Ko)  : "
          f"{filled_seconds:.2f} s  (rapport {filled_seconds / bare_seconds:.2f})")  # fmt: skip
    print(f"Mémoire maximale, {TABLES} feuilles remplies      : {float(peak_mb):.0f} Mo"
          f"  (RSS maximal d'un processus fils, getrusage ; cible < {PEAK_MB} Mo)")  # fmt: skip
    if max(one_sheet, filled_one) >= ONE_SHEET_SECONDS:
        failures.append("une feuille")
    if ratio > RATIO:
        failures.append("rapport")
    if float(peak_mb) >= PEAK_MB:
        failures.append("mémoire")
    if int(child_bytes) < len(filled_pdf) // 2:
        failures.append("PDF du processus fils")
    if failures:
        print("Cible manquée : " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child_peak(Path(sys.argv[2]))
        sys.exit(0)
    sys.exit(main())
