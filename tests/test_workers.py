"""Each pytest-xdist worker keeps a Redis database of its own (tests/workers.py): Django's
RedisCache.clear(), which the suite calls around every test, empties a whole database."""

import os
from types import SimpleNamespace

import pytest

from tests.workers import redis_url_of_worker, use_a_redis_database_of_its_own

GIVEN = "redis://127.0.0.1:6379/1"
SECOND_WORKERS = "redis://127.0.0.1:6379/15"


def test_the_first_worker_keeps_the_database_it_is_given():
    assert redis_url_of_worker(GIVEN, 0) == GIVEN


def test_the_other_workers_take_the_highest_databases_one_each():
    assert [redis_url_of_worker(GIVEN, number) for number in (1, 2, 3)] == [
        SECOND_WORKERS,
        "redis://127.0.0.1:6379/14",
        "redis://127.0.0.1:6379/13",
    ]


def test_a_url_without_a_database_counts_as_database_0():
    assert redis_url_of_worker("redis://127.0.0.1:6379", 1) == SECOND_WORKERS


def test_a_worker_left_without_a_database_above_the_given_one_stops_the_run():
    with pytest.raises(pytest.UsageError, match="run fewer workers"):
        redis_url_of_worker("redis://127.0.0.1:6379/13", 3)


def test_a_worker_points_its_cache_bus_broker_and_redis_tests_at_its_database(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    monkeypatch.setenv("REDIS_URL", GIVEN)
    settings = SimpleNamespace(
        CACHES={"default": {"LOCATION": GIVEN}},
        LIVE_REDIS_URL=GIVEN,
        CELERY_BROKER_URL=GIVEN,
    )
    celery_app = SimpleNamespace(conf=SimpleNamespace(broker_url=GIVEN))

    use_a_redis_database_of_its_own(settings, celery_app)

    assert settings.CACHES["default"]["LOCATION"] == SECOND_WORKERS
    assert settings.LIVE_REDIS_URL == SECOND_WORKERS
    assert settings.CELERY_BROKER_URL == SECOND_WORKERS
    assert celery_app.conf.broker_url == SECOND_WORKERS
    assert os.environ["REDIS_URL"] == SECOND_WORKERS


def test_without_redis_a_worker_changes_nothing(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    monkeypatch.delenv("REDIS_URL", raising=False)
    settings = SimpleNamespace(CACHES={"default": {"LOCATION": "tarot-club"}})

    use_a_redis_database_of_its_own(settings, None)

    assert settings.CACHES == {"default": {"LOCATION": "tarot-club"}}
