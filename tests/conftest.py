"""Fixtures shared by every area: the people (arbitre, another arbitre) and a small room."""

import threading
import time

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

from common.bus import DOWN, bus, reset_bus
from tarot_club.celery import app as celery_app
from tests.at_the_table import TESTS
from tests.factories import club_tournament, register
from tests.workers import use_a_redis_database_of_its_own
from tournaments.models import Position
from tournaments.services.seating import seat_position

# The property tests check what holds, not how fast: on a machine whose cores the whole suite
# shares (CI), Hypothesis's 200 ms a case failed a sound test now and then.
hypothesis_settings.register_profile("tarot", deadline=None)
hypothesis_settings.load_profile("tarot")


def pytest_configure():
    """Under pytest-xdist, this worker's Redis database (tests/workers.py)."""
    use_a_redis_database_of_its_own(django_settings, celery_app)


@pytest.fixture(autouse=True, scope="session")
def tasks_run_in_the_process():
    """Celery's tasks run in the test's own process from the start, even when REDIS_URL names a
    broker (CI's second run): module-scoped fixtures that draw documents come before the
    per-test fixture below."""
    celery_app.conf.task_always_eager = True


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: no code attempts counted, no failed logins
    (django-axes, when it counts them in the cache as with Redis), and no ranking kept
    under a stamp that a rolled-back test's tournament, of the same key, would share."""
    cache.clear()
    yield
    cache.clear()


def documents_kept_in(folder) -> dict:
    return {
        **django_settings.STORAGES,
        "documents": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(folder)},
        },
    }


@pytest.fixture(autouse=True, scope="session")
def _documents_of_the_run(tmp_path_factory):
    """The documents that module-scoped fixtures draw, before the per-test folder below, go to
    a folder of this run's (of this xdist worker's), never to the project's var/documents."""
    with override_settings(STORAGES=documents_kept_in(tmp_path_factory.mktemp("documents"))):
        yield


@pytest.fixture(autouse=True)
def _documents_drawn_here(settings, tmp_path):
    """Each test keeps its documents (PDFs, .xlsx) in a folder of its own, and draws them in
    its own process, as without a broker, even when REDIS_URL names one (CI's second run):
    the tests that queue them say so (tests/documents)."""
    settings.STORAGES = documents_kept_in(tmp_path / "documents")
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = eager


@pytest.fixture(autouse=True)
def live_bus(settings):
    """Each test's live events go to a bus of its own, in memory (``common.bus``), even where
    the cache is Redis: what a test publishes is what it reads, and nothing else."""
    settings.LIVE_REDIS_URL = ""
    reset_bus()
    the_bus = bus()
    yield the_bus
    # The streams the test left open (a browser's page, closed by now) end here: the live
    # server's threads serving them give back their database connections at once, not at a
    # heartbeat up to 30 s later, when this process's test database may be being dropped.
    the_bus.hub.deliver([DOWN])
    reset_bus()


@pytest.fixture(autouse=True)
def _live_server_answered(request):
    """A test served by the live server ends once the server has answered every request: a
    page's last refresh (sent as the test ended, its browser closed since) must not read while
    the database is emptied for the next test. On PostgreSQL the two once deadlocked: the
    emptying failed, and the next test found the last one's rows. Live streams (never done
    while the page is open, ended by their own heartbeat) are not waited for."""
    if "live_server" not in request.fixturenames:
        yield
        return
    # Set up after the test database (torn down, then, before it is emptied).
    request.getfixturevalue("transactional_db")
    answering = set()
    lock = threading.Lock()

    def started(environ=None, **_kwargs):
        if environ is not None and "text/event-stream" not in environ.get("HTTP_ACCEPT", ""):
            with lock:
                answering.add(threading.get_ident())

    def finished(**_kwargs):
        with lock:
            answering.discard(threading.get_ident())

    request_started.connect(started, dispatch_uid="live_server_answered")
    request_finished.connect(finished, dispatch_uid="live_server_answered")
    yield
    deadline = time.monotonic() + 10
    while answering and time.monotonic() < deadline:
        time.sleep(0.02)
    request_started.disconnect(dispatch_uid="live_server_answered")
    request_finished.disconnect(dispatch_uid="live_server_answered")


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Tests create users by the dozen; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def arbitre(db):  # noqa: ARG001 - db: it writes to the test database
    return get_user_model().objects.create_user(
        username="arbitre", password="mot-de-passe-arbitre", first_name="Anne", last_name="Arbitre"
    )


@pytest.fixture
def other_arbitre(db):  # noqa: ARG001 - db: it writes to the test database
    return get_user_model().objects.create_user(username="autre", password="mot-de-passe-autre")


@pytest.fixture
def tournament(arbitre):
    return club_tournament(arbitre)


@pytest.fixture
def registrations(tournament):
    return register(tournament, 8)


@pytest.fixture
def position(tournament):
    return Position.objects.create(tournament=tournament, number=1)


@pytest.fixture
def table(position, registrations):
    """Table 1 of position 1: players 1 to 4 at Nord, Est, Sud, Ouest."""
    return seat_position(
        position=position, tables=[registrations[:4], registrations[4:]], by=TESTS
    )[0]


@pytest.fixture
def arbitre_client(client, arbitre):
    """A browser logged in as the tournament's arbitre."""
    client.force_login(arbitre)
    return client
