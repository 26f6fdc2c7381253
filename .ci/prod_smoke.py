"""CI: a smoke run of ``./dev prod`` against PostgreSQL and Redis, as docs/deploying deploys it.

    .venv/bin/python .ci/prod_smoke.py [--port 8099] [--database tarot_smoke] [--redis-db 2]

1. ``./dev prod`` starts (migrations, collectstatic, gunicorn with uvicorn workers, one Celery
   worker) and the server answers;
2. the arbitre of the demo tournament logs in and asks for the plan of position 1;
3. the first answer is 202 « Impression en préparation… », then the PDF, drawn by the worker;
4. the worker is killed (SIGKILL, with its pool) while it draws the player cards; ``./dev prod``
   starts it again, and the cards are drawn within 20 s of the kill: the page that follows them
   finds their worker silent and sends them again (the broker would give the message back
   only after its visibility timeout, minutes later);
5. SIGTERM stops ``./dev prod``: it exits 0 and leaves no process behind.

Talks to 127.0.0.1 only; every wait is bounded. Exit status 1 at the first step that fails,
with the end of the processes' log.
"""

import argparse
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.stack.production import Browser, sql  # noqa: E402 - the project on the path first

PYTHON = str(ROOT / ".venv" / "bin" / "python")
HOST = "127.0.0.1"
DEMO_ARBITRE = ("arbitre", "tarot-demo")
# A render whose worker was killed is drawn again within this many seconds of the kill.
REDRAWN_WITHIN = 20


class Failed(Exception):
    pass


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def wait_for(what: str, check, seconds: float, every: float = 0.5):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(every)
    raise Failed(f"{what}: not within {seconds:.0f} s")


def answers(port: int) -> bool:
    try:
        response, _ = Browser(port).request("GET", "/")
    except OSError:
        return False
    return response.status == 200


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children first found, then theirs)."""
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            children = (task / "children").read_text().split() if task.exists() else []
            for child in map(int, children):
                found.append(child)
                queue.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def get_document(browser: Browser, path: str) -> tuple[int, bytes]:
    response, content = browser.request("GET", path)
    return response.status, content


def pdf_ready(browser: Browser, path: str):
    status, content = get_document(browser, path)
    return content if status == 200 and content.startswith(b"%PDF-") else None


def new_stamp(env: dict) -> None:
    """What every tournament shows changes (the players' generation moves): a new document."""
    script = (
        "import time; from django.core.cache import cache; "
        "from tournaments.selectors.standings import PLAYERS_GENERATION; "
        "cache.set(PLAYERS_GENERATION, time.time_ns(), None)"
    )
    subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def kill_the_worker_while_it_draws(prod: subprocess.Popen, browser, env, database, path) -> int:
    """Ask for the cards and SIGKILL the worker (its main process and its pool) once the job
    is being drawn; a render may be over before it is caught: a new stamp and again."""
    attempts = 5
    for _ in range(attempts):
        new_stamp(env)
        status, _ = get_document(browser, path)
        if status != 202:
            raise Failed(f"the cards answered {status} at first, not 202")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            rows = sql(
                database,
                "SELECT id, state FROM documents_documentjob WHERE kind = 'tournaments.cards' "
                "ORDER BY id DESC LIMIT 1",
            )
            if rows and rows[0][1] != "waiting":
                break
            time.sleep(0.01)
        job, state = rows[0]
        if state == "drawing":
            workers = [pid for pid in descendants(prod.pid) if "celery" in command_line(pid)]
            for pid in workers:
                os.kill(pid, signal.SIGKILL)
            log(f"4. worker killed mid-render (SIGKILL to {workers}), job {job}")
            return job
        log(f"   the render of job {job} was over before the kill ({state}): once more")
    raise Failed(f"no render caught in {attempts} attempts")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--database", default="tarot_smoke")
    parser.add_argument("--redis-db", type=int, default=2)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="prod_smoke_"))
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "0",
        "PLAIN_HTTP": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
        "REDIS_URL": f"redis://{HOST}:6379/{args.redis_db}",
        "CACHE_KEY_PREFIX": f"smoke-{secrets.token_hex(4)}",
        "DOCUMENTS_ROOT": str(folder / "documents"),
        "WEB_CONCURRENCY": "2",
        "BIND": HOST,
    }
    sql("postgres", f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    sql("postgres", f'CREATE DATABASE "{args.database}"')
    for command in (["migrate", "--no-input"], ["demo_tournament", "--if-absent"]):
        subprocess.run(
            [PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    tournament, position = sql(
        args.database,
        "SELECT p.tournament_id, p.number FROM tournaments_position p WHERE EXISTS "
        "(SELECT 1 FROM tournaments_table t WHERE t.position_id = p.id) ORDER BY p.number LIMIT 1",
    )[0]

    output = (folder / "prod.log").open("w")
    prod = subprocess.Popen(
        ["./dev", "prod", str(args.port)],
        cwd=ROOT,
        env=env,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        wait_for("the server answering", lambda: answers(args.port), 180)
        log(f"1. ./dev prod answers on {HOST}:{args.port}")
        wait_for("the worker ready", lambda: " ready." in (folder / "prod.log").read_text(), 60)

        browser = Browser(args.port)
        response, _ = browser.log_in(*DEMO_ARBITRE)
        if response.status != 302:
            raise Failed(f"the arbitre's login answered {response.status}, not 302")
        plan = f"/arbitre/tournois/{tournament}/positions/{position}/plan.pdf"
        status, content = get_document(browser, plan)
        log(f"2. the arbitre logged in and asked for {plan}")
        if status != 202 or "Impression en préparation…" not in content.decode():
            raise Failed(f"the plan answered {status} at first, not 202 « en préparation »")
        pdf = wait_for("the plan's PDF", lambda: pdf_ready(browser, plan), 60)
        drawn = wait_for(
            "the worker's log of the plan",
            lambda: "Task documents.draw[" in (folder / "prod.log").read_text(),
            10,
        )
        log(f"3. 202, then the PDF ({len(pdf)} bytes), drawn by the worker: {bool(drawn)}")

        cards = f"/arbitre/tournois/{tournament}/cartes.pdf"
        job = kill_the_worker_while_it_draws(prod, browser, env, args.database, cards)
        killed = time.monotonic()
        pdf = wait_for(
            "the cards after the kill", lambda: pdf_ready(browser, cards), REDRAWN_WITHIN
        )
        ((attempts, state),) = sql(
            args.database, "SELECT attempts, state FROM documents_documentjob WHERE id = %s", job
        )
        if state != "ready" or attempts < 2:
            raise Failed(f"job {job} after the kill: {state}, drawn {attempts} times")
        log(
            f"   the worker started again; job {job} finished {time.monotonic() - killed:.0f} s "
            f"after the kill ({len(pdf)} bytes, {attempts} draws)"
        )

        prod.send_signal(signal.SIGTERM)
        code = prod.wait(timeout=60)
        time.sleep(1)
        try:
            os.killpg(prod.pid, 0)
            left = True
        except ProcessLookupError:
            left = False
        if code != 0 or left:
            raise Failed(f"./dev prod stopped with code {code}, processes left: {left}")
        log("5. SIGTERM: ./dev prod stopped with code 0, no process left")
    except (Failed, subprocess.TimeoutExpired, OSError) as error:
        print(f"SMOKE FAILED: {error}", file=sys.stderr)
        print((folder / "prod.log").read_text()[-4000:], file=sys.stderr)
        return 1
    finally:
        if prod.poll() is None:
            os.killpg(prod.pid, signal.SIGKILL)
            prod.wait()
        sql("postgres", f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
    return 0


if __name__ == "__main__":
    sys.exit(main())
