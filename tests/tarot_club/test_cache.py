"""The cache's Redis connections: one pool for the whole process, not one per request (under
ASGI Django makes a cache object per request, and its Redis backend a pool per object)."""

import threading

from django.core.cache.backends.redis import RedisCache

from tarot_club.cache import SharedConnectionPool

URL = "redis://127.0.0.1:6379/7"
OPTIONS = {"pool_class": "tarot_club.cache.SharedConnectionPool"}


def request_cache() -> RedisCache:
    """The cache object one request gets (no connection is opened to make it)."""
    return RedisCache(URL, {"OPTIONS": OPTIONS})


def pool_of(cache: RedisCache):
    return cache._cache._get_connection_pool(write=True)


def test_two_requests_cache_objects_share_one_pool_of_connections():
    pools = []
    threads = [threading.Thread(target=lambda: pools.append(pool_of(request_cache())))]
    threads.append(threading.Thread(target=lambda: pools.append(pool_of(request_cache()))))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert pools[0] is pools[1]
    assert isinstance(pools[0], SharedConnectionPool)


def test_without_it_each_request_made_a_pool_of_its_own():
    plain = {"OPTIONS": {}}

    assert pool_of(RedisCache(URL, plain)) is not pool_of(RedisCache(URL, plain))


def test_another_server_or_other_options_have_their_own_pool():
    pool = SharedConnectionPool.from_url(URL)

    assert SharedConnectionPool.from_url("redis://127.0.0.1:6379/8") is not pool
    assert SharedConnectionPool.from_url(URL, socket_timeout=1) is not pool
    assert SharedConnectionPool.from_url(URL) is pool
