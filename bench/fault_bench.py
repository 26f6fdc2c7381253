"""The engines fail in the middle of play: Redis stopped for a while and the Celery worker killed
twice, on the production stack (``./dev prod``), while the tables save their deals over HTTP, the
live pages follow the room and an arbitre prints. Not part of the test suite.

Run from the project folder, with PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and
Debian's redis-server installed (the bench starts a Redis of its own on a free port):

    .venv/bin/python bench/fault_bench.py [--port 8094] [--database tarot_fault]

What it does, every step bounded in count and in time, and talking to 127.0.0.1 only:

1. creates its own database (dropped first), migrates it, and sets up one published
   tournament: 400 players, position 1 seated at 100 tables of 4 (bench/load_fault.py's);
2. starts ``./dev prod`` on it (two web processes, one Celery worker) with its own Redis;
3. 100 phones, one a table, each types its code and saves 5 deals at a room's pace (a deal
   every ``PACE`` seconds or so); 4 live pages follow the tournament's stream, coming back
   with the last id they saw whenever it ends, as a browser's EventSource does; an arbitre
   asks for the ranking and the sheets every few seconds and follows each print to its file;
4. once a fifth of the deals are saved, Redis is stopped for ``CUT_SECONDS`` (30 s), then
   started again (empty, as a restarted Redis that keeps nothing); the worker is killed
   (SIGKILL, with its pool) while a print is drawn, twice;
5. prints the deals acknowledged against those stored (lost, duplicated), the answers 5xx
   (the live streams' 503 while Redis is stopped are by design, counted apart), each live
   page's deal events against the deals stored, the prints asked and finished, and the saves'
   p50 and p95 before, during and after the cut (measured by the phones).

Exit status 1 when a deal is lost or duplicated, an answer is a 5xx, a live page misses a
deal's event, or a print never finishes (at the full size; BENCH_SIZE=small runs it small and
holds no target).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import load_fault
from benchsetup import ROOT, Tally, outcome, sized
from load_fault import DEAL_POSTS, HOST, Phone, arrive, between_deals, log, psql

sys.path.insert(0, str(ROOT))
from tests.private_redis import PrivateRedis  # noqa: E402

TABLES = load_fault.TABLES
DEALS = len(DEAL_POSTS)
PACE = sized(14.0, 3.0)  # seconds between two deals of a table, on average
CUT_SECONDS = sized(30, 6)
CUT_AFTER = TABLES * DEALS // 5
KILLS = 2
LIVE_PAGES = 4
PRINT_EVERY = sized(6.0, 2.0)
RUN_DEADLINE = 900
PRINT_DEADLINE = 120  # a print not finished this long after it was asked never will


class Clock:
    """When the cut began and ended (monotonic), for the saves' latencies by phase."""

    def __init__(self):
        self.cut_at: float | None = None
        self.back_at: float | None = None

    def phase(self, at: float) -> str:
        if self.cut_at is None or at < self.cut_at:
            return "before"
        if self.back_at is None or at < self.back_at:
            return "during"
        return "after"


def play_table(port, table_id, code, tally, saves, clock, deadline) -> None:
    """Type the code, then save the table's deals at the room's pace; a save answered with
    anything but the redirect is sent again (the same form: stored once)."""
    phone = Phone(port, tally)
    arrive(PACE)
    _, html, _ = phone.request("GET", f"/tables/{table_id}/acces/")
    form = {"code": code, "csrfmiddlewaretoken": phone.token(html)}
    status, _, _ = phone.request("POST", f"/tables/{table_id}/acces/", form)
    if status != 302:
        tally.refused.append((table_id, 0, f"code: {status}"))
        return
    for number, deal in enumerate(DEAL_POSTS, start=1):
        between_deals(PACE)
        submission_id = str(uuid.uuid4())
        while time.monotonic() < deadline:
            _, html, _ = phone.request("GET", f"/tables/{table_id}/")
            form = {
                "number": number,
                "csrfmiddlewaretoken": phone.token(html),
                "submission_id": submission_id,
                **deal,
            }
            started = time.monotonic()
            status, _, _ = phone.request("POST", f"/tables/{table_id}/donnes/nouvelle/", form)
            if status == 302:
                with tally.lock:
                    tally.acknowledged.add((table_id, number))
                    saves.append((clock.phase(started), time.monotonic() - started))
                break
            time.sleep(1)
        else:
            tally.refused.append((table_id, number, "deadline"))
            return


class LivePage:
    """One page following the tournament's stream: it reads every event, and comes back with
    the last id it saw whenever the stream ends (3 s later, as EventSource does)."""

    def __init__(self, port: int, tournament: int, database: str):
        self.port, self.path = port, f"/tournois/{tournament}/direct/"
        self.database = database
        self.last_id = ""
        self.deals: set[tuple[int, str]] = set()  # (table number, event id) since the reload
        self.read_at_reload: dict[int, int] = {}  # the deals a table had when the page reloaded
        self.kinds: dict[str, int] = {}
        self.refused = 0  # answered 503 while the bus was cut
        self.reloads = 0

    def follow(self, done: threading.Event) -> None:
        while not done.is_set():
            with contextlib.suppress(OSError, http.client.HTTPException):
                self._read(done)
            done.wait(3)

    def _read(self, done: threading.Event) -> None:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        headers = {"Last-Event-ID": self.last_id} if self.last_id else {}
        connection.request("GET", self.path, headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            self.refused += response.status == 503
            response.read()
            connection.close()
            return
        buffer = b""
        try:
            while not done.is_set():
                chunk = response.read1(65536)
                if not chunk:
                    return
                buffer += chunk
                *frames, buffer = buffer.split(b"\n\n")
                for frame in frames:
                    self._take(frame.decode())
        finally:
            connection.close()

    def _take(self, frame: str) -> None:
        fields = dict(
            line.split(": ", 1) for line in frame.splitlines() if ": " in line and line[0] != ":"
        )
        if fields.get("event") == "reload":
            # Told to read its pages again (Redis restarted empty): the page then shows every
            # deal stored, as a page does when it reloads.
            self.reloads += 1
            self.read_at_reload = deals_by_table(self.database)
            self.deals = set()
        if "id" in fields:
            self.last_id = fields["id"]
        if "data" in fields and "id" in fields:
            data = json.loads(fields["data"])
            self.kinds[data.get("kind", "")] = self.kinds.get(data.get("kind", ""), 0) + 1
            if data.get("kind") == "deal.recorded":
                self.deals.add((data["table"], fields["id"]))


def deals_by_table(database: str) -> dict[int, int]:
    """The deals stored, counted by table number."""
    rows = psql(
        "SELECT t.number, count(*) FROM tournaments_deal d "
        "JOIN tournaments_table t ON t.id = d.table_id GROUP BY t.number",
        database,
    )
    return dict(rows)


def deals_shown(page: LivePage) -> dict[int, int]:
    """The deals a page shows, by table number: those it read at its last reload, and each
    deal event since."""
    counted = dict(page.read_at_reload)
    for table, _event in page.deals:
        counted[table] = counted.get(table, 0) + 1
    return counted


class Prints:
    """An arbitre asking for the ranking and the position's sheets, following each print to
    its file (the « en préparation » page's own ``?travail=`` link)."""

    def __init__(self, port: int, tournament: int):
        self.port, self.tournament = port, tournament
        self.asked = 0
        self.finished: list[float] = []
        self.unfinished: list[str] = []
        self.server_errors = 0
        self.drawing = threading.Event()  # a print is under way: the worker may be killed

    def run(self, done: threading.Event, tally: Tally) -> None:
        arbitre = Phone(self.port, tally)
        _, html, _ = arbitre.request("GET", "/connexion/")
        form = {"username": "arbitre", "password": "x", "csrfmiddlewaretoken": arbitre.token(html)}
        arbitre.request("POST", "/connexion/", form)
        paths = [
            f"/arbitre/tournois/{self.tournament}/positions/1/feuilles.pdf",
            f"/tournois/{self.tournament}/classement.pdf",
        ]
        turn = 0
        while not done.is_set():
            self._follow(arbitre, paths[turn % len(paths)])
            turn += 1
            done.wait(PRINT_EVERY)

    def _follow(self, arbitre: Phone, path: str) -> None:
        self.asked += 1
        started = time.monotonic()
        url = path
        while time.monotonic() - started < PRINT_DEADLINE:
            status, text, _ = arbitre.request("GET", url)
            if status is not None and status >= 500:
                self.server_errors += 1
            if status == 200 and not text:  # the file (a PDF is not read as text)
                self.drawing.clear()
                self.finished.append(time.monotonic() - started)
                return
            followed = re.search(r"\?travail=([0-9a-f]{64})", text or "")
            if followed:
                url = f"{path}?travail={followed.group(1)}"
                self.drawing.set()
            time.sleep(1)
        self.drawing.clear()
        self.unfinished.append(path)


def celery_processes(prod: subprocess.Popen) -> list[int]:
    found, queue = [], [prod.pid]
    while queue:
        parent = queue.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                queue.append(child)
                try:
                    command = Path(f"/proc/{child}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"celery" in command:
                    found.append(child)
    return found


def render_under_way(database: str) -> bool:
    """Whether the worker draws a document or a part now (its heartbeat written): the moment
    to kill it mid-render."""
    return bool(
        psql(
            "SELECT 1 FROM documents_documentpart WHERE file = '' AND alive_at IS NOT NULL "
            "UNION ALL SELECT 1 FROM documents_documentjob "
            "WHERE state = 'drawing' AND alive_at IS NOT NULL LIMIT 1",
            database,
        )
    )


def faults(prod, redis, prints, tally, clock, done, deadline, database) -> list[str]:
    """Redis stopped for CUT_SECONDS once a fifth of the deals are saved; the worker killed
    while a print is drawn, twice (once before the cut, once after)."""
    said: list[str] = []
    kills = 0
    while not done.is_set() and time.monotonic() < deadline:
        saved = len(tally.acknowledged)
        if clock.cut_at is None and saved >= CUT_AFTER:
            redis.stop()
            clock.cut_at = time.monotonic()
            said.append(f"Redis stopped after {saved} deals")
            log(said[-1])
            done.wait(CUT_SECONDS)
            redis.start()
            clock.back_at = time.monotonic()
            said.append(f"Redis started again after {CUT_SECONDS} s")
            log(said[-1])
        wants_kill = kills == 0 or (kills < KILLS and clock.back_at is not None)
        if wants_kill and prints.drawing.is_set() and render_under_way(database):
            victims = celery_processes(prod)
            for pid in victims:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            if victims:
                kills += 1
                said.append(f"worker killed mid-print (SIGKILL to {victims}) after {saved} deals")
                log(said[-1])
                done.wait(3)
        done.wait(0.2)
    return said


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8094)
    parser.add_argument("--database", default="tarot_fault")
    args = parser.parse_args()

    redis = PrivateRedis()
    folder = Path(tempfile.mkdtemp(prefix="fault_bench_"))
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("REDIS", "DATABASE"))},
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
        "REDIS_URL": redis.url(0),
        "DOCUMENTS_ROOT": str(folder / "documents"),
        "WEB_CONCURRENCY": "2",
        "BIND": HOST,
    }
    log(f"set-up: database {args.database}, {TABLES} tables of 4, Redis on port {redis.port}")
    load_fault.set_up(env, args.database)
    codes = load_fault.tables(args.database)
    tournament = load_fault.tournament_id(args.database)

    prod = subprocess.Popen(
        ["./dev", "prod", str(args.port)],
        cwd=ROOT,
        env=env,
        stdout=(folder / "prod.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    tally, saves, clock = Tally(), [], Clock()
    pages = [LivePage(args.port, tournament, args.database) for _ in range(LIVE_PAGES)]
    prints = Prints(args.port, tournament)
    done = threading.Event()
    try:
        load_fault.wait_until_up(args.port, prod)
        deadline = time.monotonic() + 60
        while " ready." not in (folder / "prod.log").read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
        log(f"./dev prod up on {HOST}:{args.port}")
        started = time.monotonic()
        deadline = started + RUN_DEADLINE
        side = [threading.Thread(target=page.follow, args=(done,)) for page in pages]
        side.append(threading.Thread(target=prints.run, args=(done, tally)))
        for thread in side:
            thread.start()
        said: list[str] = []
        fault_thread = threading.Thread(
            target=lambda: said.extend(
                faults(prod, redis, prints, tally, clock, done, deadline, args.database)
            )
        )
        fault_thread.start()
        with ThreadPoolExecutor(max_workers=TABLES) as pool:
            for future in [
                pool.submit(play_table, args.port, table, code, tally, saves, clock, deadline)
                for table, code in codes
            ]:
                future.result(timeout=RUN_DEADLINE)
        elapsed = time.monotonic() - started
        # The pages read what the last saves sent; a print under way finishes.
        time.sleep(5)
        done.set()
        for thread in [*side, fault_thread]:
            thread.join(timeout=PRINT_DEADLINE + 10)
    finally:
        done.set()
        if prod.poll() is None:
            os.killpg(prod.pid, signal.SIGTERM)
            try:
                prod.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(prod.pid, signal.SIGKILL)
        redis.close()

    stored = {
        (row[0], row[1])
        for row in psql("SELECT table_id, number FROM tournaments_deal", args.database)
    }
    stored_rows = psql("SELECT count(*) FROM tournaments_deal", args.database)[0][0]
    expected = deals_by_table(args.database)
    missed = [
        sum(max(0, count - deals_shown(page).get(table, 0)) for table, count in expected.items())
        for page in pages
    ]
    lost = tally.acknowledged - stored
    duplicated = stored_rows - len(stored)
    server_errors_logged = (folder / "prod.log").read_text().count("Internal Server Error")

    print()
    print(
        f"time                       {elapsed:.1f} s ({TABLES} tables, a deal every ~{PACE:.0f} s)"
    )
    for line in said:
        print(f"fault                      {line}")
    print(f"requests                   {tally.requests}")
    print(f"5xx answers                {tally.server_errors} (logged: {server_errors_logged})")
    print(f"deals expected             {TABLES * DEALS}")
    print(f"deals acknowledged         {len(tally.acknowledged)}")
    print(f"deals stored               {stored_rows}")
    print(f"lost / duplicated          {len(lost)} / {duplicated}")
    print(f"refused or unanswered      {len(tally.refused)} {tally.refused[:5]}")
    print(f"live pages: deals missed   {missed} of {len(stored)} each")
    print(f"live pages: 503 during cut {[page.refused for page in pages]}")
    print(f"live pages: reloads        {[page.reloads for page in pages]} (Redis restarted empty)")
    print(
        f"prints                     {len(prints.finished)} finished of {prints.asked} asked, "
        f"unfinished {prints.unfinished}, 5xx {prints.server_errors}, "
        f"longest {max(prints.finished, default=0):.0f} s"
    )
    for phase in ("before", "during", "after"):
        times = [seconds * 1000 for when, seconds in saves if when == phase]
        print(
            f"saves {phase:<20} p50 {percentile(times, 0.5):.0f} ms, "
            f"p95 {percentile(times, 0.95):.0f} ms over {len(times)}"
        )
    print(f"server log                 {folder / 'prod.log'}")
    psql(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    failed = bool(
        lost
        or duplicated
        or tally.server_errors
        or server_errors_logged
        or any(missed)
        or prints.unfinished
        or prints.server_errors
        or len(tally.acknowledged) < TABLES * DEALS
    )
    return outcome(failed)


if __name__ == "__main__":
    sys.exit(main())
