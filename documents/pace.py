"""Public documents asked for faster than a person would: the client waits before Django sees
its request (README, « Documents »).

The production server's ASGI application (``tarot_club/asgi.py``) is wrapped in ``Pace``. Past
``DOCUMENTS_PUBLIC_PER_MINUTE`` requests for public documents (the views marked
``public_document``) from one address in the last minute, each further one waits
``DOCUMENTS_SLOW_DOWN_SECONDS`` first: a coroutine asleep, no thread, no query, nothing drawn.
Eight scripts in a loop then cost the server a few requests a second, not its workers, and the
phones at the tables are served as before. The answer is still Django's: the kept file, or 429
past the same limit counted in the cache that every process shares (``documents.views``).

Each process counts what it serves itself, in memory, over the last minute: a client spread
over several processes is slowed down a little later, never sooner. Nobody is refused here;
an address shared by a whole room (a venue's box) only waits. The development server (WSGI)
has the 429 alone.
"""

import asyncio
import time
from collections import deque

from django.conf import settings
from django.urls import Resolver404, resolve

from common.addresses import forwarded_address

WINDOW_SECONDS = 60
# Only these can be a public document: any other path is never resolved here.
EXTENSIONS = (".pdf", ".xlsx", ".csv", ".json")


def public_document(view):
    """Marks ``view`` as serving a public document: its requests are paced by ``Pace``."""
    view.public_document = True
    return view


def is_public_document(path: str) -> bool:
    if not path.endswith(EXTENSIONS):
        return False
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return getattr(match.func, "public_document", False)


def scope_address(scope: dict) -> str:
    """The client's address from an ASGI scope, as ``client_address`` reads a request's."""
    remote = (scope.get("client") or ("", 0))[0]
    forwarded = b",".join(
        value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"
    )
    return forwarded_address(remote, forwarded.decode("latin-1"))


class Pace:
    """The ASGI application ``app``, public documents paced per address."""

    def __init__(self, app):
        self.app = app
        self._asked: dict[str, deque[float]] = {}
        self._forgotten_at = time.monotonic()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and is_public_document(scope.get("path", "")):
            wait = self.wait(scope_address(scope))
            if wait:
                await asyncio.sleep(wait)
        await self.app(scope, receive, send)

    def wait(self, address: str) -> float:
        """The seconds ``address`` waits before this request is handled (counted)."""
        now = time.monotonic()
        self._forget(now)
        limit = settings.DOCUMENTS_PUBLIC_PER_MINUTE
        # Only the last limit + 1 requests matter: a script in a loop costs no more memory.
        asked = self._asked.get(address)
        if asked is None or asked.maxlen != limit + 1:
            asked = self._asked[address] = deque(asked or (), maxlen=limit + 1)
        while asked and asked[0] <= now - WINDOW_SECONDS:
            asked.popleft()
        asked.append(now)
        return settings.DOCUMENTS_SLOW_DOWN_SECONDS if len(asked) > limit else 0.0

    def _forget(self, now: float) -> None:
        """Once a minute, the addresses that asked nothing for a minute."""
        if now - self._forgotten_at < WINDOW_SECONDS:
            return
        self._forgotten_at = now
        quiet = [a for a, asked in self._asked.items() if asked[-1] <= now - WINDOW_SECONDS]
        for address in quiet:
            del self._asked[address]
