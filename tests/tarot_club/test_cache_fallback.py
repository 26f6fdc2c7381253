"""The cache never fails a request because Redis does not answer (tarot_club/cache.py): the
process's memory answers meanwhile, and what it wrote then is taken out of Redis when Redis is
back. Against a Redis server of the tests' own, stopped and frozen for real."""

import logging
import time

import pytest

from tarot_club.cache import OUTAGE, FallbackRedisCache
from tests.private_redis import private_redis_or_skip


@pytest.fixture(scope="module")
def server():
    redis = private_redis_or_skip()
    yield redis
    redis.close()


@pytest.fixture
def redis(server):
    server.start()
    yield server
    server.start()
    OUTAGE.retry_at = 0.0
    OUTAGE.written.clear()
    OUTAGE.memory.clear()


@pytest.fixture
def cache(redis):
    made = FallbackRedisCache(
        redis.url(),
        {
            "KEY_PREFIX": "fallback-tests",
            "OPTIONS": {
                "pool_class": "tarot_club.cache.SharedConnectionPool",
                "socket_connect_timeout": 0.3,
                "socket_timeout": 0.3,
            },
        },
    )
    made.clear()
    return made


@pytest.fixture
def soon():
    """The next call tries Redis again at once (rather than RETRY_SECONDS later)."""

    def try_again():
        OUTAGE.retry_at = time.monotonic() - 1

    return try_again


def test_with_redis_stopped_a_value_set_is_read_back_in_the_process(cache, redis):
    redis.stop()

    cache.set("ranking", [1, 2, 3])

    assert cache.get("ranking") == [1, 2, 3]


def test_with_redis_stopped_a_missing_value_reads_as_missing(cache, redis):
    redis.stop()

    assert cache.get("never-set", "default") == "default"
    assert cache.get_many(["never-set"]) == {}


def test_with_redis_stopped_counters_go_on_counting_in_the_process(cache, redis):
    redis.stop()

    assert cache.add("attempts", 0, 60) is True
    assert cache.add("attempts", 0, 60) is False
    assert [cache.incr("attempts") for _ in range(3)] == [1, 2, 3]


def test_a_frozen_redis_costs_one_timeout_then_none_until_the_retry(cache, redis):
    cache.set("kept", 1)
    redis.freeze()

    started = time.monotonic()
    cache.set("kept", 2)
    first = time.monotonic() - started
    started = time.monotonic()
    for _ in range(20):
        cache.get("kept")
    twenty = time.monotonic() - started

    assert 0.2 < first < 2
    assert twenty < 0.1
    assert cache.get("kept") == 2


def test_the_cut_is_logged_once_and_its_end_once(cache, redis, soon, caplog):
    redis.stop()
    with caplog.at_level(logging.WARNING, logger="tarot_club.cache"):
        for _ in range(5):
            cache.get("a")
            soon()
        redis.start()
        cache.get("a")
        cache.get("a")

    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2
    assert "does not answer" in messages[0]
    assert "answers again" in messages[1]


def test_what_was_written_during_the_cut_is_taken_out_of_redis_when_it_is_back(cache, redis, soon):
    cache.set("generation", 1)
    cache.set("untouched", "before")
    redis.freeze()
    # Moved on in the process alone, as the rankings' generation is (not in its memory yet).
    with pytest.raises(ValueError):
        cache.incr("generation")
    cache.set("generation", 2)
    redis.thaw()
    soon()

    assert cache.get("generation") is None
    assert cache.get("untouched") == "before"


def test_after_the_cut_redis_is_read_again_not_the_process_memory(cache, redis, soon):
    redis.stop()
    cache.set("ranking", "during the cut")
    redis.start()
    soon()
    cache.get("anything")  # Redis answers: the cut is over
    cache.set("ranking", "after")

    assert OUTAGE.memory.get("ranking") is None
    assert cache.get("ranking") == "after"


def test_a_deleted_value_stays_deleted_when_redis_comes_back(cache, redis, soon):
    cache.set("published:1", True)
    redis.freeze()
    cache.delete("published:1")
    redis.thaw()
    soon()

    assert cache.get("published:1") is None
