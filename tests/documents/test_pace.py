"""Public documents asked for faster than a person would: past the limit, the address waits
before Django sees its request (documents/pace.py, around the production ASGI application)."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache

from documents import pace
from documents.limits import count_asked
from documents.pace import Pace, is_public_document

ANSWERED = {"type": "http.response.start", "status": 200, "headers": []}


@pytest.fixture
def waits(monkeypatch, settings):
    """The waits asked for, instead of waiting them; a limit of 2 a minute, 3 s past it."""
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    settings.DOCUMENTS_SLOW_DOWN_SECONDS = 3
    cache.clear()
    asked = []

    async def note(seconds):
        asked.append(seconds)

    monkeypatch.setattr(pace.asyncio, "sleep", note)
    return asked


def ask(path: str, client: str = "203.0.113.9", headers=()) -> list:
    """One request through ``Pace``: what the application below it answered."""
    sent = []

    async def app(_scope, _receive, send):
        await send(ANSWERED)

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "path": path, "client": (client, 50000), "headers": list(headers)}
    # A loop of its own in a thread of its own: the browser tests' Playwright may leave one
    # running in this thread.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, Pace(app)(scope, None, send)).result()
    return sent


def asked_twice(address: str = "203.0.113.9") -> None:
    """The address has asked for its 2 documents of the minute (as the view counts them)."""
    count_asked(address)
    count_asked(address)


def test_an_address_past_the_limit_waits_then_goes_on(waits):
    asked_twice()

    answer = ask("/tournois/1/classement.pdf")

    assert waits == [3]
    assert answer == [ANSWERED]


def test_an_address_within_the_limit_goes_on_at_once(waits):
    count_asked("203.0.113.9")

    assert ask("/saisons/1/classement.xlsx") == [ANSWERED]
    assert waits == []


def test_each_address_has_its_own_count(waits):
    asked_twice("10.0.0.1")

    ask("/saisons/1/classement.xlsx", client="10.0.0.2")

    assert waits == []


def test_the_pages_are_never_paced(waits):
    asked_twice()

    ask("/tournois/1/")
    ask("/tournois/1/joueurs/1/")

    assert waits == []


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_counted(waits, settings):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    asked_twice("10.0.0.1")
    forwarded = [(b"x-forwarded-for", b"198.51.100.7")]

    ask("/tournois/1/classement.pdf", client="10.0.0.1", headers=forwarded)

    assert waits == []


@pytest.mark.parametrize(
    "path",
    [
        "/tournois/1/classement.pdf",
        "/tournois/1/classement.xlsx",
        "/tournois/1/classement.json",
        "/tournois/1/donnes.xlsx",
        "/saisons/1/classement.csv",
    ],
)
def test_the_public_documents_are_paced(path):
    assert is_public_document(path)


@pytest.mark.parametrize(
    "path",
    ["/arbitre/tournois/1/positions/1/plan.pdf", "/arbitre/tournois/1/cartes.pdf", "/x.pdf"],
)
def test_the_arbitres_documents_and_unknown_paths_are_not(path):
    assert not is_public_document(path)
