"""What an address may ask of the public documents, in the cache that every web process shares:
how many it has asked for this minute, counted by the view (``documents.views``, 429 past the
limit); and, before Django (``documents.pace``), how long it waits for its turn.

A person asks for a few documents together, then reads them: ``DOCUMENTS_PUBLIC_AT_ONCE`` are
served at once, then one every ``60 / DOCUMENTS_PUBLIC_PER_MINUTE`` seconds (2 s by default),
each later one waiting for its turn. The turn is a generic cell rate algorithm: the cache keeps,
per address, when its next document is due at that pace (in milliseconds), moved on by one
interval per document served with the cache's own ``incr``. The view takes the turns, for the
same requests it counts (a visitor's, never a logged-in user's); the pace reads them.
Requests of one address that come together may pass the pace together: the minute's count
answers them 429.
"""

import time

from django.conf import settings
from django.core.cache import cache

WINDOW_SECONDS = 60
# No request is held longer: past it, the 429 of the minute's count answers.
LONGEST_WAIT_SECONDS = 60


def _key(address: str, counted: str) -> str:
    return f"{counted}:{address}:{int(time.time() // WINDOW_SECONDS)}"


def count_asked(address: str, *, counted: str = "documents-asked") -> int:
    """One more request of ``address`` this minute: how many it has made, this one included.
    ``counted`` names what is counted (another form's posts count apart from the documents)."""
    key = _key(address, counted)
    cache.add(key, 0, 2 * WINDOW_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:
        # The entry was dropped between add and incr: count this one as the first.
        return 1


def seconds_left() -> int:
    """Until the next minute's count starts."""
    return WINDOW_SECONDS - int(time.time()) % WINDOW_SECONDS


def _turn_key(address: str) -> str:
    return f"documents-turn:{address}"


def _interval_ms() -> int:
    return 60_000 // settings.DOCUMENTS_PUBLIC_PER_MINUTE


def take_turn(address: str) -> None:
    """One more public document served to ``address``: its next one is due one interval later
    (from now, for an address that kept to the pace)."""
    interval, now, key = _interval_ms(), int(time.time() * 1000), _turn_key(address)
    try:
        due = cache.incr(key, interval) - interval  # when this one was due at the pace
    except ValueError:
        due = None  # the address's first, or its first for a while
    if due is None or due < now:
        # (Two requests of the address served at this very moment may both start again from
        # now: one document more at once, no more.)
        cache.set(key, now + interval, LONGEST_WAIT_SECONDS * 2)
    else:
        cache.touch(key, (due - now) // 1000 + LONGEST_WAIT_SECONDS * 2)


def seconds_to_wait(address: str) -> float:
    """How long the next public document of ``address`` waits for its turn (0: at once)."""
    due = cache.get(_turn_key(address))
    if due is None:
        return 0.0
    interval, now = _interval_ms(), int(time.time() * 1000)
    early = due - now - (settings.DOCUMENTS_PUBLIC_AT_ONCE - 1) * interval
    return min(max(early, 0) / 1000, LONGEST_WAIT_SECONDS)
