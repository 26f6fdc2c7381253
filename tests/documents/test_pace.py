"""Public documents asked for faster than a person would: the address waits for its turn
before Django sees its request (documents/pace.py, around the production ASGI application;
the turns in documents/limits.py)."""

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from django.core.cache import cache

from documents import limits, pace
from documents.limits import take_turn
from documents.pace import Pace, is_public_document

ANSWERED = {"type": "http.response.start", "status": 200, "headers": []}
PDF = "/tournois/1/classement.pdf"


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """The time the turns are reckoned by, stopped, moved by hand (seconds since the epoch)."""
    now = [1_800_000_000.0]
    # The turns' own clock only: the cache and the loop keep the real one.
    monkeypatch.setattr(limits, "time", SimpleNamespace(time=lambda: now[0]))
    return now


@pytest.fixture
def waits(monkeypatch, settings):
    """The waits asked for, instead of waiting them; two documents at once, then one every
    3 s (20 a minute), the clock stopped."""
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 20
    settings.DOCUMENTS_PUBLIC_AT_ONCE = 2
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


def served(count: int, address: str = "203.0.113.9") -> None:
    """``count`` public documents served to ``address`` (its turns taken, as the view does)."""
    for _ in range(count):
        take_turn(address)


def test_an_address_with_fewer_documents_than_those_it_has_at_once_goes_on(waits):
    served(1)

    assert ask(PDF) == [ANSWERED]
    assert waits == []


def test_past_those_at_once_the_next_document_waits_its_turn(waits):
    served(2)

    assert ask(PDF) == [ANSWERED]
    assert waits == [3]


def test_each_document_served_puts_the_next_turn_an_interval_later(waits):
    served(4)

    ask(PDF)

    assert waits == [9]


def test_an_address_keeping_to_the_pace_never_waits(waits, clock):
    for _ in range(6):
        ask(PDF)
        served(1)
        clock[0] += 3

    assert waits == []


def test_an_address_that_stopped_has_its_documents_at_once_again(waits, clock):
    served(10)
    clock[0] += 60

    ask(PDF)
    served(1)
    ask(PDF)

    assert waits == []


def test_no_request_is_held_longer_than_a_minute(waits):
    served(40)

    ask(PDF)

    assert waits == [60]


def test_each_address_has_its_own_turns(waits):
    served(5, "10.0.0.1")

    ask(PDF, client="10.0.0.2")

    assert waits == []


def test_the_pages_are_never_paced(waits):
    served(5)

    ask("/tournois/1/")
    ask("/tournois/1/joueurs/1/")

    assert waits == []


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_counted(waits, settings):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    served(5, "10.0.0.1")
    forwarded = [(b"x-forwarded-for", b"198.51.100.7")]

    ask(PDF, client="10.0.0.1", headers=forwarded)

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


def test_a_pace_that_cannot_be_read_lets_the_request_through_unpaced(waits, monkeypatch):
    def broken(_address):
        raise ConnectionError("the cache does not answer")

    monkeypatch.setattr(pace, "seconds_to_wait", broken)

    assert ask(PDF) == [ANSWERED]
    assert waits == []
