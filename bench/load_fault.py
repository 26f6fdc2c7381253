"""Load and faults: 100 tables enter their deals at once while a worker dies and the database
cuts its idle connections. Not part of the test suite.

Run from the project folder, with PostgreSQL on 127.0.0.1:5432 (user postgres, trust):

    .venv/bin/python bench/load_fault.py [--port 8093] [--database tarot_load] [--redis]
                                         [--arbitres 3]

What it does, every step bounded in count and in time, and talking to 127.0.0.1 only:

1. creates its own database (dropped first if it exists), migrates it, creates the cache
   table, collects the static files, and sets up one published tournament: 400 players,
   position 1 seated at 100 tables of 4;
2. starts gunicorn with 4 workers on that database (production settings, PLAIN_HTTP=1 since
   it is plain HTTP on the loopback), its access log carrying each request's duration (%(D)s
   microseconds, the server's own timing);
3. 100 phones, one per table, 25 at a time: each opens the table's code page (CSRF cookie and
   token), types the code (the session), then enters 5 deals, each by loading the sheet and
   posting the deal form, as a browser does. A request cut off (connection reset, no answer)
   is sent once more, as a phone would;
4. once 150 deals are acknowledged it kills one gunicorn worker (SIGKILL; the master starts
   another), once 300 are, it cuts every idle connection to its database once
   (pg_terminate_backend);
5. prints the requests sent, the 5xx answers, the deals acknowledged against the deals
   stored, the lost and duplicated ones, and the p50/p95 of the deal saves from the access
   log. Exit status 1 when a deal is lost or duplicated, or any answer is a 5xx.

With ``--arbitres N``, N arbitre sessions close, reopen, generate and publish meanwhile, and
the tables sign (bench/load_arbitres.py says how); a conflict shown to a person also fails it.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import load_arbitres
from benchsetup import Tally, sized

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
HOST = "127.0.0.1"  # the only address this script ever talks to
TABLES = sized(100, 8)
DEALS = 5
PHONES_AT_ONCE = sized(25, 8)
KILL_AFTER = sized(150, 12)
CUT_AFTER = sized(300, 24)
REQUEST_TIMEOUT = 30
RUN_DEADLINE = 600  # seconds for the whole HTTP phase
SETUP_DEADLINE = 300

# Five deals of a table of 4 (Nord, Est, Sud, Ouest), as the deal form posts them.
DEAL_POSTS = [
    {"taker": "N", "contract": "prise", "bouts": "1", "points": "55"},
    {"taker": "E", "contract": "garde", "bouts": "2", "points": "40"},
    {"taker": "S", "contract": "prise", "bouts": "3", "points": "36"},
    {"taker": "O", "contract": "garde", "bouts": "0", "points": "60", "petit_au_bout": "attack"},
    {"taker": "N", "contract": "garde_sans", "bouts": "2", "points": "48"},
]


TEXT_TYPES = ("text/", "application/json")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def run(command: list[str], env: dict, timeout: int = SETUP_DEADLINE) -> None:
    subprocess.run(command, cwd=ROOT, env=env, check=True, timeout=timeout, capture_output=True)


def psql(sql: str, database: str = "postgres") -> str:
    import psycopg

    with psycopg.connect(f"host={HOST} user=postgres dbname={database}", autocommit=True) as db:
        cursor = db.execute(sql)
        return cursor.fetchall() if cursor.description else []


# --- Set-up -------------------------------------------------------------------------------


SETUP_SCRIPT = """
import datetime
from django.contrib.auth import get_user_model
from common.actors import Actor
from clubs.models import Club, Player
from tournaments.models import Position, Registration, Tournament
from tournaments.services.seating import seat_position

arbitre = get_user_model().objects.create_user(username="arbitre", password="x")
club = Club.objects.create(name="Club de charge")
club.arbitres.add(arbitre)
tournament = Tournament.objects.create(
    name="Charge", date=datetime.date(2026, 11, 21), arbitre=arbitre, club=club, published=True,
    positions_count={positions}, deals_per_position={deals},
)
players = Player.objects.bulk_create(
    Player(last_name=f"Joueur{{n}}", first_name="P", licence=f"8{{n:06d}}")
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
    by=Actor.running("load_fault"),
)
position.seating_published_at = datetime.datetime.now(datetime.UTC)
position.save(update_fields=["seating_published_at"])
"""


def set_up(env: dict, database: str, positions: int = 1) -> None:
    psql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    psql(f'CREATE DATABASE "{database}"')
    run([PYTHON, "manage.py", "migrate", "--no-input"], env)
    run([PYTHON, "manage.py", "createcachetable"], env)
    run([PYTHON, "manage.py", "collectstatic", "--no-input"], env)
    script = SETUP_SCRIPT.format(deals=DEALS, positions=positions, players=TABLES * 4)
    run([PYTHON, "manage.py", "shell", "-c", script], env)


def tables(database: str) -> list[tuple[int, str]]:
    rows = psql("SELECT id, code FROM tournaments_table ORDER BY number", database)
    return [(row[0], row[1]) for row in rows]


def tournament_id(database: str) -> int:
    return psql("SELECT id FROM tournaments_tournament", database)[0][0]


# --- A phone ------------------------------------------------------------------------------


class Phone:
    """One table's phone: its cookies, its CSRF token, one connection at a time."""

    def __init__(self, port: int, tally: Tally, headers: dict | None = None):
        self.port = port
        self.tally = tally
        self.cookies: dict[str, str] = {}
        self.extra = headers or {}  # sent with every request (htmx's, a proxy's X-Forwarded-For)

    def request(self, method: str, path: str, form: dict | None = None):
        """Send once; if the connection is cut before an answer, send once more."""
        for attempt in range(2):
            try:
                return self._send(method, path, form)
            except (OSError, http.client.HTTPException):
                self.tally.count(None)
                with self.tally.lock:
                    self.tally.retried += attempt == 0
                    self.tally.unanswered += attempt == 1
                if attempt == 0:
                    time.sleep(0.5)
        return None, "", attempt

    def _send(self, method: str, path: str, form: dict | None):
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **self.extra}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            body = response.read()
            # A page is read, a file (a PDF, a spreadsheet) only received, as a browser does:
            # decoding megabytes would cost the bench's own threads what it times.
            kind = response.headers.get("Content-Type", "")
            text = body.decode("utf-8", "replace") if kind.startswith(TEXT_TYPES) else ""
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie(header)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
        self.tally.count(response.status, text)
        return response.status, text, 0

    def token(self, html: str) -> str:
        """The form's CSRF token; a page without a form (a sheet read only while its position
        is closed) gives none, and the cookie's own value stands for it, as Django allows."""
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        return match.group(1) if match else self.cookies.get("csrftoken", "")

    @staticmethod
    def submission_id(html: str) -> str:
        """The id the server rendered into the deal form: a resend of it is stored once."""
        match = re.search(r'name="submission_id" value="([^"]+)"', html)
        return match.group(1) if match else ""


def between_deals(pace: float) -> None:
    """A table's time to play its next deal: ``pace`` seconds on average (0: none, the tables
    as fast as they can), spread as a room's tables are."""
    if pace:
        time.sleep(random.uniform(0.5, 1.5) * pace)


def arrive(pace: float) -> None:
    """A table's phone comes in (its code typed) at its own moment of the first ``pace``
    seconds, as a room's phones do when a position starts (none: at once)."""
    if pace:
        time.sleep(random.uniform(0, pace))


def play_table(
    port: int,
    table_id: int,
    code: str,
    tally: Tally,
    deadline: float,
    sign: bool = False,
    pace: float = 0.0,
) -> None:
    phone = Phone(port, tally)
    arrive(pace)
    status, html, _ = phone.request("GET", f"/tables/{table_id}/acces/")
    token = phone.token(html)
    status, _, _ = phone.request(
        "POST", f"/tables/{table_id}/acces/", {"code": code, "csrfmiddlewaretoken": token}
    )
    if status != 302:
        tally.refused.append((table_id, 0, f"code: {status}"))
        return
    for number, deal in enumerate(DEAL_POSTS[:DEALS], start=1):
        between_deals(pace)
        # One id per deal, kept across its resends: a send that reached the database is
        # stored once, whatever answer was lost.
        submission_id = str(uuid.uuid4())
        while True:
            if time.monotonic() > deadline:
                tally.refused.append((table_id, number, "deadline"))
                return
            status, html, _ = phone.request("GET", f"/tables/{table_id}/")
            form = {
                "number": number,
                "csrfmiddlewaretoken": phone.token(html),
                "submission_id": submission_id,
                **deal,
            }
            status, html, retried = phone.request(
                "POST", f"/tables/{table_id}/donnes/nouvelle/", form
            )
            if sign and status == 503:
                # « Réessayez »: the same deal again, as the page says (still a 5xx counted).
                time.sleep(load_arbitres.CLOSED_RETRY_PAUSE)
                continue
            if sign and load_arbitres.closed_for_now(status, html):
                # The arbitre closed the position for a moment: the phone waits, then sends
                # the same deal again.
                with tally.lock:
                    tally.closed_waits += 1
                time.sleep(load_arbitres.CLOSED_RETRY_PAUSE)
                continue
            break
        with tally.lock:
            if status == 302:
                tally.acknowledged.add((table_id, number))
            elif status == 409 and "déjà" in html:
                # Before submission_id: the first send reached the database before the worker
                # died, and the resend was told the deal is already there.
                tally.acknowledged_on_retry.add((table_id, number))
            else:
                tally.refused.append((table_id, number, status))
    if sign:
        load_arbitres.sign_sheet(phone, table_id, tally, deadline)


# --- Faults -------------------------------------------------------------------------------


def workers(master: int) -> list[int]:
    path = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def faults(master: int, database: str, tally: Tally, deadline: float, done: threading.Event):
    killed = cut = False
    while not done.is_set() and time.monotonic() < deadline and not (killed and cut):
        saved = len(tally.acknowledged)
        if not killed and saved >= KILL_AFTER:
            victim = workers(master)[0]
            os.kill(victim, signal.SIGKILL)
            log(f"fault: worker {victim} killed (SIGKILL) after {saved} deals")
            killed = True
        if not cut and saved >= CUT_AFTER:
            rows = psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{database}' AND state = 'idle' AND pid <> pg_backend_pid()"
            )
            log(f"fault: {len(rows)} idle connections to {database} cut after {saved} deals")
            cut = True
        done.wait(0.05)


# --- Main ---------------------------------------------------------------------------------


def save_latencies(access_log: Path) -> list[float]:
    pattern = re.compile(r'"POST /tables/\d+/donnes/nouvelle/ [^"]*" (\d{3}) (\d+)')
    return [
        int(match.group(2)) / 1000
        for match in pattern.finditer(access_log.read_text())
        if match.group(1) == "302"
    ]


def wait_until_up(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn stopped at start")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/")
            connection.getresponse().read()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 60 s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8093)
    parser.add_argument("--database", default="tarot_load")
    parser.add_argument("--redis", action="store_true", help="cache in Redis on 127.0.0.1:6379")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--arbitres",
        type=int,
        default=0,
        help="arbitre sessions closing, reopening, generating and publishing meanwhile",
    )
    args = parser.parse_args()

    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
    }
    if args.redis:
        env["REDIS_URL"] = f"redis://{HOST}:6379/9"
    log(f"set-up: database {args.database}, {TABLES} tables of 4")
    set_up(env, args.database, positions=2 if args.arbitres else 1)
    codes = tables(args.database)
    assert len(codes) == TABLES, len(codes)
    tournament = tournament_id(args.database)
    psql("SELECT pg_stat_reset()", args.database)

    access_log = Path(tempfile.mkdtemp(prefix="load_fault_")) / "access.log"
    gunicorn = subprocess.Popen(
        [
            GUNICORN,
            "tarot_club.wsgi",
            "--bind",
            f"{HOST}:{args.port}",
            "--workers",
            "4",
            "--access-logfile",
            str(access_log),
            "--access-logformat",
            '"%(r)s" %(s)s %(D)s',
            "--error-logfile",
            str(access_log.with_name("error.log")),
        ],
        cwd=ROOT,
        env=env,
        # The application's own log (refusals, cut connections) goes beside the access log.
        stderr=access_log.with_name("server.log").open("w"),
    )
    tally = Tally()
    done = threading.Event()
    try:
        wait_until_up(args.port, gunicorn)
        log(f"gunicorn {gunicorn.pid} up with 4 workers on {HOST}:{args.port}")
        started = time.monotonic()
        deadline = started + RUN_DEADLINE
        fault_thread = threading.Thread(
            target=faults, args=(gunicorn.pid, args.database, tally, deadline, done)
        )
        fault_thread.start()
        tables_done = threading.Event()
        side = [
            threading.Thread(
                target=load_arbitres.arbitre_loop,
                args=(Phone(args.port, tally), tournament, tally, tables_done, deadline),
            )
            for _ in range(args.arbitres)
        ]
        if args.arbitres:
            side.append(
                threading.Thread(
                    target=load_arbitres.public_reader,
                    args=(Phone(args.port, tally), tournament, tally, tables_done, deadline),
                )
            )
        for thread in side:
            thread.start()
        sign = bool(args.arbitres)
        with ThreadPoolExecutor(max_workers=PHONES_AT_ONCE) as pool:
            for future in [
                pool.submit(play_table, args.port, table_id, code, tally, deadline, sign)
                for table_id, code in codes
            ]:
                future.result(timeout=RUN_DEADLINE)
        elapsed = time.monotonic() - started
        tables_done.set()
        for thread in side:
            thread.join(timeout=60)
        done.set()
        fault_thread.join(timeout=10)
    finally:
        done.set()
        gunicorn.send_signal(signal.SIGTERM)
        try:
            gunicorn.wait(timeout=30)
        except subprocess.TimeoutExpired:
            gunicorn.kill()

    rows = psql(f"SELECT deadlocks FROM pg_stat_database WHERE datname = '{args.database}'")
    deadlocks_detected = rows[0][0] if rows else 0
    stored = {
        (row[0], row[1])
        for row in psql("SELECT table_id, number FROM tournaments_deal", args.database)
    }
    stored_rows = psql("SELECT count(*) FROM tournaments_deal", args.database)[0][0]
    acknowledged = tally.acknowledged | tally.acknowledged_on_retry
    lost = acknowledged - stored
    duplicated = stored_rows - len(stored)
    latencies = save_latencies(access_log)
    p50 = statistics.median(latencies) if latencies else float("nan")
    p95 = statistics.quantiles(latencies, n=20)[18] if len(latencies) >= 20 else float("nan")
    server_errors_logged = len(re.findall(r'" 5\d\d ', access_log.read_text()))

    print()
    print(f"time                     {elapsed:.1f} s")
    print(f"requests                 {tally.requests}")
    print(f"5xx answers              {tally.server_errors} (access log: {server_errors_logged})")
    print(f"cut off, sent again      {tally.retried} (never answered: {tally.unanswered})")
    print(f"deals expected           {TABLES * DEALS}")
    print(
        f"deals acknowledged       {len(acknowledged)} "
        f"({len(tally.acknowledged_on_retry)} on a resend as already recorded)"
    )
    print(f"deals stored             {stored_rows}")
    print(f"lost / duplicated        {len(lost)} / {duplicated}")
    print(f"refused or unanswered    {len(tally.refused)} {tally.refused[:5]}")
    print(f"save latency (server)    p50 {p50:.1f} ms, p95 {p95:.1f} ms over {len(latencies)}")
    if args.arbitres:
        load_arbitres.print_arbitres(tally, args.arbitres, TABLES)
    print(f"deadlocks (PostgreSQL)   {deadlocks_detected}")
    print(f"server logs              {access_log.parent}")
    print(f"conflicts shown          {tally.conflicts_shown}")
    print(f"cut connections shown    {tally.cuts_shown}")
    if not args.keep:
        psql(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    failed = (
        lost or duplicated or tally.server_errors or server_errors_logged or tally.conflicts_shown
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
