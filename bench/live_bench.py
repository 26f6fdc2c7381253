"""The live pages under load: 2,000 open streams while 100 tables save 5 deals each, then the
same with the bus's Redis cut for 10 s. Not part of the test suite.

Run from the project folder, with PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and
Redis on 127.0.0.1:6379:

    .venv/bin/python bench/live_bench.py [--port 8145] [--database tarot_i33]
                                         [--redis-db 9] [--proxy-port 8156] [--streams 2000]

Every step is bounded in count and in time, and talks to 127.0.0.1 only:

1. sets up its own database (bench/load_fault.py's set-up: 400 players, 100 tables of 4);
2. starts gunicorn with uvicorn workers (ASGI, production settings), the cache in Redis and
   the bus (LIVE_REDIS_URL) through a small TCP proxy of its own, so that cutting the proxy
   cuts the bus's Redis and nothing else of the shared server;
3. run « sans direct »: the 100 tables save their 5 deals over HTTP (as load_fault.py's
   phones do), with no stream open: the saves' p95 is the baseline;
4. run « direct »: 2,000 streams open (/tournois/<id>/direct/), then the same saves; each
   client notes each event's id and when it came; printed: the p95 from a deal's commit (the
   event's ``at``) to its arrival at every client, the server's memory (the resident memory
   of gunicorn and its workers, at its peak), the saves' p95 against the baseline, the events
   lost or duplicated per client (by id, against the stream Redis kept);
5. run « coupure »: the same, the proxy cut for 10 s in the middle: the streams end, each
   client falls back to its timer, reconnects with its Last-Event-ID and catches up;
   printed: the 500s (none expected), the deals acknowledged against those stored, the
   clients that fell back and came back, and what they caught up;
6. prints what the pages' timers alone would have cost in requests per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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

import load_fault
from load_fault import HOST, ROOT, Tally, log, play_table, psql, set_up, tables, tournament_id

GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
WORKERS = 2  # this machine's two cores
RUN_DEADLINE = 300
STREAMS_OPENED_PER_SECOND = 250
CUT_SECONDS = 10
RECONNECT_SPREAD = 3.0  # the browser's retry (3 s), spread as 2,000 phones would be
TIMER_FETCH_SECONDS = 30  # the player's page, the most read, asks every 30 s without a stream
LIVE_FETCH_SECONDS = 300


# --- The bus's Redis, through a proxy that can be cut --------------------------------------


class Proxy:
    """A TCP proxy from ``port`` to Redis, in a thread of its own; ``cut`` closes it and every
    connection through it, ``restore`` opens it again."""

    def __init__(self, port: int, target: int):
        self.port, self.target = port, target
        self.loop = asyncio.new_event_loop()
        self.server = None
        self.pipes: set[asyncio.StreamWriter] = set()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.restore()

    async def _pipe(self, reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _accept(self, client_reader, client_writer):
        try:
            redis_reader, redis_writer = await asyncio.open_connection(HOST, self.target)
        except OSError:
            client_writer.close()
            return
        self.pipes |= {client_writer, redis_writer}
        await asyncio.gather(
            self._pipe(client_reader, redis_writer), self._pipe(redis_reader, client_writer)
        )
        self.pipes -= {client_writer, redis_writer}

    def restore(self) -> None:
        async def start():
            self.server = await asyncio.start_server(self._accept, HOST, self.port)

        asyncio.run_coroutine_threadsafe(start(), self.loop).result(timeout=5)

    def cut(self) -> None:
        async def stop():
            self.server.close()
            for writer in list(self.pipes):
                writer.transport.abort()
            self.pipes.clear()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(timeout=5)


# --- 2,000 phones following the stream ------------------------------------------------------


@dataclass
class Client:
    received: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    last_id: str = ""
    connected_at: float = 0.0  # when its first stream answered
    fell_back: int = 0
    reconnected: int = 0
    caught_up: int = 0
    refused: dict = field(default_factory=dict)


async def _open(client: Client, port: int, path: str):
    """The stream's connection, its status line and headers read; None if refused."""
    headers = f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n"
    if client.last_id:
        headers += f"Last-Event-ID: {client.last_id}\r\n"
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write((headers + "\r\n").encode())
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    if status != 200:
        client.refused[status] = client.refused.get(status, 0) + 1
        writer.close()
        return None
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    client.connected_at = client.connected_at or time.time()
    return reader, writer


async def _read(client: Client, reader, stop: asyncio.Event, catching_up: bool) -> None:
    """Each event of the stream: its id kept, and the time from its commit to here."""
    event_id = ""
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            return
        text = line.decode().rstrip("\r\n")
        if text.startswith("id: "):
            event_id = text[4:]
        elif text.startswith("data: ") and event_id:
            now = time.time()
            data = json.loads(text[6:])
            client.received.append(event_id)
            client.latencies.append(now - data["at"])
            client.caught_up += catching_up and now - data["at"] > 1
            client.last_id = event_id
            event_id = ""


async def follow(client: Client, port: int, path: str, stop: asyncio.Event) -> None:
    """One phone: open the stream, read its events; when it ends, fall back, wait the
    browser's retry, and open it again with the last id seen."""
    while not stop.is_set():
        catching_up = bool(client.last_id)
        try:
            opened = await _open(client, port, path)
            if opened is not None:
                client.reconnected += catching_up
                await _read(client, opened[0], stop, catching_up)
                opened[1].close()
        except (ConnectionError, OSError, ValueError, IndexError):
            pass
        if stop.is_set():
            return
        client.fell_back += 1
        await asyncio.sleep(random.uniform(1.0, 1.0 + RECONNECT_SPREAD))


def run_clients(clients, port: int, path: str, stop: threading.Event, opened: threading.Event):
    async def main():
        done = asyncio.Event()
        tasks = []
        for index, client in enumerate(clients):
            tasks.append(asyncio.create_task(follow(client, port, path, done)))
            if index % STREAMS_OPENED_PER_SECOND == STREAMS_OPENED_PER_SECOND - 1:
                await asyncio.sleep(1)
        # Until every stream answered (bounded): the saves start with the room following.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(c.connected_at for c in clients):
            await asyncio.sleep(0.5)
        opened.set()
        while not stop.is_set():
            await asyncio.sleep(0.2)
        done.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


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


def start_server(env: dict, port: int, log_dir: Path) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            GUNICORN, "tarot_club.asgi:application",
            "--worker-class", "uvicorn_worker.UvicornWorker",
            "--bind", f"{HOST}:{port}", "--workers", str(WORKERS),
            "--graceful-timeout", "5", "--no-control-socket",
        ],
        cwd=ROOT, env=env,
        stdout=(log_dir / "server.log").open("w"), stderr=subprocess.STDOUT,
    )  # fmt: skip
    load_fault.wait_until_up(port, server)
    return server


def deal_saves(port: int, codes, tally: Tally) -> list[float]:
    """The 100 tables' 5 deals each, 25 phones at a time; each save's duration, as the phone
    measured it (POST to answer)."""
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
        with ThreadPoolExecutor(max_workers=load_fault.PHONES_AT_ONCE) as pool:
            for future in [
                pool.submit(play_table, port, table_id, code, tally, deadline)
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


@dataclass
class Outcome:
    saves: list[float]
    tally: Tally
    clients: list[Client]
    memory_peak: float
    expected_ids: list[str]
    acknowledged: set
    stored: set


def one_run(args, codes, tournament, *, streams: int, cut: Proxy | None) -> Outcome:
    clear_deals(args.database)
    tally = Tally()
    clients = [Client() for _ in range(streams)]
    stop, opened = threading.Event(), threading.Event()
    path = f"/tournois/{tournament}/direct/"
    started = time.time()
    follower = threading.Thread(
        target=run_clients, args=(clients, args.port, path, stop, opened), daemon=True
    )
    if streams:
        follower.start()
        opened.wait(timeout=60)
        log(f"{sum(1 for c in clients if c.connected_at)} streams open")
    peak = [server_memory_mb(args.server.pid)]
    sampling = threading.Event()

    def sample():
        while not sampling.wait(0.5):
            peak.append(server_memory_mb(args.server.pid))

    sampler = threading.Thread(target=sample)
    sampler.start()
    if cut is not None:

        def cut_then_restore():
            while len(tally.acknowledged) < 250 and not sampling.is_set():
                time.sleep(0.1)
            log(f"bus's Redis cut for {CUT_SECONDS} s")
            cut.cut()
            time.sleep(CUT_SECONDS)
            cut.restore()
            log("bus's Redis back")

        cutter = threading.Thread(target=cut_then_restore)
        cutter.start()
    saves = deal_saves(args.port, codes, tally)
    if cut is not None:
        cutter.join(timeout=60)
    # Time for the last events, and for the clients cut off to come back and catch up.
    time.sleep(8 if cut is not None else 3)
    sampling.set()
    sampler.join()
    stop.set()
    if streams:
        follower.join(timeout=60)
    topic = f"tournament:{tournament}"
    expected = public_ids(args.bus_url_direct, args.stream_key, topic, started) if streams else []
    acknowledged = tally.acknowledged | tally.acknowledged_on_retry
    return Outcome(
        saves, tally, clients, max(peak), expected, acknowledged, stored_deals(args.database)
    )


def report(name: str, outcome: Outcome, baseline: float | None, idle_memory: float) -> None:
    saves_p95 = p95(outcome.saves) * 1000
    print(f"\n== {name} ==")
    print(f"deal saves: {len(outcome.saves)}, p95 {saves_p95:.0f} ms", end="")
    if baseline:
        print(f" ({(saves_p95 / baseline - 1) * 100:+.0f} % against no stream; target within 20 %)")
    else:
        print()
    print(f"requests: {outcome.tally.requests}, 5xx: {outcome.tally.server_errors}")
    lost_deals = outcome.acknowledged - outcome.stored
    print(
        f"deals acknowledged {len(outcome.acknowledged)}, stored {len(outcome.stored)}, "
        f"lost {len(lost_deals)}"
    )
    print(
        f"server memory peak (gunicorn + workers, resident): {outcome.memory_peak:.0f} MB, "
        f"{outcome.memory_peak - idle_memory:+.0f} MB against the idle server "
        f"({idle_memory:.0f} MB) (target under 300 MB)"
    )
    if not outcome.clients:
        return
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
    fell_back = sum(1 for client in outcome.clients if client.fell_back)
    came_back = sum(1 for client in outcome.clients if client.reconnected)
    caught_up = sum(client.caught_up for client in outcome.clients)
    print(
        f"clients that fell back to their timer: {fell_back}, came back: {came_back}, "
        f"events caught up after coming back: {caught_up}; stream answers refused: {refused}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8145)
    parser.add_argument("--database", default="tarot_i33")
    parser.add_argument("--redis-db", type=int, default=9)
    parser.add_argument("--proxy-port", type=int, default=8156)
    small = os.environ.get("BENCH_SIZE") == "small"  # CI: each bench once, at a small size
    parser.add_argument("--streams", type=int, default=100 if small else 2000)
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
    args.server = start_server(env, args.port, log_dir)
    idle_memory = server_memory_mb(args.server.pid)
    log(f"gunicorn {args.server.pid} up: {WORKERS} uvicorn workers on {HOST}:{args.port}")
    try:
        quiet = one_run(args, codes, tournament, streams=0, cut=None)
        baseline = p95(quiet.saves) * 1000
        report("sans direct (no stream open)", quiet, None, idle_memory)
        live = one_run(args, codes, tournament, streams=args.streams, cut=None)
        report(f"direct ({args.streams} streams open)", live, baseline, idle_memory)
        cut = one_run(args, codes, tournament, streams=args.streams, cut=proxy)
        report(f"coupure (the bus's Redis cut {CUT_SECONDS} s mid-run)", cut, baseline, idle_memory)
    finally:
        args.server.send_signal(signal.SIGTERM)
        try:
            args.server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            args.server.kill()
        import redis

        redis.Redis.from_url(redis_url).delete(args.stream_key)
    print(
        f"\nthe timers alone: {args.streams} pages asking every {TIMER_FETCH_SECONDS} s = "
        f"{args.streams / TIMER_FETCH_SECONDS:.1f} requests/s; with the stream up, every "
        f"{LIVE_FETCH_SECONDS} s = {args.streams / LIVE_FETCH_SECONDS:.1f} requests/s"
    )
    print(f"(server log: {log_dir / 'server.log'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
