"""The prints off the request: 100 tables save their deals over HTTP while four arbitres ask
for the position's sheets, its plan, the cards and the ranking, the documents drawn by the
Celery workers; then the same with the documents drawn in the request (as before the queue);
then eight clients in a loop on the public PDFs and exports while a phone reads its sheet.
Not part of the test suite.

Run from the project folder, with PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and Redis
on 127.0.0.1:6379:

    .venv/bin/python bench/queue_bench.py [--port 8095] [--database tarot_queue] [--redis-db 5]
                                          [--workers 2] [--pace 20]

1. Creates its own database and four published tournaments of 400 players, position 1 seated
   at 100 tables of 4 (one tournament a run); the cache and the broker in Redis.
2. Four runs, each with gunicorn (4 uvicorn workers, ASGI, as ``./dev prod``), the 100 tables
   all at once, each a deal every ``--pace`` seconds on average (20: a room 15 times faster
   than a real one; 0: 25 tables at a time as fast as they can, the machine saturated): the
   tables alone (the reference); the tables beside as many niced loops that only burn a
   processor as there are workers (what the processors the workers take cost the saves on
   this machine, nothing of the queue); the tables while the arbitres ask, with ``--workers``
   Celery worker processes (niced: the documents give way to the web); the same with the
   documents drawn in the request (``CELERY_EAGER=1``, no worker). The four arbitres
   (bench/queue_arbitres.py, in a process of their own) log in before the tables start; in
   rounds (one at least), they ask for their document at the same moment, follow the « en
   préparation » page as it does (its URL with ``?travail=``, every 2 s), and fetch the file
   once it is ready.
3. The public probe, on the queue's servers: each public document asked for once; then, once
   the workers have drawn every job (those, and any asked for before), eight clients, each
   from its own address (``X-Forwarded-For`` from a trusted proxy), ask for the tournament's
   ranking PDF and .xlsx exports and the season's PDF, .xlsx, CSV and JSON in a loop (in a
   process of their own, as they are not the phone's), while a phone reloads its table's
   sheet (timed alone first, the reference; every web worker answers a few pages before: a
   server at work, not starting).

Each run starts once the Celery worker processes have warmed up (each says so in its log), so
that its rounds measure workers at work, not starting.

Targets (the queue's run): every print request answers in under 100 ms (p95); the deal saves'
p95 within 10 % of the reference; each round of documents ready within 1.2 × the sum of their
render times (the workers' own, from the jobs and their parts) divided by the workers, or 1.2 ×
its longest render when that is longer (no worker shares one render); the phone's p95 under
100 ms. Exit status 1 when one is missed (not at BENCH_SIZE=small). Bounded in count and time,
talking to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchsetup import outcome, sized
from load_fault import DEAL_POSTS, HOST, PYTHON, ROOT, Tally, arrive, between_deals, psql
from queue_arbitres import DOCUMENTS, RUN_DEADLINE, arbitres
from queue_servers import (
    PROBE_CLIENTS,
    PROBE_SECONDS,
    PUBLIC,
    Timed,
    log,
    ms,
    p95,
    public_clients,
    renders,
    start_servers,
    stop_servers,
)

TABLES = sized(100, 8)
DEALS = 5
PHONES_AT_ONCE = sized(25, 8)  # with --pace 0: the tables as fast as they can, so many at once
# A deal every 20 s at each table, all 100 at once: a real room 15 times faster (live_bench's too).
PACE_SECONDS = 20
PHONE_ALONE_SECONDS = sized(10, 2)
WARM_UP_REQUESTS = 12
PRINT_P95 = 0.100
SAVES_MARGIN = 1.10
READY_FACTOR = 1.2
PHONE_P95 = 0.100

SETUP_SCRIPT = """
import datetime
from django.contrib.auth import get_user_model
from common.actors import Actor
from clubs.models import Club, Player
from seasons.models import Season
from tournaments.models import Position, Registration, Tournament
from tournaments.services.seating import seat_position

arbitre = get_user_model().objects.create_user(username="arbitre", password="x")
club = Club.objects.create(name="Club de charge")
club.arbitres.add(arbitre)
for run in range({runs}):
    tournament = Tournament.objects.create(
        name=f"Charge {{run}}", date=datetime.date(2026, 11, 21), arbitre=arbitre, club=club,
        published=True, positions_count=1, deals_per_position={deals},
    )
    players = Player.objects.bulk_create(
        Player(last_name=f"Joueur{{run}}-{{n}}", first_name="P", licence=f"Q{{run}}{{n:05d}}")
        for n in range({players})
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n + 1, checked_in=True)
        for n, p in enumerate(players)
    )
    position = Position.objects.create(tournament=tournament, number=1)
    seat_position(
        position=position,
        tables=[registrations[i:i + 4] for i in range(0, {players}, 4)],
        by=Actor.running("queue_bench"),
    )
    position.seating_published_at = datetime.datetime.now(datetime.UTC)
    position.save(update_fields=["seating_published_at"])
# The season the three evenings count in: its public ranking is probed too.
Season.objects.create(
    club=club, name="Saison de charge", start=datetime.date(2026, 9, 1),
    end=datetime.date(2027, 6, 30), method="cumul",
)
"""


def play_table(port: int, table_id: int, code: str, tally: Tally, times: dict, pace: float) -> None:
    phone = Timed(port, tally, times)
    arrive(pace)
    _, html, _ = phone.request("GET", f"/tables/{table_id}/acces/")
    status, _, _ = phone.request(
        "POST",
        f"/tables/{table_id}/acces/",
        {"code": code, "csrfmiddlewaretoken": phone.token(html)},
    )
    if status != 302:
        tally.refused.append((table_id, 0, f"code: {status}"))
        return
    for number, deal in enumerate(DEAL_POSTS[:DEALS], start=1):
        between_deals(pace)
        _, html, _ = phone.request("GET", f"/tables/{table_id}/")
        form = {
            "number": number,
            "csrfmiddlewaretoken": phone.token(html),
            "submission_id": f"{table_id}-{number}-{secrets.token_hex(4)}",
            **deal,
        }
        status, _ = phone.timed("save", "POST", f"/tables/{table_id}/donnes/nouvelle/", form)
        if status == 302:
            with tally.lock:
                tally.acknowledged.add((table_id, number))
        else:
            tally.refused.append((table_id, number, status))


# What the processors alone cost: a loop that only burns one, at the workers' priority.
BUSY_LOOP = ["nice", "-n", "19", PYTHON, "-c", "while True: pass"]


def run(args, env, folder, tournament: int, *, printing: bool, workers: int, busy=0) -> dict:
    """One run: the tables save their deals; with ``printing``, the arbitres ask meanwhile;
    with ``busy``, that many niced loops burn a processor each meanwhile."""
    tally, times, rounds = Tally(), {}, {}
    processes = start_servers(args.port, env, folder, workers)
    processes += [subprocess.Popen(BUSY_LOOP) for _ in range(busy)]
    try:
        codes = [
            (row[0], row[1])
            for row in psql(
                "SELECT t.id, t.code FROM tournaments_table t JOIN tournaments_position p "
                f"ON p.id = t.position_id WHERE p.tournament_id = {tournament} ORDER BY t.number",
                args.database,
            )
        ]
        # The arbitres in a process of their own, as they are not the tables' phones: their
        # threads never hold the interpreter lock while a table times its save.
        context = multiprocessing.get_context("spawn")
        results, sent = context.Pipe(duplex=False)
        logged_in, done = context.Event(), context.Event()
        if printing:
            asking = context.Process(
                target=arbitres, args=(args.port, tournament, logged_in, done, sent), daemon=True
            )
            asking.start()
            # The tables start once the four arbitres are logged in.
            if not logged_in.wait(timeout=RUN_DEADLINE):
                log("the arbitres did not log in in time")
        started = time.monotonic()
        phones = len(codes) if args.pace else PHONES_AT_ONCE
        with ThreadPoolExecutor(max_workers=phones) as pool:
            for future in [
                pool.submit(play_table, args.port, table_id, code, tally, times, args.pace)
                for table_id, code in codes
            ]:
                future.result(timeout=RUN_DEADLINE)
        elapsed = time.monotonic() - started
        done.set()
        if printing:
            if results.poll(RUN_DEADLINE):
                asked, refused, rounds = results.recv()
                times.update(asked)
                tally.refused.extend(refused)
            asking.join(timeout=30)
    finally:
        stop_servers(processes)
    return {"tally": tally, "times": times, "rounds": rounds, "elapsed": elapsed}


UNDER_WAY_SQL = "SELECT count(*) FROM documents_documentjob WHERE state IN ('waiting', 'drawing')"


def wait_for_the_queue(database: str) -> tuple[float, int]:
    """Until the workers have drawn every job asked for before (run 2's rounds, their messages
    kept by the broker while no worker ran): the seconds it took, and the jobs left under way
    if it did not drain within RUN_DEADLINE."""
    started = time.monotonic()
    while True:
        left = int(psql(UNDER_WAY_SQL, database)[0][0])
        if not left or time.monotonic() - started > RUN_DEADLINE:
            return time.monotonic() - started, left
        time.sleep(1)


def probe(args, env, folder, tournament: int, season: int) -> dict:
    """Once the queue has drained: eight clients on the public documents, each its own
    address, and a phone on its sheet."""
    tally, times = Tally(), {}
    statuses: dict[int, int] = {}
    processes = start_servers(args.port, env, folder, args.workers)
    try:
        table_id, code = psql(
            "SELECT t.id, t.code FROM tournaments_table t JOIN tournaments_position p "
            f"ON p.id = t.position_id WHERE p.tournament_id = {tournament} ORDER BY t.number "
            "LIMIT 1",
            args.database,
        )[0]
        # The phone types its table's code, and every web worker answers a few pages first:
        # the probe measures a server at work, not its first requests (its imports, its
        # templates read).
        device = Timed(args.port, tally, times)
        _, html, _ = device.request("GET", f"/tables/{table_id}/acces/")
        form = {"code": code, "csrfmiddlewaretoken": device.token(html)}
        device.request("POST", f"/tables/{table_id}/acces/", form)
        for _ in range(WARM_UP_REQUESTS):
            device.request("GET", f"/tables/{table_id}/")
            device.request("GET", f"/saisons/{season}/")
        # A reader asks for each public document once (its file drawn once per change, as the
        # issue wants), and the workers draw them, and whatever was asked before: the probe
        # measures the kept files and the limit per address, not a queue still busy.
        reader = Timed(args.port, tally, {}, {"X-Forwarded-For": "10.9.0.1"})
        for path in PUBLIC:
            reader.request("GET", path.format(t=tournament, s=season))
        drained, left = wait_for_the_queue(args.database)
        log(f"the queue drained in {drained:.0f} s" if not left else
            f"the queue did not drain in {drained:.0f} s: {left} jobs still under way")  # fmt: skip
        # The phone alone first: what its sheet costs on this machine now, the reference.
        alone_until = time.monotonic() + PHONE_ALONE_SECONDS
        while time.monotonic() < alone_until:
            device.timed("phone alone", "GET", f"/tables/{table_id}/")
            time.sleep(0.2)
        since = psql("SELECT now()::text", args.database)[0][0]
        # The eight clients in a process of their own, as they are not the phone's: their
        # threads never hold the interpreter lock while the phone times its sheet.
        context = multiprocessing.get_context("spawn")
        results, sent = context.Pipe(duplex=False)
        started = context.Event()
        looping = context.Process(
            target=public_clients,
            args=(args.port, tournament, season, started, sent),
            daemon=True,
        )
        looping.start()
        started.wait(timeout=60)
        deadline = time.monotonic() + PROBE_SECONDS
        while time.monotonic() < deadline:
            device.timed("phone", "GET", f"/tables/{table_id}/")
            time.sleep(0.2)
        if results.poll(PROBE_SECONDS + 60):
            times["public"], statuses = results.recv()
        looping.join(timeout=30)
        # The renders the probe cost: none (nothing changed since they were drawn).
        drawn = psql(
            f"SELECT count(*) FROM documents_documentjob WHERE created_at >= '{since}'",
            args.database,
        )[0][0]
    finally:
        stop_servers(processes)
    return {"times": times, "statuses": statuses, "drained": drained, "left": left, "drawn": drawn}


# A print request: the arbitre's ask, the page following the job (htmx), the file fetched.
PRINT_PARTS = ("ask", "follow", "file")


def prints(run: dict) -> list[float]:
    """Every print request's duration in ``run``."""
    return [t for part in PRINT_PARTS for t in run["times"].get(f"print {part}", [])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8095)
    parser.add_argument("--database", default="tarot_queue")
    parser.add_argument("--redis-db", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--pace", type=float, default=sized(PACE_SECONDS, 2.0),
        help="seconds between a table's deals, on average (0: as fast as they can)",
    )  # fmt: skip
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="queue_bench_"))
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "TRUSTED_PROXIES": HOST,
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
        "REDIS_URL": f"redis://{HOST}:6379/{args.redis_db}",
        "CACHE_KEY_PREFIX": f"queue-bench-{secrets.token_hex(4)}",
        "DOCUMENTS_ROOT": str(folder / "documents"),
    }
    log(f"set-up: database {args.database}, 4 tournaments of {TABLES} tables of 4")
    psql(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    psql(f'CREATE DATABASE "{args.database}"')
    for command in (["migrate", "--no-input"], ["collectstatic", "--no-input"]):
        subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       capture_output=True)  # fmt: skip
    script = SETUP_SCRIPT.format(deals=DEALS, players=TABLES * 4, runs=4)
    subprocess.run([PYTHON, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True,
                   capture_output=True)  # fmt: skip
    tournaments = [row[0] for row in psql("SELECT id FROM tournaments_tournament ORDER BY id",
                                          args.database)]  # fmt: skip
    try:
        log("run 1: the tables alone (reference)")
        alone = run(args, env, folder, tournaments[0], printing=False, workers=args.workers)
        log(f"run 1b: the tables beside {args.workers} niced busy loops, no document")
        beside = run(args, env, folder, tournaments[3], printing=False, workers=args.workers,
                     busy=args.workers)  # fmt: skip
        log(f"run 2: the tables and the arbitres, documents by {args.workers} Celery workers")
        queued = run(args, env, folder, tournaments[1], printing=True, workers=args.workers)
        # The workers' own render times, from the jobs of each round.
        queued["renders"] = {
            number: renders(args.database, [asked[1] for asked in round.values() if asked[1]])
            for number, round in queued["rounds"].items()
        }
        log("run 3: the tables and the arbitres, documents drawn in the request")
        eager = {**env, "CELERY_EAGER": "1"}
        inline = run(args, eager, folder, tournaments[2], printing=True, workers=0)
        log(f"probe: {PROBE_CLIENTS} clients on the public documents, a phone on its sheet")
        season = int(psql("SELECT id FROM seasons_season", args.database)[0][0])
        probed = probe(args, env, folder, tournaments[1], season)
    finally:
        psql(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    return report(alone, queued, inline, probed, args, beside)


def report(alone: dict, queued: dict, inline: dict, probed: dict, args, beside: dict) -> int:
    """The figures of the three runs and the probe, against the targets: the exit status."""
    print()
    print(f"{'':34}{'alone':>12}{'queue':>12}{'in request':>12}")
    rows = [
        ("time of the tables", [f"{r['elapsed']:.1f} s" for r in (alone, queued, inline)]),
        ("deals saved", [len(r["tally"].acknowledged) for r in (alone, queued, inline)]),
        ("deal saves p50", [ms(statistics.median(r["times"]["save"])) for r in
                            (alone, queued, inline)]),
        ("deal saves p95", [ms(p95(r["times"]["save"])) for r in (alone, queued, inline)]),
        ("print requests", ["", len(prints(queued)), len(prints(inline))]),
        ("print requests p95", ["", ms(p95(prints(queued))), ms(p95(prints(inline)))]),
        *((f"  {part} p95 (count)", ["", *(
            f"{ms(p95(r['times'].get(f'print {part}', [0])))} "
            f"({len(r['times'].get(f'print {part}', []))})" for r in (queued, inline))])
          for part in PRINT_PARTS),
        ("print requests max", ["", ms(max(prints(queued), default=0)),
                                ms(max(prints(inline), default=0))]),
    ]  # fmt: skip
    for label, values in rows:
        print(f"{label:<34}" + "".join(f"{value!s:>12}" for value in values))
    refused = [r["tally"].refused for r in (alone, queued, inline)]
    print(f"refused or failed                 {[len(r) for r in refused]} {refused[1][:3]}")
    busy = p95(beside["times"]["save"])
    print(f"the tables beside {args.workers} niced busy loops (the workers' processors, nothing of "
          f"the queue): saves p50 {ms(statistics.median(beside['times']['save']))}, p95 "
          f"{ms(busy)}, {busy / p95(alone['times']['save']) - 1:+.0%} over the tables alone; "
          f"the queue's {p95(queued['times']['save']) / busy - 1:+.0%} over these")  # fmt: skip

    print(
        "\nrounds of the four documents (queue): the last one ready after (in the arbitre's hands "
        "after, following the page every 2 s), against 1.2 × Σ render / workers"
    )
    late, kept = 0, []  # kept: how long each round whose files were all kept took
    for number, asked in sorted(queued["rounds"].items()):
        if len(asked) < len(DOCUMENTS):
            continue
        in_hands = max(answer[0] for answer in asked.values())
        rendered, longest, last_ready, order = queued["renders"][number]
        if not rendered:
            kept.append(in_hands)
            continue
        ready = last_ready - min(answer[3] for answer in asked.values())
        bound = READY_FACTOR * max(rendered / args.workers, longest)
        late += ready > bound
        print(f"  round {number + 1}: {ready:.2f} s ({in_hands:.2f} s), bound {bound:.2f} s "
              f"(Σ render {rendered:.2f} s)" + ("  LATE" if ready > bound else "")
              + f"\n    {order}")  # fmt: skip
    if kept:
        print(f"  {len(kept)} rounds with every file kept already: {min(kept):.2f} to "
              f"{max(kept):.2f} s")  # fmt: skip
    for number, asked in sorted(inline["rounds"].items()):
        in_hands = max(answer[0] for answer in asked.values())
        print(f"  in the request, round {number + 1}: {in_hands:.2f} s")

    phone = probed["times"].get("phone", [])
    phone_alone = probed["times"].get("phone alone", [])
    public = probed["times"].get("public", [])
    print(f"\nthe {len(PUBLIC)} public documents asked once, the queue drained in "
          f"{probed['drained']:.0f} s"
          + (f" (NOT drained: {probed['left']} jobs left)" if probed["left"] else ""))  # fmt: skip
    print(f"public probe, {PROBE_SECONDS} s: {len(public)} requests {probed['statuses']}, "
          f"p95 {ms(p95(public))}, {probed['drawn']} documents drawn meanwhile; "
          f"the phone's sheet alone first: p50 {ms(statistics.median(phone_alone))}, p95 "
          f"{ms(p95(phone_alone))}; with the clients: {len(phone)} loads, "
          f"p50 {ms(statistics.median(phone))}, p95 {ms(p95(phone))}")  # fmt: skip

    saves_ok = p95(queued["times"]["save"]) <= SAVES_MARGIN * p95(alone["times"]["save"])
    prints_ok = p95(prints(queued)) < PRINT_P95
    phone_ok = p95(phone) < PHONE_P95
    lost = any(
        len(r["tally"].acknowledged) != TABLES * DEALS for r in (alone, beside, queued, inline)
    )
    print(f"\nprint requests p95 < {ms(PRINT_P95)}: {'OK' if prints_ok else 'MISSED'}; "
          f"saves p95 within 10 % of the reference: {'OK' if saves_ok else 'MISSED'}; "
          f"rounds in time: {'OK' if not late else f'{late} LATE'}; "
          f"phone p95 < {ms(PHONE_P95)}: {'OK' if phone_ok else 'MISSED'}")  # fmt: skip
    if lost:
        print("A deal was not saved.")
        return 1
    return outcome(not (saves_ok and prints_ok and phone_ok) or bool(late))


if __name__ == "__main__":
    sys.exit(main())
