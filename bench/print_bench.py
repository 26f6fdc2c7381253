"""Benchmark of the prints of a 400-player event: the feuilles de marque (one sheet, and a
100-table position in one PDF), the seating plan and the player cards.

Run from the project folder: ``.venv/bin/python bench/print_bench.py``. It builds a throwaway
SQLite database (a temporary file, deleted at the end) holding one tournament whose position 1
has 100 tables of 4, and prints:

- the time of one sheet (the arbitre's copy, with its QR code), target under 0.5 s;
- the time of the 100 pre-filled sheets in one PDF (the arbitre's copies printed before the
  position, what is printed 100 at a time), as the view makes it (reading the sheets, making
  their QR codes, rendering the template, WeasyPrint), against WeasyPrint drawing 100 bare
  pages holding the same names in a plain HTML table, target at most 1.3 times;
- the seating plan of the 100 tables (``plan.pdf``: by table, then every player by name) and
  the 400 player cards (``cartes.pdf``, 8 a page), each against WeasyPrint drawing bare pages
  of the same count holding the same words in a plain HTML table (for the cards, each card's
  own words: its name, who the player is, its line for each position and its address), target
  at most 1.5 times; the plan's file under 1 MB;
- the same 100 sheets once filled with five played deals each, against the 100 bare pages of
  names, and against 100 bare pages holding the same words as the filled sheets (the players,
  each deal's words and marques, the totals, bilans and their sum, the foot), target at most
  1.5 times against the latter (a sheet filled with five deals holds some five times the words
  of its players' names: no layout of them comes within 1.5 times the names alone);
- the peak memory of the 100 filled sheets' render, target under 400 MB: the peak resident set
  size (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) of a child process that imports the app,
  reads the sheets and renders them once, and does nothing else.

The app's renders hold Python's garbage collector off while WeasyPrint draws
(tournaments.prints.pdf). Each bare document is drawn twice in every run: by a plain WeasyPrint
call, the baseline of the targets, and with the collector held off too; both ratios are
printed, the second comparing like with like. Times come after a warm-up (fonts loaded once per
process, as in a server); the print and its bare pages are drawn in turn, three to five times
each, so that other work on the machine weighs on all of them, and their medians compared; one
sheet is the best of five. The script exits with status 1 when a target is missed.
"""

from __future__ import annotations

import gc
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
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

    from clubs.models import Club, Player
    from common.actors import Actor
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

    from common.actors import Actor
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


def filled_words() -> list[list[str]]:
    """The words of the filled sheets, a page each: the players, each deal's words and
    marques, the totals, the bilans and their sum, the signatures' bilans and the foot."""
    from tournaments.models import Table
    from tournaments.prints.sheets import printed_sheets

    words = []
    for sheet in printed_sheets(Table.objects.filter(position__number=1), access_url=access_url):
        page = [
            f"{seat.get_place_display()} {seat.registration.player} {seat.registration.number}"
            for seat in sheet.seats
        ]
        for deal in sheet.deals:
            contract = deal.contract or ""
            page.append(f"{deal.number} {deal.taker} {contract} {deal.result} {deal.primes}")
            page.append(" ".join(str(marque) for marque in deal.marques))
        page.append("Total + " + " ".join(str(totals.plus) for totals in sheet.totals))
        page.append("Total − " + " ".join(str(totals.minus) for totals in sheet.totals))
        page.append("Bilan " + " ".join(str(totals.bilan) for totals in sheet.totals))
        page.append(f"Somme des bilans {sheet.bilans_sum}")
        page.append(" ".join(f"Bilan {bilan} Signature" for bilan in sheet.signature_bilans))
        page.append(
            "Chaque joueur vérifie son bilan et que la somme des bilans fait 0, puis signe."
        )
        page.append(f"Saisie sur téléphone : scannez le QR code. Code {sheet.code}")
        words.append(page)
    return words


def card_words() -> list[str]:
    """The words of the cards, each card's own: its name, who the player is, a line a
    position (seated or not yet) and its page's address."""
    from tournaments.models import Tournament
    from tournaments.prints.cards import printed_cards

    tournament = Tournament.objects.get()
    words = []
    for card in printed_cards(tournament, player_url=lambda n: player_url(tournament, n)):
        words.extend(card.words.split("\n"))
        words.append(card.url)
    return words


def bare_document(words: list[str], pages: int, columns: int = 1, size: str = "") -> str:
    """``pages`` bare pages sharing ``words`` out, one plain HTML table a page (``columns``
    lines a row, in the font size ``size`` when given, so that a page holds its share)."""
    per_page = -(-len(words) // pages)
    chunks = [words[start : start + per_page] for start in range(0, len(words), per_page)]
    return bare_pages_of(chunks, columns, size)


def bare_pages_of(pages: list[list[str]], columns: int = 1, size: str = "") -> str:
    """A bare page for each list of lines: one plain HTML table, ``columns`` lines a row."""
    from django.utils.html import escape

    def rows(lines):
        for start in range(0, len(lines), columns):
            cells = "".join(f"<td>{escape(line)}</td>" for line in lines[start : start + columns])
            yield f"<tr>{cells}</tr>"

    style = f"break-after: page; font-size: {size}" if size else "break-after: page"
    tables = [f'<table style="{style}">' + "".join(rows(lines)) + "</table>" for lines in pages]
    return "<!doctype html><html><body>" + "".join(tables) + "</body></html>"


def page_count(pdf: bytes) -> int:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True, check=True)
    return int(
        next(line.split()[1] for line in info.stdout.splitlines() if line.startswith("Pages:"))
    )


@dataclass
class Measure:
    """A print's median time against bare pages, each bare page drawn by a plain WeasyPrint
    call, and again with Python's garbage collector held off as the app's renders hold it
    (tournaments.prints.pdf): the second ratio compares like with like."""

    name: str
    seconds: float
    bare: float
    bare_paused: float
    pdf: bytes

    @property
    def ratio(self) -> float:
        return self.seconds / self.bare

    @property
    def ratio_paused(self) -> float:
        return self.seconds / self.bare_paused

    def line(self, baseline: str) -> str:
        return (
            f"{self.name} ({len(self.pdf) // 1024} Ko) : {self.seconds:.2f} s ; {baseline} "
            f"{self.bare:.2f} s ({self.bare_paused:.2f} s ramasse-miettes suspendu) ; "
            f"rapport {self.ratio:.2f} ({self.ratio_paused:.2f} à ramasse-miettes égal)"
        )


def against_bare(name: str, render, bare_html: str, runs: int) -> Measure:
    """``render`` and WeasyPrint drawing ``bare_html``, plainly and with the collector held
    off, measured in turn ``runs`` times each (a busy moment weighs on all three): medians."""
    from weasyprint import HTML

    from tournaments.prints.pdf import shared_fonts

    def bare():
        HTML(string=bare_html).write_pdf(font_config=shared_fonts())

    def bare_paused():
        gc.disable()
        try:
            bare()
        finally:
            gc.enable()

    times: dict[str, list[float]] = {"render": [], "bare": [], "paused": []}
    pdf = b""
    for _ in range(runs):
        for key, action in (("render", render), ("bare", bare), ("paused", bare_paused)):
            start = time.perf_counter()
            result = action()
            times[key].append(time.perf_counter() - start)
            if key == "render":
                pdf = result
    return Measure(
        name=name,
        seconds=statistics.median(times["render"]),
        bare=statistics.median(times["bare"]),
        bare_paused=statistics.median(times["paused"]),
        pdf=pdf,
    )


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

        from tournaments.models import Table

        tables = Table.objects.filter(position__number=1)
        one = tables.filter(number=1)
        names_html = bare_pages(tables)

        # Warm-up: fonts and stylesheet loaded once per process, as in a running server.
        render_sheets(one)
        against_bare("", lambda: b"", names_html, 1)

        one_sheet, _pdf = best_of(5, lambda: render_sheets(one))
        prefilled = against_bare(
            f"{TABLES} feuilles pré-remplies", lambda: render_sheets(tables), names_html, RUNS
        )
        plan_pages = page_count(render_plan())
        plan = against_bare(
            f"Plan, {plan_pages} pages", render_plan, bare_document(plan_words(), plan_pages), 3
        )
        card_pages = page_count(render_cards())
        cards = against_bare(
            f"Cartes, {card_pages} pages",
            render_cards,
            bare_document(card_words(), card_pages, columns=2, size="8pt"),  # 64 lines a page
            3,
        )

        fill_position()
        filled_one, _pdf = best_of(5, lambda: render_sheets(one))
        filled = against_bare(
            f"{TABLES} feuilles remplies", lambda: render_sheets(tables), names_html, 3
        )
        filled_words_html = bare_pages_of(filled_words())
        filled_same = against_bare(
            f"{TABLES} feuilles remplies", lambda: render_sheets(tables), filled_words_html, 3
        )

        child = subprocess.run(
            [sys.executable, __file__, "--child", str(database)],
            capture_output=True,
            text=True,
            check=True,
        )
        peak_mb, child_bytes = child.stdout.split()

    print(f"Une feuille pré-remplie (copie de l'arbitre) : {one_sheet:.3f} s"
          f"  (cible < {ONE_SHEET_SECONDS} s)")  # fmt: skip
    print(f"Une feuille remplie (5 donnes) : {filled_one:.3f} s  (cible < {ONE_SHEET_SECONDS} s)")
    print(prefilled.line(f"{TABLES} pages nues, mêmes noms") + f"  (cible ≤ {RATIO})")
    print(filled.line(f"{TABLES} pages nues, mêmes noms"))
    print(filled_same.line(f"{TABLES} pages nues, mêmes mots") + f"  (cible ≤ {BIG_RATIO})")
    print(plan.line(f"{plan_pages} pages nues, mêmes mots")
          + f"  (cible ≤ {BIG_RATIO}, < {PLAN_BYTES // 1024} Ko)")  # fmt: skip
    print(cards.line(f"{card_pages} pages nues, mêmes mots") + f"  (cible ≤ {BIG_RATIO})")
    print(f"Mémoire maximale, {TABLES} feuilles remplies : {float(peak_mb):.0f} Mo"
          f"  (RSS maximal d'un processus fils, getrusage ; cible < {PEAK_MB} Mo)")  # fmt: skip

    failures = []
    if max(one_sheet, filled_one) >= ONE_SHEET_SECONDS:
        failures.append("une feuille")
    if prefilled.ratio > RATIO:
        failures.append("rapport des feuilles pré-remplies")
    failures += [
        f"rapport : {measure.name}"
        for measure in (filled_same, plan, cards)
        if measure.ratio > BIG_RATIO
    ]
    if len(plan.pdf) >= PLAN_BYTES:
        failures.append("taille du plan")
    if float(peak_mb) >= PEAK_MB:
        failures.append("mémoire")
    if int(child_bytes) < len(filled.pdf) // 2:
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
