"""The cache's Redis connections, one pool for the whole process.

Under ASGI Django makes a cache object per request (its ``caches`` are kept per async
context), and its Redis backend a connection pool per cache object: each request opened a new
connection to Redis and dropped it at its end, and a connection costs a TCP connect, a HELLO,
and redis-py reading its own version from the package's metadata, 3 to 7 ms of a core here. A
room of 2,000 phones opening their live streams at once paid it 2,000 times, one after the
other. One pool per process instead: redis-py's pool is thread-safe, and starts anew in a
forked child.
"""

import threading

import redis


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
