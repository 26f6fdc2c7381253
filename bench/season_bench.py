"""Benchmark of the club's season and of a player's history: time and queries.

Run from the project folder: ``.venv/bin/python bench/season_bench.py``. It builds, in a
throwaway SQLite file (or in the database of ``DATABASE_URL``, in a club it deletes
afterwards), a club with 40 evenings of 60 players (5 positions of 5 deals at tables of 4:
15,000 deals), and times the season's ranking (the median of several runs, after a first
read that fills the cache with each evening's totals; that first read is printed too) over
its first 10 evenings and over all 40: the same number of queries both times. Then 200
more evenings of 20 players (4 positions of 5 deals), which one player sat every time, and
times that player's history (evenings, seasons, statistics). It exits with status 1 when a
target is missed: the 40-evening season well under 100 ms in as many queries as 10 evenings,
the 200-evening history under 100 ms.
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import time

from benchsetup import outcome, play_position, setup_django, sized

setup_django("season-bench")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from clubs.models import Club  # noqa: E402
from seasons.models import Season  # noqa: E402
from seasons.selectors.history import player_history  # noqa: E402
from seasons.selectors.ranking import season_ranking  # noqa: E402
from tournaments.models import (  # noqa: E402
    Deal,
    Player,
    Position,
    Registration,
    Tournament,
)

TARGET_SECONDS = 0.100
# The evenings of the long season, of its short one, and of the player's history.
EVENINGS, SHORT, HISTORY = sized((40, 10, 200), (4, 2, 6))
FIRST_DAY = datetime.date(2020, 1, 7)


def build_evening(club, arbitre, day, players, *, positions, deals, rng) -> Tournament:
    """One evening written in bulk: its deals scored like a prise of 55 with 1 bout."""
    tournament = Tournament.objects.create(
        name=f"Soirée du {day:%d/%m/%Y}",
        date=day,
        positions_count=positions,
        deals_per_position=deals,
        arbitre=arbitre,
        club=club,
        published=True,
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n + 1, checked_in=True)
        for n, p in enumerate(players)
    )
    for number in range(1, positions + 1):
        position = Position.objects.create(tournament=tournament, number=number)
        play_position(position, registrations, deals=deals, rng=rng)
    return tournament


def measure(label: str, run, repeat: int = 15) -> tuple[float, int]:
    cache.clear()
    start = time.perf_counter()
    run()  # the first read: nothing kept yet, every evening summed
    first = time.perf_counter() - start
    connection.queries_log.clear()  # the build's queries would fill the log, counting none
    with CaptureQueriesContext(connection) as queries:
        run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    count = len(queries.captured_queries)
    print(
        f"  {label:<44} {median * 1000:8.1f} ms  {count:3d} requêtes"
        f"  (première lecture, rien en cache : {first * 1000:.0f} ms)"
    )
    return median, count


def profile(run) -> None:
    """With PROFILE=1: where the time goes (cProfile, the 25 costliest calls), for the
    40-evening season and for the history."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(run)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> int:
    call_command("migrate", verbosity=0)
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-d-essai-saison")
    club = Club.objects.create(name="Club du banc d'essai")
    rng = random.Random(40)
    try:
        start = time.perf_counter()
        members = Player.objects.bulk_create(
            Player(last_name=f"Membre{n:03d}", first_name="Prénom", licence=f"B{n:06d}")
            for n in range(80)
        )
        days = [FIRST_DAY + datetime.timedelta(days=7 * week) for week in range(EVENINGS)]
        for day in days:
            build_evening(
                club, arbitre, day, rng.sample(members, 60), positions=5, deals=5, rng=rng
            )
        deals = Deal.objects.filter(table__position__tournament__club=club).count()
        print(
            f"Saison : 40 soirées de 60 joueurs, {deals} donnes"
            f" (construit en {time.perf_counter() - start:.1f} s)"
        )
        ten = Season.objects.create(
            club=club, name="10 soirées", start=days[0], end=days[SHORT - 1],
            method="points_de_place",
            best=8, minimum=3,
        )  # fmt: skip
        forty = Season.objects.create(
            club=club, name="40 soirées", start=days[0], end=days[-1], method="points_de_place",
            best=min(30, EVENINGS), minimum=min(10, EVENINGS),
        )  # fmt: skip
        _, queries_ten = measure("classement de la saison, 10 soirées", lambda: season_ranking(ten))
        seconds, queries_forty = measure(
            "classement de la saison, 40 soirées", lambda: season_ranking(forty)
        )

        if os.environ.get("PROFILE") == "1":
            profile(lambda: season_ranking(forty))
        start = time.perf_counter()
        regular = members[0]
        later = days[-1] + datetime.timedelta(days=7)
        for week in range(int(os.environ.get("HISTORY_EVENINGS", str(HISTORY)))):
            others = rng.sample(members[1:], 19)
            build_evening(
                club,
                arbitre,
                later + datetime.timedelta(days=7 * week),
                [regular, *others],
                positions=4,
                deals=5,
                rng=rng,
            )
        print(
            f"Historique : 200 soirées de plus, 20 joueurs chacune"
            f" (construit en {time.perf_counter() - start:.1f} s)"
        )
        history_seconds, _ = measure(
            "historique d'un joueur, 240 soirées", lambda: player_history(regular.pk)
        )
        if os.environ.get("PROFILE") == "1":
            profile(lambda: player_history(regular.pk))
        evenings = len(player_history(regular.pk).evenings)
    finally:
        Tournament.objects.filter(club=club).delete()
        club.delete()
    ok_season = seconds < TARGET_SECONDS and queries_ten == queries_forty
    ok_history = history_seconds < TARGET_SECONDS
    print(
        f"Saison de 40 soirées : {seconds * 1000:.1f} ms (objectif < {TARGET_SECONDS * 1000:.0f}"
        f" ms), {queries_forty} requêtes à 40 comme à 10 soirées : "
        f"{'OK' if ok_season else 'MANQUÉ'}"
    )
    print(
        f"Historique de {evenings} soirées : {history_seconds * 1000:.1f} ms (objectif < "
        f"{TARGET_SECONDS * 1000:.0f} ms) : {'OK' if ok_history else 'MANQUÉ'}"
    )
    return outcome(not (ok_season and ok_history))


if __name__ == "__main__":
    sys.exit(main())
