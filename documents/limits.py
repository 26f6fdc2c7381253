"""How many public documents an address has asked for this minute, in the cache that every
web process shares: counted by the view (``documents.views``, 429 past the limit) and read
before Django by ``documents.pace``."""

import time

from django.core.cache import cache

WINDOW_SECONDS = 60


def _key(address: str) -> str:
    return f"documents-asked:{address}:{int(time.time() // WINDOW_SECONDS)}"


def count_asked(address: str) -> int:
    """One more request of ``address`` this minute: how many it has made, this one included."""
    key = _key(address)
    cache.add(key, 0, 2 * WINDOW_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:
        # The entry was dropped between add and incr: count this one as the first.
        return 1


def asked_this_minute(address: str) -> int:
    return cache.get(_key(address), 0)


def seconds_left() -> int:
    """Until the next minute's count starts."""
    return WINDOW_SECONDS - int(time.time()) % WINDOW_SECONDS
