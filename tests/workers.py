"""What each pytest-xdist worker keeps to itself (``./dev test`` runs the suite on every core).

pytest-django gives each worker its own test database (``…_gw0``, ``…_gw1``: SQLite files or
PostgreSQL databases), pytest its own ``tmp_path`` (each test's documents folder, in
tests/conftest.py), and the live server an ephemeral port. Redis (REDIS_URL, CI's second run)
would be shared: the suite empties the cache before and after each test, and Django's
``RedisCache.clear()`` empties the whole Redis database, whatever the ``KEY_PREFIX``, so one
worker's test would wipe another's code attempts, sessions and rankings, and the bus tests'
streams. Each worker therefore takes a Redis database of its own: the first keeps REDIS_URL's,
the next ones take the highest (15, 14…), which neither CI's later steps (2 to 4) nor the
benches use.
"""

import os
from urllib.parse import urlsplit, urlunsplit

import pytest

# Redis's default number of databases (``databases`` in redis.conf).
REDIS_DATABASES = 16


def worker_number() -> int:
    """0 outside xdist and on its first worker (gw0), 1 on gw1, and so on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker else 0


def redis_url_of_worker(url: str, number: int) -> str:
    """The Redis database worker ``number`` uses when the suite is given ``url``."""
    if number == 0:
        return url
    parts = urlsplit(url)
    given = int(parts.path.lstrip("/") or 0)
    database = REDIS_DATABASES - number
    if database <= given:
        raise pytest.UsageError(
            f"pytest-xdist worker gw{number}: no Redis database left above {given} for it "
            f"(REDIS_URL={url}); run fewer workers (-n)."
        )
    return urlunsplit(parts._replace(path=f"/{database}"))


def use_a_redis_database_of_its_own(settings, celery_app) -> None:
    """Points this worker's cache, live bus, broker and REDIS_URL (read by the Redis tests) at
    its own database, before any test opens a connection."""
    given = os.environ.get("REDIS_URL", "")
    own = redis_url_of_worker(given, worker_number()) if given else given
    if own == given:
        return
    os.environ["REDIS_URL"] = own
    for cache in settings.CACHES.values():
        if cache.get("LOCATION") == given:
            cache["LOCATION"] = own
    for name in ("LIVE_REDIS_URL", "CELERY_BROKER_URL"):
        if getattr(settings, name) == given:
            setattr(settings, name, own)
    if celery_app.conf.broker_url == given:
        celery_app.conf.broker_url = own
