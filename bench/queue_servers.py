"""What bench/queue_bench.py runs its servers with: gunicorn (4 uvicorn workers, ASGI, as
``./dev prod``) and the Celery workers (niced: the documents give way to the web), and a
phone or browser that times each request. Talks to 127.0.0.1 only."""

from __future__ import annotations

import http.client
import signal
import statistics
import subprocess
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from load_fault import HOST, REQUEST_TIMEOUT, ROOT, Phone, Tally, wait_until_up

GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
CELERY = str(ROOT / ".venv" / "bin" / "celery")


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
        super().__init__(port, tally)
        self.times = times
        self.extra = headers or {}

    def timed(self, label: str, method: str, path: str, form: dict | None = None):
        started = time.perf_counter()
        status, text, _ = self.request(method, path, form)
        with self.tally.lock:
            self.times.setdefault(label, []).append(time.perf_counter() - started)
        return status, text

    def _send(self, method: str, path: str, form: dict | None):
        """As ``Phone._send``, with the extra headers (htmx's, a proxy's X-Forwarded-For)."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **self.extra}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        self.tally.count(response.status)
        return response.status, text, 0


def start_servers(port: int, env: dict, folder: Path, workers: int) -> list[subprocess.Popen]:
    processes = [
        subprocess.Popen(
            [GUNICORN, "tarot_club.asgi:application", "--worker-class",
             "uvicorn_worker.UvicornWorker", "--bind", f"{HOST}:{port}", "--workers", "4",
             "--no-control-socket"],
            cwd=ROOT, env=env, stdout=(folder / "web.log").open("a"), stderr=subprocess.STDOUT,
        )
    ]  # fmt: skip
    if workers:
        processes.append(
            subprocess.Popen(
                ["nice", "-n", "10", CELERY, "-A", "tarot_club", "worker", "--concurrency",
                 str(workers), "--loglevel", "WARNING", "--hostname", f"bench-{port}@%h"],
                cwd=ROOT, env=env, stdout=(folder / "worker.log").open("a"),
                stderr=subprocess.STDOUT,
            )
        )  # fmt: skip
    wait_until_up(port, processes[0])
    return processes


def stop_servers(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
