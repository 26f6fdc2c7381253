"""Benchmark of the prints of a 400-player event: the feuilles de marque (one sheet, and a
100-table position in one PDF), the seating plan and the player cards.

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
- the seating plan of the 100 tables (``plan.pdf``: by table, then every player by name) and
  the 400 player cards (``cartes.pdf``, 8 a page), each against WeasyPrint drawing bare pages
  of the same count holding the same words in a plain HTML table, alternately, target at most
  1.5 times; the plan's file under 1 MB;
- the same 100 sheets once filled with five played deals each, against the 100 bare pages,
  target at most 1.5 times;
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
BIG_RATIO = 1.5
PLAN_BYTES = 1024 * 1024
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

    from clubs.actors import Actor
    from clubs.models import Club, Player
    from tournaments.models import Position, Registration, Tournament
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
        club=Club.objects.get_or_create(name="Club du banc d'essai")[0],
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

    from clubs.actors import Actor
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


def player_url(tournament, number: int) -> str:
    return f"https://tarot.example.org/tournois/{tournament.pk}/joueurs/{number}/"


def render_plan() -> bytes:
    """What the view does for a position's plan: read, render, draw."""
    from tournaments.models import Position
    from tournaments.prints.pdf import render_pdf
    from tournaments.prints.plan import printed_plan, table_sizes_label

    position = Position.objects.select_related("tournament").get(number=1)
    plan = printed_plan(position)
    context = {"plan": plan, "tournament": position.tournament, "sizes": table_sizes_label(plan)}
    return render_pdf("prints/plan.html", context)


def render_cards() -> bytes:
    """What the view does for the player cards: read, make the QR codes, render, draw."""
    from tournaments.models import Tournament
    from tournaments.prints.cards import cards_document, printed_cards
    from tournaments.prints.pdf import render_pdf

    tournament = Tournament.objects.get()
    cards = printed_cards(tournament, player_url=lambda number: player_url(tournament, number))
    context, stamps = cards_document(cards, tournament)
    return render_pdf("prints/cards.html", context, stamps=stamps)


def plan_words() -> list[str]:
    """The words of the plan: each seat by table, then each player with their table."""
    from tournaments.models import Seat

    seats = list(
        Seat.objects.filter(position__number=1)
        .select_related("registration__player", "table")
        .order_by("table__number", "place")
    )
    return [
        f"{seat.place} {seat.registration.player} n° {seat.registration.number}" for seat in seats
    ] + [
        f"{seat.registration.player} n° {seat.registration.number} table {seat.table.number}"
        for seat in seats
    ]


def card_words() -> list[str]:
    """The words of the cards: each player's name, number, seats and page."""
    from tournaments.models import Registration, Tournament

    tournament = Tournament.objects.get()
    words = []
    for registration in Registration.objects.select_related("player").prefetch_related(
        "seats__table"
    ):
        words.append(f"{registration.player} n° {registration.number}")
        words.extend(f"table {seat.table.number} {seat.place}" for seat in registration.seats.all())
        words.append(player_url(tournament, registration.number))
    return words


def bare_document(words: list[str], pages: int) -> str:
    """``pages`` bare pages sharing ``words`` out, one plain HTML table a page."""
    from django.utils.html import escape

    per_page = -(-len(words) // pages)
    tables = [
        '<table style="break-after: page">'
        + "".join(f"<tr><td>{escape(line)}</td></tr>" for line in words[start : start + per_page])
        + "</table>"
        for start in range(0, len(words), per_page)
    ]
    return "<!doctype html><html><body>" + "".join(tables) + "</body></html>"


def page_count(pdf: bytes) -> int:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True, check=True)
    return int(
        next(line.split()[1] for line in info.stdout.splitlines() if line.startswith("Pages:"))
    )


def against_bare(render, bare_html: str, runs: int) -> tuple[float, float, bytes]:
    """The medians of ``render`` and of WeasyPrint drawing ``bare_html``, measured
    alternately ``runs`` times each, and the PDF rendered."""
    from weasyprint import HTML

    from tournaments.prints.pdf import shared_fonts

    times, bare_times = [], []
    pdf = b""
    for _ in range(runs):
        start = time.perf_counter()
        pdf = render()
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        HTML(string=bare_html).write_pdf(font_config=shared_fonts())
        bare_times.append(time.perf_counter() - start)
    return statistics.median(times), statistics.median(bare_times), pdf


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

        plan_pdf = render_plan()
        plan_pages = page_count(plan_pdf)
        plan_seconds, plan_bare, plan_pdf = against_bare(
            render_plan, bare_document(plan_words(), plan_pages), 3
        )
        cards_pdf = render_cards()
        card_pages = page_count(cards_pdf)
        cards_seconds, cards_bare, cards_pdf = against_bare(
            render_cards, bare_document(card_words(), card_pages), 3
        )

        fill_position()
        filled_one, _pdf = best_of(5, lambda: render_sheets(one))
        filled_seconds, filled_bare, filled_pdf = against_bare(
            lambda: render_sheets(tables), bare_html, 3
        )

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
          f"{filled_seconds:.2f} s ; {TABLES} pages nues {filled_bare:.2f} s ; "
          f"rapport {filled_seconds / filled_bare:.2f}  (cible ≤ {BIG_RATIO})")  # fmt: skip
    print(f"Plan, {plan_pages} pages ({len(plan_pdf) // 1024} Ko)              : "
          f"{plan_seconds:.2f} s ; {plan_pages} pages nues {plan_bare:.2f} s ; "
          f"rapport {plan_seconds / plan_bare:.2f}  (cible ≤ {BIG_RATIO}, "
          f"< {PLAN_BYTES // 1024} Ko)")  # fmt: skip
    print(f"Cartes, {card_pages} pages ({len(cards_pdf) // 1024} Ko)            : "
          f"{cards_seconds:.2f} s ; {card_pages} pages nues {cards_bare:.2f} s ; "
          f"rapport {cards_seconds / cards_bare:.2f}  (cible ≤ {BIG_RATIO})")  # fmt: skip
    print(f"Mémoire maximale, {TABLES} feuilles remplies      : {float(peak_mb):.0f} Mo"
          f"  (RSS maximal d'un processus fils, getrusage ; cible < {PEAK_MB} Mo)")  # fmt: skip
    if max(one_sheet, filled_one) >= ONE_SHEET_SECONDS:
        failures.append("une feuille")
    if ratio > RATIO:
        failures.append("rapport")
    failures += [
        f"rapport {name}"
        for name, seconds, bare in (
            ("feuilles remplies", filled_seconds, filled_bare),
            ("plan", plan_seconds, plan_bare),
            ("cartes", cards_seconds, cards_bare),
        )
        if seconds > BIG_RATIO * bare
    ]
    if len(plan_pdf) >= PLAN_BYTES:
        failures.append("taille du plan")
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
