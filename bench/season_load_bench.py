"""Benchmark of a season's public page while the evening under way is entered (issue 31).

Run from the project folder: ``.venv/bin/python bench/season_load_bench.py``. It builds, in a
throwaway SQLite file (or in the database of ``DATABASE_URL``, in a club it deletes
afterwards), a club with ``EVENINGS`` (30) past evenings of 48 players drawn from 64 members
(5 positions of 5 deals at tables of 4), its season, and tonight's evening: 48 of the
members at 12 tables, published, counted by the season. It also hides and publishes one past
evening ``HIDINGS`` (214) times, as the round of issue 31 did.

Then it reads ``/saisons/<id>/`` as a visitor would (the whole page: view and template):

- at rest, ``READS`` times;
- while a thread enters tonight's deals as the phones do (the deal form's POST, each table its
  deals 1, 2, 3… in turn, ``DEALS`` deals), reading the page all the while.

It prints the median and the 95th centile of each, the page's size, its recount lines, and
exits with status 1 when the page under load misses its target: p50 under 150 ms and p95
under 300 ms (the round found 572 ms and 1.1 s, with 130 recount lines), or when a deal is
refused. ``BENCH_SIZE=small`` (CI, ``.ci/run``) builds 3 evenings, hides one 6 times, reads 5
times at rest and enters 24 deals: the run is checked to its end, its targets not held.
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import threading
import time
import uuid

from benchsetup import club_evening, outcome, play_position, setup_django, sized

setup_django("season-load-bench")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from clubs.models import Club, Player  # noqa: E402
from common.actors import Actor  # noqa: E402
from seasons.models import Season  # noqa: E402
from tournaments.models import Position, Tournament  # noqa: E402
from tournaments.services.seating import seat_position  # noqa: E402

SCRIPT = Actor.running("season_load_bench")
EVENINGS = int(os.environ.get("EVENINGS", sized(30, 3)))
HIDINGS = int(os.environ.get("HIDINGS", sized(214, 6)))
READS = int(os.environ.get("READS", sized(40, 5)))
DEALS = int(os.environ.get("DEALS", sized(450, 24)))
TABLES = 12
TARGET_P50, TARGET_P95 = 0.150, 0.300
FIRST_DAY = datetime.date(2026, 9, 4)


def evening(club, arbitre, day, players, rng) -> Tournament:
    tournament, registrations = club_evening(club, arbitre, day, players, positions=5, deals=5)
    for number in range(1, 6):
        position = Position.objects.create(tournament=tournament, number=number)
        play_position(position, registrations, deals=5, rng=rng)
    return tournament


def tonight(club, arbitre, day, players):
    """Tonight's evening, published, position 1 seated through the service; its tables."""
    tournament, registrations = club_evening(
        club, arbitre, day, players, positions=5, deals=DEALS // TABLES + 1, name="Ce soir"
    )
    position = Position.objects.create(tournament=tournament, number=1)
    return seat_position(
        position=position,
        tables=[registrations[i : i + 4] for i in range(0, len(registrations), 4)],
        by=SCRIPT,
    )


def deal_fields(rng: random.Random) -> dict:
    return {
        "taker": rng.choice(["N", "E", "S", "O"]),
        "contract": rng.choice(["prise", "prise", "garde"]),
        "bouts": str(rng.randint(0, 3)),
        "points": str(rng.randint(20, 70)),
        "points_for": "attack",
        "petit_au_bout": "",
        "chelem": "",
        "submission_id": str(uuid.uuid4()),
    }


def enter_deals(tables, done: threading.Event, errors: list, timings: list) -> None:
    """The room: each table's phone enters its next deal in turn, ``DEALS`` in all."""
    rng = random.Random(31)
    phones = []
    for table in tables:
        phone = Client(HTTP_HOST="127.0.0.1")
        phone.post(f"/tables/{table.pk}/acces/", {"code": table.code})
        phones.append(phone)
    try:
        for entered in range(DEALS):
            index = entered % len(tables)
            number = entered // len(tables) + 1
            start = time.perf_counter()
            response = phones[index].post(
                f"/tables/{tables[index].pk}/donnes/nouvelle/",
                {"number": number, **deal_fields(rng)},
            )
            timings.append(time.perf_counter() - start)
            if response.status_code != 302:
                errors.append(response.status_code)
    finally:
        connection.close()
        done.set()


def read(url: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    response = Client(HTTP_HOST="127.0.0.1").get(url)
    seconds = time.perf_counter() - start
    if response.status_code != 200:
        raise SystemExit(f"{url}: HTTP {response.status_code}")
    return seconds, response.content


def centiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def show(label: str, times: list[float]) -> tuple[float, float]:
    p50, p95 = centiles(times)
    print(f"  {label:<36} p50 {p50 * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   ({len(times)})")
    return p50, p95


def hide_and_publish(tournament: Tournament, times: int) -> None:
    for _ in range(times):
        tournament.published = False
        tournament.save(update_fields=["published"])
        tournament.published = True
        tournament.save(update_fields=["published"])


def main() -> int:
    call_command("migrate", verbosity=0)
    cache.clear()
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-d-essai-saison-charge")
    club = Club.objects.create(name="Club du banc d'essai en charge")
    rng = random.Random(9)
    try:
        start = time.perf_counter()
        members = Player.objects.bulk_create(
            Player(last_name=f"Membre{n:03d}", first_name="Prénom", licence=f"{n:07d}")
            for n in range(64)
        )
        days = [FIRST_DAY + datetime.timedelta(days=7 * week) for week in range(EVENINGS + 1)]
        past = [evening(club, arbitre, day, rng.sample(members, 48), rng) for day in days[:-1]]
        tables = tonight(club, arbitre, days[-1], rng.sample(members, TABLES * 4))
        season = Season.objects.create(
            club=club, name="Saison", start=days[0], end=days[-1], method="points_de_place",
            best=20, minimum=5,
        )  # fmt: skip
        hide_and_publish(past[len(past) // 2], HIDINGS)
        print(
            f"{EVENINGS} soirées passées de 48 joueurs, ce soir {TABLES} tables, "
            f"{HIDINGS} fois retirée et republiée (construit en "
            f"{time.perf_counter() - start:.1f} s)"
        )
        url = f"/saisons/{season.pk}/"
        read(url)  # the first read fills the cache with the past evenings' totals
        at_rest = [read(url)[0] for _ in range(READS)]
        if os.environ.get("PROFILE") == "1":
            import cProfile
            import pstats

            sort = os.environ.get("SORT", "cumulative")
            profiler = cProfile.Profile()
            profiler.runcall(read, url)
            pstats.Stats(profiler).sort_stats(sort).print_stats(30)
            print("Après une donne saisie ce soir :")
            phone = Client(HTTP_HOST="127.0.0.1")
            phone.post(f"/tables/{tables[-1].pk}/acces/", {"code": tables[-1].code})
            phone.post(
                f"/tables/{tables[-1].pk}/donnes/nouvelle/",
                {"number": 1, **deal_fields(random.Random(1))},
            )
            profiler = cProfile.Profile()
            profiler.runcall(read, url)
            pstats.Stats(profiler).sort_stats(sort).print_stats(30)
            return 0
        done, errors, writes, loaded = threading.Event(), [], [], []
        writer = threading.Thread(target=enter_deals, args=(tables, done, errors, writes))
        writer.start()
        # At least one read under load, however soon the deals are in (a small run).
        loaded.append(read(url)[0])
        while not done.is_set():
            loaded.append(read(url)[0])
        writer.join()
        _, page = read(url)
        recounts = page.count(b"Classement recalcul")
        print(
            f"Page de la saison : {len(page) // 1024} Kio, {recounts} ligne(s) de recalcul, "
            f"{DEALS} donnes saisies pendant {len(loaded)} lectures ({len(errors)} refusées)"
        )
        show("au repos", at_rest)
        p50, p95 = show("pendant la saisie", loaded)
        show("saisie d'une donne pendant ce temps", writes)
    finally:
        Tournament.objects.filter(club=club).delete()
        club.delete()
    ok = p50 < TARGET_P50 and p95 < TARGET_P95
    print(
        f"Sous charge : p50 {p50 * 1000:.0f} ms (objectif < {TARGET_P50 * 1000:.0f}), "
        f"p95 {p95 * 1000:.0f} ms (objectif < {TARGET_P95 * 1000:.0f}) : "
        f"{'OK' if ok else 'MANQUÉ'}"
    )
    if errors:
        # A deal refused is a fault at any size, not a missed target.
        print(f"Donnes refusées : {len(errors)} (codes {sorted(set(errors))})")
        return 1
    return outcome(not ok)


if __name__ == "__main__":
    sys.exit(main())
