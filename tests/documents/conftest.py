"""A document of the tests' own, registered with ``documents``: what it shows is ``SHOWN``, a
dict the tests change; each drawing is counted, and may be made to fail; each line its app
would write in its journal is kept, and its subject may be gone."""

import pytest
from django.core.exceptions import ObjectDoesNotExist
from django.db import connection

from documents.registry import Document, register
from tarot_club.celery import app as celery_app

KIND = "tests.note"


class Note:
    def __init__(self):
        self.shown = "première version"
        self.drawn: list[str] = []
        self.fails = False
        self.gone = False
        # Each journal line: (what happened, who asked, the error, inside a transaction).
        self.journal_lines: list[tuple] = []

    def stamp(self, params) -> str:
        return f"{params['number']}:{self.shown}"

    def draw(self, params) -> bytes:
        if self.fails:
            raise RuntimeError("the renderer broke")
        self.drawn.append(self.shown)
        return f"%PDF-1.7 note {params['number']} {self.shown}".encode()

    def journal(self, *, kind, params, happened, by, error) -> None:
        assert (kind, set(params)) == (KIND, {"number"})
        if self.gone:
            raise ObjectDoesNotExist
        self.journal_lines.append((happened, by, error, connection.in_atomic_block))


@pytest.fixture
def note():
    note = Note()
    register(Document(KIND, note.stamp, note.draw, journal=note.journal))
    return note


@pytest.fixture
def queued(monkeypatch):
    """A broker that takes the tasks (sent, not run): the list of the jobs' ids sent."""
    from documents import tasks

    sent: list[int] = []
    # Given back as it was by the suite's own fixture (tests/conftest.py).
    celery_app.conf.task_always_eager = False
    monkeypatch.setattr(tasks.draw, "apply_async", lambda args, **_options: sent.append(args[0]))
    return sent
