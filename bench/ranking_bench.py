"""Benchmark of the ranking: time and queries for a tournament of 40, 400 and 2,000 players.

Run from the project folder: ``.venv/bin/python bench/ranking_bench.py``. It builds each
tournament in a throwaway SQLite file (or in the database of ``DATABASE_URL``, in a tournament
it deletes afterwards): 6 positions of 5 deals at tables of 4, every deal stored with its
marques, a few penalties. It then times ``tournament_ranking`` (the median of several runs,
after a warm-up), counts its queries, and does the same for the projector's page and the
ranking page as the server renders them. The ranking page is timed cold (the first reader
after a write: the ranking computed and the page rendered) and warm (every other reader until
the next write: the page read from the cache, ``tournaments/selectors/standings.py``). It
exits with status 1 when the 400-player ranking misses its target (well under 100 ms, and the
same number of queries at 40 and at 400) or the warm ranking page at 2,000 players misses its
own (under 150 ms).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if "DATABASE_URL" not in os.environ:
    os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "ranking-bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
# The bench times what the public files cost to serve, from one address many times a second:
# the per-address limit (a person's pace) would answer them 429 past the first few.
os.environ.setdefault("DOCUMENTS_PUBLIC_PER_MINUTE", "1000000")

import django  # noqa: E402

django.setup()

import datetime  # noqa: E402
import random  # noqa: E402

from benchsetup import outcome, play_position, sized  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from clubs.models import Club  # noqa: E402
from tournaments.models import (  # noqa: E402
    Deal,
    Player,
    Position,
    Registration,
    Tournament,
)

POSITIONS, DEALS = 6, 5
# The three sizes measured: the small, the one of the target, the large (2,000 players).
SIZES = sized((40, 400, 2000), (8, 16, 24))
TARGET_SECONDS = 0.100
PAGE_TARGET_SECONDS = 0.150


def build(players: int, arbitre) -> Tournament:
    """A whole tournament written in bulk: its deals scored like a prise of 55 with 1 bout."""
    rng = random.Random(players)
    tournament = Tournament.objects.create(
        name=f"Banc d'essai {players}",
        date=datetime.date(2026, 11, 22),
        positions_count=POSITIONS,
        deals_per_position=DEALS,
        arbitre=arbitre,
        club=Club.objects.get_or_create(name="Club du banc d'essai")[0],
        published=True,
    )
    people = Player.objects.bulk_create(
        Player(last_name=f"Joueur{n:03d}", first_name="Prénom") for n in range(players)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n + 1, checked_in=True)
        for n, p in enumerate(people)
    )
    for number in range(1, POSITIONS + 1):
        position = Position.objects.create(tournament=tournament, number=number)
        # Fixed codes: random ones may collide across the benchmark's many tables.
        prefix = f"{players}.{number}."
        play_position(
            position,
            registrations,
            deals=DEALS,
            rng=rng,
            code=lambda t, prefix=prefix: prefix + str(t),
        )
    return tournament


def measure(label: str, run, repeat: int = 15, before=lambda: None) -> tuple[float, int]:
    """The median time of ``run`` and its queries; ``before`` runs, untimed, before each."""
    before()
    answer = run()  # warm-up: templates loaded, connection open
    status = getattr(answer, "status_code", 200)
    if status != 200:
        raise SystemExit(f"{label}: HTTP {status}")
    before()
    with CaptureQueriesContext(connection) as queries:
        run()
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    # A page's queries run in the request, whose connection the test client closes at its end,
    # so they are counted for the selector alone; a page adds its session and user to them.
    count = len(queries.captured_queries)
    counted = f"{count:3d} requêtes" if count else ""
    print(f"  {label:<34} {median * 1000:8.1f} ms  {counted}")
    return median, count


def forget(tournament):
    """Forget what the readers of ``tournament`` share, as a write would: the next read is
    the first after a write."""
    from django.core.cache import cache
    from django.core.cache.utils import make_template_fragment_key

    from tournaments.selectors.standings import tournament_stamp

    stamp = tournament_stamp(tournament)
    cache.delete_many([f"ranking:{stamp}", make_template_fragment_key("ranking_page", [stamp])])


def main() -> int:
    from tournaments.selectors.ranking import tournament_ranking

    call_command("migrate", verbosity=0)
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-d-essai")
    client = Client(HTTP_HOST="127.0.0.1")
    results = {}
    pages = {}
    built = []
    try:
        for players in SIZES:
            start = time.perf_counter()
            tournament = build(players, arbitre)
            built.append(tournament)
            deals = Deal.objects.filter(table__position__tournament=tournament).count()
            print(
                f"{players} joueurs, {players // 4} tables, {POSITIONS} positions, {deals} donnes"
                f" (construit en {time.perf_counter() - start:.1f} s)"
            )
            repeat = 5 if players > 400 else 15
            results[players] = measure(
                "classement (sélecteur)", lambda t=tournament: tournament_ranking(t), repeat
            )
            measure(
                "page du classement, à froid",
                lambda t=tournament: client.get(f"/tournois/{t.pk}/classement/"),
                repeat,
                before=lambda t=tournament: forget(t),
            )
            pages[players] = measure(
                "page du classement, en cache",
                lambda t=tournament: client.get(f"/tournois/{t.pk}/classement/"),
            )
            measure(
                "écran du projecteur (htmx)",
                lambda t=tournament: client.get(
                    f"/tournois/{t.pk}/projection/", headers={"HX-Request": "true"}
                ),
            )
            measure(
                "classement.json",
                lambda t=tournament: client.get(f"/tournois/{t.pk}/classement.json"),
            )
    finally:
        for tournament in built:
            tournament.delete()
    small, middle, large = SIZES
    seconds, queries = results[middle]
    ok = seconds < TARGET_SECONDS and queries == results[small][1]
    print(
        f"{middle} joueurs : {seconds * 1000:.1f} ms (objectif < {TARGET_SECONDS * 1000:.0f} ms), "
        f"{queries} requêtes à {small} comme à {middle} joueurs : {'OK' if ok else 'MANQUÉ'}"
    )
    page = pages[large][0]
    page_ok = page < PAGE_TARGET_SECONDS
    print(
        f"page du classement à {large} joueurs, en cache : {page * 1000:.1f} ms "
        f"(objectif < {PAGE_TARGET_SECONDS * 1000:.0f} ms) : {'OK' if page_ok else 'MANQUÉ'}"
    )
    return outcome(not (ok and page_ok))


if __name__ == "__main__":
    sys.exit(main())
