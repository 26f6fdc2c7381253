"""What bench/queue_bench.py runs its servers with: gunicorn (4 uvicorn workers, ASGI, as
``./dev prod``) and the Celery workers (niced: the documents give way to the web), and a
phone or browser that times each request. Talks to 127.0.0.1 only."""

from __future__ import annotations

import signal
import statistics
import subprocess
import threading
import time
from pathlib import Path

from benchsetup import sized
from load_fault import HOST, ROOT, Phone, Tally, psql, wait_until_up

GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
CELERY = str(ROOT / ".venv" / "bin" / "celery")
WORKERS_DEADLINE = 180
# What each worker process logs once warmed up (documents/tasks.py's WARMED_UP).
WARMED_UP = "Worker process warmed up: it takes documents now"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


class Timed(Phone):
    """A phone (or a browser) that times each request, by the label ``label(method, path)``."""

    def __init__(self, port: int, tally: Tally, times: dict, headers: dict | None = None):
        super().__init__(port, tally, headers)
        self.times = times

    def timed(self, label: str, method: str, path: str, form: dict | None = None):
        started = time.perf_counter()
        status, text, _ = self.request(method, path, form)
        with self.tally.lock:
            self.times.setdefault(label, []).append(time.perf_counter() - started)
        return status, text


def start_servers(port: int, env: dict, folder: Path, workers: int) -> list[subprocess.Popen]:
    processes = [
        subprocess.Popen(
            [GUNICORN, "tarot_club.asgi:application", "--worker-class",
             "uvicorn_worker.UvicornWorker", "--bind", f"{HOST}:{port}", "--workers", "4",
             "--no-control-socket"],
            cwd=ROOT, env=env, stdout=(folder / "web.log").open("a"), stderr=subprocess.STDOUT,
        )
    ]  # fmt: skip
    worker_log = folder / "worker.log"
    worker_log.touch()
    before = worker_log.stat().st_size
    if workers:
        processes.append(
            subprocess.Popen(
                ["nice", "-n", "19", CELERY, "-A", "tarot_club", "worker", "--concurrency",
                 str(workers), "--loglevel", "INFO", "--hostname", f"bench-{port}@%h"],
                cwd=ROOT, env=env, stdout=worker_log.open("a"), stderr=subprocess.STDOUT,
            )
        )  # fmt: skip
    wait_until_up(port, processes[0])
    if workers:
        wait_for_workers(worker_log, before, workers)
    return processes


def wait_for_workers(worker_log: Path, offset: int, workers: int) -> None:
    """Until each worker process has warmed up (its first tiny PDF drawn: documents/tasks.py),
    so that a run measures workers at work, not starting (bounded)."""
    started = time.monotonic()
    while time.monotonic() - started < WORKERS_DEADLINE:
        with worker_log.open("rb") as log_file:
            log_file.seek(offset)
            ready = log_file.read().decode("utf-8", "replace").count(WARMED_UP)
        if ready >= workers:
            seconds = time.monotonic() - started
            log(f"{workers} Celery worker processes warmed up in {seconds:.0f} s")
            return
        time.sleep(0.5)
    log(f"the Celery workers did not warm up within {WORKERS_DEADLINE} s: the run goes on")


def stop_servers(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()


PROBE_SECONDS = sized(20, 3)
PROBE_CLIENTS = 8
# The public PDFs and exports the probe's clients loop on: the tournament's and the season's.
PUBLIC = [
    "/tournois/{t}/classement.pdf",
    "/tournois/{t}/classement.xlsx",
    "/tournois/{t}/donnes.xlsx",
    "/saisons/{s}/classement.pdf",
    "/saisons/{s}/classement.xlsx",
    "/saisons/{s}/classement.csv",
    "/saisons/{s}/classement.json",
]


def public_clients(port: int, tournament: int, season: int, started, results) -> None:
    """The probe's eight clients, each from its own address (``X-Forwarded-For`` from a
    trusted proxy), in a loop on the public documents for PROBE_SECONDS: their durations and
    the statuses answered, sent back through ``results``."""
    tally, times, statuses = Tally(), {}, {}
    deadline = time.monotonic() + PROBE_SECONDS

    def client(index: int) -> None:
        browser = Timed(port, tally, times, {"X-Forwarded-For": f"10.8.0.{index + 1}"})
        turn = index
        while time.monotonic() < deadline:
            path = PUBLIC[turn % len(PUBLIC)].format(t=tournament, s=season)
            status, _ = browser.timed("public", "GET", path)
            with tally.lock:
                statuses[status] = statuses.get(status, 0) + 1
            turn += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(PROBE_CLIENTS)]
    started.set()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=PROBE_SECONDS + 60)
    results.send((times.get("public", []), statuses))


def renders(database: str, digests: list[str]) -> tuple[float, float, float, str]:
    """The workers' render times of these jobs, summed, the longest one, when the last job was
    ready (the epoch), and each render's kind with when it started and ended after the first
    started (in the order they started); nothing drawn: (0, 0, 0, ""). A document drawn in parts
    counts each part's render and the join (from its last part drawn to its file kept)."""
    if not digests:
        return 0.0, 0.0, 0.0, ""
    jobs = f"j.digest IN ({', '.join(repr(d) for d in digests)}) AND j.finished_at IS NOT NULL"
    rows = psql(
        "SELECT kind, started, finished FROM ("
        "SELECT j.kind, extract(epoch FROM j.started_at) AS started, "
        "extract(epoch FROM j.finished_at) AS finished FROM documents_documentjob j "
        f"WHERE {jobs} AND NOT EXISTS "
        "(SELECT 1 FROM documents_documentpart p WHERE p.job_id = j.id) "
        "UNION ALL SELECT j.kind || '#' || p.number, extract(epoch FROM p.started_at), "
        "extract(epoch FROM p.finished_at) FROM documents_documentpart p "
        f"JOIN documents_documentjob j ON j.id = p.job_id WHERE {jobs} "
        "UNION ALL SELECT j.kind || ' joined', extract(epoch FROM max(p.finished_at)), "
        "extract(epoch FROM j.finished_at) FROM documents_documentpart p "
        f"JOIN documents_documentjob j ON j.id = p.job_id WHERE {jobs} "
        "GROUP BY j.id, j.kind, j.finished_at) AS renders ORDER BY started",
        database,
    )
    if not rows:
        return 0.0, 0.0, 0.0, ""
    jobs = [(kind, float(started), float(finished)) for kind, started, finished in rows]
    first = jobs[0][1]
    order = ", ".join(
        f"{kind} {started - first:.1f}–{finished - first:.1f}" for kind, started, finished in jobs
    )
    times = [finished - started for _, started, finished in jobs]
    return sum(times), max(times), max(f for _, _, f in jobs), order
