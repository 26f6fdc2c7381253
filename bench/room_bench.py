"""Benchmark of the arbitre's room: time and queries at 100 and 250 tables, before any deal
and once every table has 5 deals.

Run from the project folder: ``.venv/bin/python bench/room_bench.py``. It builds, in a
throwaway SQLite file (or in the database of ``DATABASE_URL``, in tournaments it deletes
afterwards), position 1 of 100 tables of 4 and of 250 tables of 4, and times the room's page
(``/arbitre/tournois/<id>/positions/1/salle/``, as the arbitre's browser loads it: the median
of several runs after a warm-up) and counts its queries:

- before any deal: the baseline, the same page with nothing on the sheets;
- with 5 deals at every table, written in bulk, each scored by the tournament's rules
  (``tournaments.deal_scoring.apply_result``): prises, gardes, a garde sans or contre now and
  then, poignées, petits au bout, announced chelems, some calls already answered, and here
  and there a deal entered at the bidding whose result is to come.

Its targets: under 60 ms at 100 tables with 5 deals each, under 150 ms at 250 tables, and the
same number of queries at 100 and at 250 tables (one more with deals than without: the calls
already answered are read only when a deal calls the arbitre); it exits with status 1 when
one is missed. The machine it runs on may be shared: the times move with its load, the
queries do not.
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
import time

from benchsetup import setup_django

setup_django("room-bench")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from clubs.models import Club  # noqa: E402
from common.actors import Actor  # noqa: E402
from tournaments.deal_scoring import DealResult, apply_result  # noqa: E402
from tournaments.models import (  # noqa: E402
    Deal,
    HandledCall,
    Player,
    Position,
    Registration,
    Table,
    Tournament,
)
from tournaments.selectors.sheets import call_kind  # noqa: E402
from tournaments.services.seating import seat_position  # noqa: E402

SCRIPT = Actor.running("room_bench")
SIZES = (100, 250)
DEALS = 5
RUNS = 15
TARGETS = {100: 0.060, 250: 0.150}
PLACES = ["N", "E", "S", "O"]
CONTRACTS = ["prise", "prise", "garde", "garde", "garde", "garde_sans", "garde_contre"]


def build(tables: int, arbitre) -> tuple[Tournament, list[Table]]:
    """Position 1 of ``tables`` tables of 4, seated, with no deal yet."""
    rng = random.Random(tables)
    club = Club.objects.get_or_create(name="Club du banc d'essai")[0]
    club.arbitres.add(arbitre)
    tournament = Tournament.objects.create(
        name=f"Banc d'essai de la salle ({tables} tables)",
        date=datetime.date(2026, 11, 26),
        positions_count=5,
        deals_per_position=DEALS,
        arbitre=arbitre,
        club=club,
        published=True,
    )
    players = Player.objects.bulk_create(
        Player(last_name=f"Joueur{n:04d}", first_name=rng.choice(["Anne", "Luc", "Hélène"]))
        for n in range(tables * 4)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, number=number, checked_in=True)
        for number, player in enumerate(players, start=1)
    )
    position = Position.objects.create(tournament=tournament, number=1)
    seated = seat_position(
        position=position,
        tables=[registrations[i : i + 4] for i in range(0, len(registrations), 4)],
        by=SCRIPT,
    )
    return tournament, seated


def random_result(rng: random.Random, *, last: bool) -> DealResult:
    """A deal as a table plays it; the last one of a sheet now and then still at the bidding."""
    taker = rng.choice(PLACES)
    contract = rng.choice(CONTRACTS)
    if last and rng.random() < 0.1:
        return DealResult(taker=taker, contract=contract)
    announced = rng.random() < 0.03
    return DealResult(
        taker=taker,
        contract=contract,
        bouts=rng.randint(0, 3),
        points=rng.randint(20, 70),
        petit_au_bout=None if announced else rng.choice([None, None, None, "attack", "defense"]),
        chelem="announced_failed" if announced else None,
        chelem_announced=announced,
        poignees={rng.choice(PLACES): "simple"} if rng.random() < 0.3 else None,
    )


def fill(tournament: Tournament, tables: list[Table], arbitre) -> int:
    """5 deals at every table, scored by the rules and written in bulk; a third of the calls
    answered. Returns the number of calls."""
    rng = random.Random(len(tables) + DEALS)
    deals = []
    for table in tables:
        table.position.tournament = tournament
        for number in range(1, DEALS + 1):
            deal = Deal(table=table, number=number)
            result = random_result(rng, last=number == DEALS)
            apply_result(deal, table=table, places=PLACES, result=result)
            deals.append(deal)
    Deal.objects.bulk_create(deals)
    calls = [deal for deal in deals if call_kind(deal)]
    HandledCall.objects.bulk_create(
        HandledCall(deal=deal, kind=call_kind(deal), handled_by=arbitre)
        for deal in calls
        if rng.random() < 1 / 3
    )
    return len(calls)


def measure(client: Client, url: str) -> tuple[float, float, int]:
    """The page's median time over ``RUNS`` loads after a warm-up, the median processor time
    of this process over the same loads, and its queries."""
    if client.get(url).status_code != 200:
        raise SystemExit(f"{url}: la page ne répond pas 200")
    # Counted as the database runs them: the test client's request resets Django's own log.
    queries = []

    def count(execute, sql, *args):
        queries.append(sql)
        return execute(sql, *args)

    with connection.execute_wrapper(count):
        client.get(url)
    times, processor = [], []
    for _ in range(RUNS):
        start, start_processor = time.perf_counter(), time.process_time()
        client.get(url)
        times.append(time.perf_counter() - start)
        processor.append(time.process_time() - start_processor)
    return statistics.median(times), statistics.median(processor), len(queries)


def line(label: str, figures: tuple[float, float, int], note: str = "") -> None:
    # The processor time moves less than the time with the load of a shared machine: the
    # other processes' turns on the processor are not counted in it.
    seconds, processor, queries = figures
    print(
        f"  {label:<34} {seconds * 1000:7.1f} ms  (processeur {processor * 1000:5.1f} ms)"
        f"  {queries:3d} requêtes  {note}".rstrip()
    )


def main() -> int:
    call_command("migrate", verbosity=0)
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-d-essai-salle")
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(arbitre)
    built = []
    figures = {}
    try:
        for size in SIZES:
            start = time.perf_counter()
            tournament, tables = build(size, arbitre)
            built.append(tournament)
            url = f"/arbitre/tournois/{tournament.pk}/positions/1/salle/"
            bare = measure(client, url)
            calls = fill(tournament, tables, arbitre)
            full = measure(client, url)
            figures[size] = (bare, full)
            print(f"{size} tables de 4, {size * DEALS} donnes dont {calls} appels"
                  f" (construit en {time.perf_counter() - start:.1f} s)")  # fmt: skip
            line("salle, aucune donne (référence)", bare)
            ratio = f"{full[0] / bare[0]:.1f}".replace(".", ",")
            target = f"({ratio} × la référence ; cible < {TARGETS[size] * 1000:.0f} ms)"
            line(f"salle, {DEALS} donnes par table", full, target)
    finally:
        for tournament in built:
            player_ids = list(
                Player.objects.filter(registrations__tournament=tournament).values_list(
                    "pk", flat=True
                )
            )
            tournament.delete()
            Player.objects.filter(pk__in=player_ids).delete()
    # The queries of each state (before any deal, with deals) do not grow with the tables.
    flat = all(len({figures[size][state][2] for size in SIZES}) == 1 for state in (0, 1))
    missed = [size for size, (_, full) in figures.items() if full[0] >= TARGETS[size]]
    if missed or not flat:
        print("Cible manquée" + ("." if flat else " : le nombre de requêtes varie."))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
