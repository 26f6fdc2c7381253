"""Public documents asked for faster than a person would: past the limit, the address waits
before Django sees its request (documents/pace.py, around the production ASGI application)."""

import asyncio

import pytest

from documents import pace
from documents.pace import Pace, is_public_document

ANSWERED = {"type": "http.response.start", "status": 200, "headers": []}


@pytest.fixture
def waits(monkeypatch, settings):
    """The waits asked for, instead of waiting them; a limit of 2 a minute, 3 s past it."""
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    settings.DOCUMENTS_SLOW_DOWN_SECONDS = 3
    asked = []

    async def note(seconds):
        asked.append(seconds)

    monkeypatch.setattr(pace.asyncio, "sleep", note)
    return asked


def ask(paced: Pace, path: str, client: str = "203.0.113.9", headers=()) -> list:
    """One request through ``paced``: what the application below it answered."""
    sent = []

    async def app(_scope, _receive, send):
        await send(ANSWERED)

    async def send(message):
        sent.append(message)

    paced.app = app
    scope = {"type": "http", "path": path, "client": (client, 50000), "headers": list(headers)}
    asyncio.run(paced(scope, None, send))
    return sent


def test_an_address_past_the_limit_waits_then_is_answered(waits):
    paced = Pace(None)

    answers = [ask(paced, "/tournois/1/classement.pdf") for _ in range(4)]

    assert waits == [3, 3]
    assert answers == [[ANSWERED]] * 4


def test_each_address_has_its_own_count(waits):
    paced = Pace(None)
    for _ in range(3):
        ask(paced, "/saisons/1/classement.xlsx", client="10.0.0.1")

    ask(paced, "/saisons/1/classement.xlsx", client="10.0.0.2")

    assert waits == [3]


def test_the_pages_are_never_paced(waits):
    paced = Pace(None)

    for _ in range(5):
        ask(paced, "/tournois/1/")
        ask(paced, "/tournois/1/joueurs/1/")

    assert waits == []


def test_behind_a_trusted_proxy_the_forwarded_address_is_counted(waits, settings):
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    paced = Pace(None)
    for n in range(3):
        forwarded = [(b"x-forwarded-for", f"198.51.100.{n}".encode())]
        ask(paced, "/tournois/1/classement.pdf", client="10.0.0.1", headers=forwarded)

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
