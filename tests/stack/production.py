"""The production stack of « Deploying » (docs/deploying) (``./dev prod``: gunicorn with uvicorn
workers and a Celery worker) on a PostgreSQL database of its own, with the demo tournament,
for the tests that break its engines for real; and a client that talks to it as a phone or an
arbitre's browser does (cookies, CSRF tokens, htmx requests). Loopback only; every wait
bounded."""

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
HOST = "127.0.0.1"
DEMO_ARBITRE = ("arbitre", "tarot-demo")
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def postgresql_answers() -> bool:
    try:
        socket.create_connection((HOST, 5432), timeout=1).close()
    except OSError:
        return False
    return True


def sql(database: str, query: str, *args):
    import psycopg

    with psycopg.connect(f"host={HOST} user=postgres dbname={database}", autocommit=True) as db:
        cursor = db.execute(query, args)
        return cursor.fetchall() if cursor.description else []


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_for(what: str, check, seconds: float, every: float = 0.2):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(every)
    raise AssertionError(f"{what}: not within {seconds:.0f} s")


class Browser:
    """Cookies kept, one connection a request."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict | None = None, headers=None):
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        sent.update(headers or {})
        body = None
        if form is not None:
            body = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response, content

    def get(self, path: str, **headers):
        return self.request("GET", path, headers=headers)

    def post_form(self, page: str, action: str, fields: dict, **headers):
        """Open ``page`` and post ``fields`` to ``action`` with the page's CSRF token."""
        _, html = self.get(page)
        token = TOKEN.search(html)
        form = {**fields, "csrfmiddlewaretoken": token.group(1).decode() if token else ""}
        return self.request("POST", action, form, headers=headers)

    def log_in(self, username: str, password: str):
        return self.post_form(
            "/connexion/", "/connexion/", {"username": username, "password": password}
        )

    def open_table(self, table_id: int, code: str):
        page = f"/tables/{table_id}/acces/"
        return self.post_form(page, page, {"code": code})

    def post_deal(self, table_id: int, **result):
        """The sheet's next deal, as its form sends it under htmx (its hidden fields kept)."""
        _, html = self.get(f"/tables/{table_id}/")
        form = html.split(b'class="deal-form', 1)[1].split(b"</form>", 1)[0]
        hidden = {}
        for tag in re.findall(rb'<input[^>]*type="hidden"[^>]*>', form):
            name = re.search(rb'name="([^"]+)"', tag).group(1).decode()
            value = re.search(rb'value="([^"]*)"', tag)
            hidden.setdefault(name, value.group(1).decode() if value else "")
        hidden["csrfmiddlewaretoken"] = TOKEN.search(html).group(1).decode()
        hidden["submission_id"] = str(uuid.uuid4())
        fields = {**hidden, "points_for": "attack", **result}
        return self.request(
            "POST", f"/tables/{table_id}/donnes/nouvelle/", fields, headers={"HX-Request": "true"}
        )


class ProductionStack:
    """``./dev prod`` on a PostgreSQL database of its own and the Redis at ``redis_url``."""

    def __init__(
        self, redis_url: str, *, name: str, demo: bool = True, environ: dict | None = None
    ):
        if not postgresql_answers():
            pytest.skip("PostgreSQL does not answer on 127.0.0.1:5432")
        # A name of this run's own: two runs of the suite at once never drop each other's.
        self.database = f"{name}_{os.environ.get('PYTEST_XDIST_WORKER', 'gw0')}_{os.getpid()}"
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix=f"{name}_"))
        self.log = self.folder / "prod.log"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("REDIS", "DATABASE"))},
            "DEBUG": "0",
            "PLAIN_HTTP": "1",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": HOST,
            "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{self.database}",
            "REDIS_URL": redis_url,
            "DOCUMENTS_ROOT": str(self.folder / "documents"),
            "STATIC_ROOT": str(self.folder / "static"),
            "WEB_CONCURRENCY": "2",
            "LOG_LEVEL": "WARNING",
            **(environ or {}),
        }
        for variable in ("DJANGO_SETTINGS_MODULE", "BIND", *([] if redis_url else ["REDIS_URL"])):
            self.env.pop(variable, None)
        sql("postgres", f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        sql("postgres", f'CREATE DATABASE "{self.database}"')
        self.manage("migrate", "--no-input")
        if demo:
            self.manage("demo_tournament", "--if-absent")
        self.process = subprocess.Popen(
            ["./dev", "prod", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_for("./dev prod answering", self.answers, 120)

    def manage(self, *command: str) -> str:
        done = subprocess.run(
            [PYTHON, "manage.py", *command],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def answers(self) -> bool:
        try:
            response, _ = Browser(self.port).get("/")
        except OSError:
            return False
        return response.status == 200

    def browser(self) -> Browser:
        return Browser(self.port)

    def sql(self, query: str, *args):
        return sql(self.database, query, *args)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        sql("postgres", f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
