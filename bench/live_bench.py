"""The live pages under load: 2,000 open streams while 100 tables save 5 deals each, then the
same with the bus's Redis cut for 10 s. Not part of the test suite.

Run from the project folder, with PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and
Redis on 127.0.0.1:6379:

    .venv/bin/python bench/live_bench.py [--port 8145] [--database tarot_i33]
                                         [--redis-db 9] [--proxy-port 8156] [--streams 2000]
                                         [--pace 20] [--live-port 8147] [--one-server]
                                         [--via PORT]

Every step is bounded in count and in time, and talks to 127.0.0.1 only:

1. sets up its own database (bench/load_fault.py's set-up: 400 players, 100 tables of 4);
2. starts the production layout (docs, « Deploying »): gunicorn with two uvicorn workers for
   the pages and the saves, and gunicorn with one uvicorn worker, niced, for the streams (as
   deploy/tarot-live.service, the proxy sending it the stream URLs alone); ``--one-server``:
   one gunicorn serves both, as ``./dev prod`` does; ``--via PORT``: the phones and the clients
   go through a proxy already listening there that routes as deploy/nginx-tarot.conf does.
   Production settings, the cache in Redis and the bus (LIVE_REDIS_URL) through a small TCP
   proxy of its own, so that cutting the proxy cuts the bus's Redis and nothing else of the
   shared server;
3. run « sans direct »: the 100 tables save their 5 deals over HTTP (as load_fault.py's
   phones do), all at once, each a deal every ``--pace`` seconds on average (20: a room 15
   times faster than a real one; 0: 25 tables at a time as fast as they can, the machine
   saturated), with no stream open: the saves' p95 is the baseline;
4. run « direct »: 2,000 streams open (/tournois/<id>/direct/), then the same saves; each
   client notes each event's id and when it came; printed: the p95 from a deal's commit (the
   event's ``at``) to its arrival at every client, the server's memory (the resident memory
   of the gunicorns and their workers, at its peak), the saves' p95 against the baseline, the events
   lost or duplicated per client (by id, against the stream Redis kept). The clients run in
   a process of their own (bench/live_clients.py), as real phones are not the bench's: they
   never hold its interpreter lock while its phones time their saves;
5. run « coupure »: the same, the proxy cut for 10 s once half the deals are saved: the
   streams end, each client falls back to its timer and opens its stream again as the page
   does, refused while the bus is cut, then with its Last-Event-ID; once the saves are over
   the bench waits (bounded) for every client cut off to come back; printed: the 500s (none
   expected), the deals acknowledged against those stored, the deals announced on the bus
   (those saved during the cut too), the clients that fell back, came back and caught up
   with no event lost (by id), and how long after Redis they came back;
6. prints what the pages' timers alone would have cost in requests per second.

Exit status 1 on a fault at any size (a 5xx, a deal lost or never announced, an event lost or
duplicated, a client cut off that never came back), or on a target missed at full size.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import benchsetup
import load_fault
from live_clients import RETURN_DEADLINE, Client, Proxy, Room
from load_fault import HOST, ROOT, Tally, log, play_table, psql, set_up, tables, tournament_id

GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
WORKERS = 2  # this machine's two cores
RUN_DEADLINE = 300
# A table plays a deal in 4 to 6 minutes: a room of 100 tables saves one every 3 s. The bench
# plays 15 times faster, a deal every 20 s at each table: 5 saves a second (the championship's
# 500 tables save 1.7 a second at their real pace).
PACE_SECONDS = 20
CUT_SECONDS = 10
LIVE_NICE = 10  # as deploy/tarot-live.service
TIMER_FETCH_SECONDS = 30  # the player's page, the most read, asks every 30 s without a stream
LIVE_FETCH_SECONDS = 300
CUT_AFTER = load_fault.TABLES * load_fault.DEALS // 2  # deals acknowledged before the cut


# --- The server ---------------------------------------------------------------------------


def server_memory_mb(master: int) -> float:
    pids = [master] + [
        int(pid)
        for pid in subprocess.run(
            ["pgrep", "-P", str(master)], capture_output=True, text=True
        ).stdout.split()
    ]
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        rss = [line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")]
        total += int(rss[0]) if rss else 0  # a process being replaced has none
    return total / 1024


def servers_memory_mb(args) -> float:
    return sum(server_memory_mb(server.pid) for server in args.servers)


def start_server(
    env: dict,
    port: int,
    log_dir: Path,
    *,
    name: str = "server",
    workers: int = WORKERS,
    nice: int = 0,
) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            "nice", "-n", str(nice), GUNICORN, "tarot_club.asgi:application",
            "--worker-class", "uvicorn_worker.UvicornWorker",
            "--bind", f"{HOST}:{port}", "--workers", str(workers),
            "--graceful-timeout", "5", "--no-control-socket",
        ],
        cwd=ROOT, env=env,
        stdout=(log_dir / f"{name}.log").open("w"), stderr=subprocess.STDOUT,
    )  # fmt: skip
    load_fault.wait_until_up(port, server)
    return server


def deal_saves(port: int, codes, tally: Tally, pace: float) -> list[float]:
    """The 100 tables' 5 deals each: all at once, a deal every ``pace`` seconds at each table
    (on average), or with no ``pace`` 25 phones at a time as fast as they can; each save's
    duration, as the phone measured it (POST to answer)."""
    durations: list[float] = []
    original = load_fault.Phone.request

    def timed(phone, method, path, form=None):
        started = time.monotonic()
        answer = original(phone, method, path, form)
        if method == "POST" and path.endswith("/donnes/nouvelle/") and answer[0] == 302:
            with tally.lock:
                durations.append(time.monotonic() - started)
        return answer

    load_fault.Phone.request = timed
    try:
        deadline = time.monotonic() + RUN_DEADLINE
        phones = len(codes) if pace else load_fault.PHONES_AT_ONCE
        with ThreadPoolExecutor(max_workers=phones) as pool:
            for future in [
                pool.submit(play_table, port, table_id, code, tally, deadline, pace=pace)
                for table_id, code in codes
            ]:
                future.result(timeout=RUN_DEADLINE)
    finally:
        load_fault.Phone.request = original
    return durations


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else float("nan")


def stored_deals(database: str) -> set:
    return {
        (row[0], row[1]) for row in psql("SELECT table_id, number FROM tournaments_deal", database)
    }


def clear_deals(database: str) -> None:
    psql("DELETE FROM tournaments_deal", database)


def public_ids(redis_url: str, key: str, topic: str, since: float) -> list[str]:
    import redis

    entries = redis.Redis.from_url(redis_url).xrange(key, min=f"{int(since * 1000)}-0", max="+")
    return [
        event_id.decode()
        for event_id, fields in entries
        if fields[b"topic"].decode() == topic and not json.loads(fields[b"data"])["private"]
    ]


def deal_events(redis_url: str, key: str, topic: str, since: float) -> int:
    """The deals announced on the bus since ``since``: one event each."""
    import redis

    entries = redis.Redis.from_url(redis_url).xrange(key, min=f"{int(since * 1000)}-0", max="+")
    return sum(
        1
        for _id, fields in entries
        if fields[b"topic"].decode() == topic
        and json.loads(fields[b"data"])["kind"] == "deal.recorded"
    )


@dataclass
class Outcome:
    saves: list[float]
    tally: Tally
    clients: list[Client]
    memory_peak: float
    expected_ids: list[str]
    acknowledged: set
    stored: set
    restored: tuple[float, float] | None  # when the bus's Redis was cut, and came back
    deal_events: int  # the deals announced on the bus (kept in its stream)


def one_run(args, codes, tournament, *, streams: int, cut: Proxy | None, pace: float) -> Outcome:
    clear_deals(args.database)
    tally = Tally()
    started = time.time()
    path = f"/tournois/{tournament}/direct/"
    room = Room(streams, args.via or args.live_port, path) if streams else None
    if room:
        room.opened.wait(timeout=90)
        log(f"{streams} streams asked for: the saves start")
    peak = [servers_memory_mb(args)]
    sampling = threading.Event()

    def sample():
        while not sampling.wait(0.5):
            peak.append(servers_memory_mb(args))

    sampler = threading.Thread(target=sample)
    sampler.start()
    restored: list[float] = []  # when the bus's Redis was cut, and when it came back
    if cut is not None:

        def cut_then_restore():
            # Mid-run: once half the deals are saved (or the saves are over).
            while len(tally.acknowledged) < CUT_AFTER and not saved.is_set():
                time.sleep(0.1)
            log(f"bus's Redis cut for {CUT_SECONDS} s")
            restored.append(time.time())
            cut.cut()
            time.sleep(CUT_SECONDS)
            cut.restore()
            restored.append(time.time())
            log("bus's Redis back")

        saved = threading.Event()
        cutter = threading.Thread(target=cut_then_restore)
        cutter.start()
    saves = deal_saves(args.via or args.port, codes, tally, pace)
    if cut is not None:
        saved.set()
        cutter.join(timeout=CUT_SECONDS + 60)
    # Every client cut off comes back (bounded), and the last events reach every client.
    clients = room.clients(timeout=RETURN_DEADLINE + 120) if room else []
    if cut is not None:
        log(f"{sum(1 for c in clients if c.back_at)} of "
            f"{sum(1 for c in clients if c.fell_back_at)} clients cut off came back")  # fmt: skip
    sampling.set()
    sampler.join()
    topic = f"tournament:{tournament}"
    expected = public_ids(args.bus_url_direct, args.stream_key, topic, started) if streams else []
    acknowledged = tally.acknowledged | tally.acknowledged_on_retry
    return Outcome(
        saves,
        tally,
        clients,
        max(peak),
        expected,
        acknowledged,
        stored_deals(args.database),
        tuple(restored) if len(restored) == 2 else None,
        deal_events(args.bus_url_direct, args.stream_key, topic, started) if streams else 0,
    )


def spread(what: str, seconds: list[float]) -> None:
    seconds = sorted(seconds)
    print(
        f"  {what}: p50 {statistics.median(seconds):.1f} s, "
        f"p95 {p95(seconds) if len(seconds) > 1 else seconds[0]:.1f} s, max {seconds[-1]:.1f} s"
    )


@dataclass
class Checked:
    faults: list[str] = field(default_factory=list)  # what must never happen, at any size
    missed: list[str] = field(default_factory=list)  # the targets missed (judged at full size)


def report(name: str, outcome: Outcome, baseline: float | None, idle_memory: float) -> Checked:
    checked = Checked()
    saves_p95 = p95(outcome.saves) * 1000
    print(f"\n== {name} ==")
    print(f"deal saves: {len(outcome.saves)}, p95 {saves_p95:.0f} ms", end="")
    if baseline:
        print(f" ({(saves_p95 / baseline - 1) * 100:+.0f} % against no stream; target within 20 %)")
        if saves_p95 > 1.2 * baseline:
            checked.missed.append(f"{name}: saves p95")
    else:
        print()
    print(f"requests: {outcome.tally.requests}, 5xx: {outcome.tally.server_errors}")
    lost_deals = outcome.acknowledged - outcome.stored
    print(
        f"deals acknowledged {len(outcome.acknowledged)}, stored {len(outcome.stored)}, "
        f"lost {len(lost_deals)}"
    )
    print(
        f"server memory peak (gunicorns + workers, resident): {outcome.memory_peak:.0f} MB, "
        f"{outcome.memory_peak - idle_memory:+.0f} MB against the idle server "
        f"({idle_memory:.0f} MB) (target under 300 MB)"
    )
    if outcome.tally.server_errors:
        checked.faults.append(f"{name}: {outcome.tally.server_errors} 5xx")
    if lost_deals:
        checked.faults.append(f"{name}: {len(lost_deals)} deals lost")
    if outcome.memory_peak - idle_memory > 300:
        checked.missed.append(f"{name}: memory")
    if outcome.clients:
        report_clients(name, outcome, checked)
    return checked


def report_clients(name: str, outcome: Outcome, checked: Checked) -> None:
    """What the clients received: how fast, what they missed, and how they came back."""
    latencies = [latency for client in outcome.clients for latency in client.latencies]
    expected = set(outcome.expected_ids)
    # What each client should have had: every event published once its first stream answered.
    lost = [
        len({e for e in expected if int(e.split("-")[0]) > c.connected_at * 1000} - set(c.received))
        for c in outcome.clients
    ]
    never = sum(1 for client in outcome.clients if not client.connected_at)
    duplicated = [len(client.received) - len(set(client.received)) for client in outcome.clients]
    refused: dict = {}
    for client in outcome.clients:
        for status, count in client.refused.items():
            refused[status] = refused.get(status, 0) + count
    print(
        f"events published: {len(expected)}; deliveries: {len(latencies)} to "
        f"{len(outcome.clients)} clients"
    )
    print(
        f"commit → event at the client: p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p95 {p95(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
        " (target p95 < 500 ms)"
    )
    print(
        f"events lost per client: max {max(lost)}, clients with a loss "
        f"{sum(1 for n in lost if n)}; duplicated: max {max(duplicated)}; "
        f"clients whose stream never answered: {never}"
    )
    print(f"deals announced on the bus: {outcome.deal_events} of {len(outcome.acknowledged)}")
    if outcome.deal_events > len(outcome.acknowledged):
        print("  (more events than deals acknowledged: no deal went unannounced)")
    cut_off = [client for client in outcome.clients if client.fell_back_at]
    came_back = [client for client in outcome.clients if client.back_at]
    caught_up = [
        client for client, n in zip(outcome.clients, lost, strict=True) if client.back_at and not n
    ]
    print(
        f"clients that fell back to their timer: {len(cut_off)}, came back with their "
        f"Last-Event-ID: {len(came_back)}, caught up with no event lost: {len(caught_up)} "
        f"({sum(c.caught_up for c in came_back)} events received more than 1 s after their "
        f"commit); stream answers refused: {refused}"
    )
    if came_back and outcome.restored:
        cut_at, back_at = outcome.restored
        spread(
            "their streams ended after the cut",
            [c.fell_back_at - cut_at for c in cut_off],
        )
        spread("came back after Redis came back", [c.back_at - back_at for c in came_back])
    # With the bus cut, the events of the cut wait for it by design: judged without a cut only.
    if p95(latencies) > 0.5 and outcome.restored is None:
        checked.missed.append(f"{name}: commit → event p95")
    for count, words in (
        (sum(1 for n in lost if n), "clients missed an event"),
        (sum(1 for n in duplicated if n), "clients had an event twice"),
        (len(cut_off) - len(came_back), "clients cut off never came back"),
        (never, "clients' streams never answered"),
        (max(0, len(outcome.acknowledged) - outcome.deal_events), "deals were never announced"),
    ):
        if count:
            checked.faults.append(f"{name}: {count} {words}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8145)
    parser.add_argument("--database", default="tarot_i33")
    parser.add_argument("--redis-db", type=int, default=9)
    parser.add_argument("--proxy-port", type=int, default=8156)
    parser.add_argument("--live-port", type=int, default=8147)
    parser.add_argument(
        "--one-server", action="store_true", help="the streams on the web's processes"
    )
    parser.add_argument("--via", type=int, help="the port of a proxy routing as nginx-tarot.conf")
    small = os.environ.get("BENCH_SIZE") == "small"  # CI: each bench once, at a small size
    parser.add_argument("--streams", type=int, default=100 if small else 2000)
    parser.add_argument(
        "--pace", type=float, default=2.0 if small else PACE_SECONDS,
        help="seconds between a table's deals, on average (0: as fast as they can)",
    )  # fmt: skip
    args = parser.parse_args()

    redis_url = f"redis://{HOST}:6379/{args.redis_db}"
    args.bus_url_direct = redis_url
    prefix = f"livebench{secrets.token_hex(4)}"
    args.stream_key = f"{prefix}:live"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
        "REDIS_URL": redis_url,
        "LIVE_REDIS_URL": f"redis://{HOST}:{args.proxy_port}/{args.redis_db}",
        "CACHE_KEY_PREFIX": prefix,
    }
    proxy = Proxy(args.proxy_port, 6379)
    log(f"set-up: database {args.database}, {load_fault.TABLES} tables of 4")
    set_up(env, args.database)
    codes = tables(args.database)
    tournament = tournament_id(args.database)
    log_dir = Path(os.environ.get("TMPDIR", "/tmp")) / f"live_bench_{os.getpid()}"
    log_dir.mkdir(parents=True, exist_ok=True)
    args.servers = [start_server(env, args.port, log_dir)]
    log(f"gunicorn {args.servers[0].pid} up: {WORKERS} uvicorn workers on {HOST}:{args.port}")
    if args.one_server:
        args.live_port = args.port
    else:
        args.servers.append(
            start_server(env, args.live_port, log_dir, name="live", workers=1, nice=LIVE_NICE)
        )
        log(f"gunicorn {args.servers[1].pid} up for the streams: 1 uvicorn worker on "
            f"{HOST}:{args.live_port}, nice {LIVE_NICE}")  # fmt: skip
    idle_memory = servers_memory_mb(args)
    checked = []
    if args.pace:
        log(f"the {len(codes)} tables at once, a deal every {args.pace:g} s each on average")
    else:
        log(f"the tables {load_fault.PHONES_AT_ONCE} at a time, as fast as they can (--pace 0)")
    try:
        run = functools.partial(one_run, args, codes, tournament, pace=args.pace)
        quiet = run(streams=0, cut=None)
        baseline = p95(quiet.saves) * 1000
        checked.append(report("sans direct (no stream open)", quiet, None, idle_memory))
        live = run(streams=args.streams, cut=None)
        checked.append(report(f"direct ({args.streams} streams)", live, baseline, idle_memory))
        cut = run(streams=args.streams, cut=proxy)
        name = f"coupure (the bus's Redis cut {CUT_SECONDS} s mid-run)"
        checked.append(report(name, cut, baseline, idle_memory))
    finally:
        for server in args.servers:
            server.send_signal(signal.SIGTERM)
        for server in args.servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        import redis

        redis.Redis.from_url(redis_url).delete(args.stream_key)
    print(
        f"\nthe timers alone: {args.streams} pages asking every {TIMER_FETCH_SECONDS} s = "
        f"{args.streams / TIMER_FETCH_SECONDS:.1f} requests/s; with the stream up, every "
        f"{LIVE_FETCH_SECONDS} s = {args.streams / LIVE_FETCH_SECONDS:.1f} requests/s"
    )
    print(f"(server log: {log_dir / 'server.log'})")
    faults = [fault for one in checked for fault in one.faults]
    missed = [target for one in checked for target in one.missed]
    print(f"faults: {'; '.join(faults) or 'none'}; targets missed: {'; '.join(missed) or 'none'}")
    # A fault fails the bench at any size; a target missed only at full size.
    return 1 if faults else benchsetup.outcome(bool(missed))


if __name__ == "__main__":
    sys.exit(main())
