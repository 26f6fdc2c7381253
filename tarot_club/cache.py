"""The cache's Redis: one pool of connections for the whole process, and the process's memory
while Redis does not answer.

Under ASGI Django makes a cache object per request (its ``caches`` are kept per async
context), and its Redis backend a connection pool per cache object: each request opened a new
connection to Redis and dropped it at its end, and a connection costs a TCP connect, a HELLO,
and redis-py reading its own version from the package's metadata, 3 to 7 ms of a core here. A
room of 2,000 phones opening their live streams at once paid it 2,000 times, one after the
other. One pool per process instead: redis-py's pool is thread-safe, and starts anew in a
forked child.
"""

import logging
import threading
import time

import redis
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)


class SharedConnectionPool(redis.ConnectionPool):
    """``from_url`` answers the process's one pool for that address and those options."""

    _pools: dict[str, "SharedConnectionPool"] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs) -> "SharedConnectionPool":
        key = f"{url}|{sorted(kwargs.items())!r}"
        with cls._lock:
            pool = cls._pools.get(key)
            if pool is None:
                pool = cls._pools[key] = super().from_url(url, **kwargs)
            return pool


class Outage:
    """What the process knows of a Redis that stopped answering, shared by every cache object
    of the process (Django makes one per request under ASGI).

    While it lasts (``RETRY_SECONDS`` after the last failure, then one call tries Redis again),
    the cache is this process's memory: a request pays Redis's timeout once, not at every call.
    The keys written meanwhile are remembered, and deleted from Redis when it answers again, so
    that it never serves a value older than what the process wrote during the cut (a counter
    moved on, an entry forgotten).
    """

    RETRY_SECONDS = 5.0
    # Beyond this many keys written during one cut, the oldest are no longer deleted at its end
    # (each of them is a value kept under a stamp, or a counter that expires by itself).
    REMEMBERED_MAX = 50_000

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.retry_at = 0.0  # 0: Redis answers
        self.written: dict[str, None] = {}
        self.memory = LocMemCache("tarot-redis-fallback", {"OPTIONS": {"MAX_ENTRIES": 20_000}})

    def is_on(self) -> bool:
        return self.retry_at > time.monotonic()

    def began(self, error: Exception) -> None:
        with self.lock:
            first = self.retry_at == 0.0
            self.retry_at = time.monotonic() + self.RETRY_SECONDS
        if first:
            logger.warning(
                "The cache's Redis does not answer (%s): this process keeps its cache in "
                "memory until it does",
                error,
            )

    def remember(self, keys) -> None:
        with self.lock:
            for key in keys:
                self.written.pop(key, None)
                self.written[key] = None
            while len(self.written) > self.REMEMBERED_MAX:
                del self.written[next(iter(self.written))]

    def written_keys(self) -> list[str]:
        with self.lock:
            return list(self.written)

    def ended(self, deleted: int) -> None:
        """Redis answers again, and the keys written meanwhile are deleted from it."""
        with self.lock:
            if self.retry_at == 0.0:
                return
            self.retry_at = 0.0
            self.written = {}
        self.memory.clear()
        logger.warning("The cache's Redis answers again (%d keys written meanwhile)", deleted)


OUTAGE = Outage()

# What a Redis that is stopped, frozen or unreachable raises (socket errors are wrapped in them).
REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def _falls_back(method_name: str, *, writes: bool):
    """``RedisCache.<method_name>``, served by the process's memory while Redis is cut."""
    redis_method = getattr(RedisCache, method_name)

    def method(self, *args, **kwargs):
        if not OUTAGE.is_on():
            try:
                if OUTAGE.retry_at:
                    self._end_outage()
                return redis_method(self, *args, **kwargs)
            except REDIS_DOWN as error:
                OUTAGE.began(error)
        if writes:
            OUTAGE.remember(self._keys_of(method_name, args, kwargs))
        return getattr(OUTAGE.memory, method_name)(*args, **kwargs)

    method.__name__ = method_name
    method.__doc__ = redis_method.__doc__
    return method


class FallbackRedisCache(RedisCache):
    """Django's Redis cache that never fails a request because Redis does not answer (docs,
    « Configuration »): after a short timeout (the ``socket_timeout`` of its OPTIONS), the
    process's own memory answers instead, until Redis answers again (``Outage``). What the cache
    holds is kept elsewhere (the database) or counted again: a ranking is computed once more, a
    throttle counts per process during the cut (so it neither locks anyone out nor lets a flood
    through unbounded), a table code's attempts start from zero in that process.
    """

    add = _falls_back("add", writes=True)
    get = _falls_back("get", writes=False)
    set = _falls_back("set", writes=True)
    touch = _falls_back("touch", writes=True)
    delete = _falls_back("delete", writes=True)
    get_many = _falls_back("get_many", writes=False)
    has_key = _falls_back("has_key", writes=False)
    incr = _falls_back("incr", writes=True)
    set_many = _falls_back("set_many", writes=True)
    delete_many = _falls_back("delete_many", writes=True)
    clear = _falls_back("clear", writes=False)

    def _end_outage(self) -> None:
        """Redis is tried again after a cut: the keys written meanwhile are deleted from it
        first (raising, and still remembered, if it does not answer yet)."""
        self._cache.get_client(write=True).ping()
        stale = OUTAGE.written_keys()
        for start in range(0, len(stale), 1000):
            RedisCache.delete_many(self, stale[start : start + 1000])
        OUTAGE.ended(len(stale))

    @staticmethod
    def _keys_of(method_name: str, args: tuple, kwargs: dict) -> list[str]:
        if method_name == "set_many":
            return list(args[0] if args else kwargs["data"])
        if method_name == "delete_many":
            return list(args[0] if args else kwargs["keys"])
        return [args[0] if args else kwargs["key"]]
