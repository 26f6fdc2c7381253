"""Public documents asked for faster than a person would: the client waits for its turn before
Django sees its request (docs, « Documents »).

The production server's ASGI application (``tarot_club/asgi.py``) is wrapped in ``Pace``. A
request for a public document (the views marked ``public_document``) waits for the address's
turn, as kept in the cache that every process shares (``documents.limits``): the first few
together at once, then one every 2 s. The wait is a coroutine asleep: no thread held, no
query, nothing drawn. Eight scripts in a loop then cost the server four requests a second, not
its workers, and the phones at the tables are served as before. The answer is then Django's,
429 « Trop de demandes » past the minute's limit (``documents.views``). Nobody is refused here,
only kept waiting: an address shared by a whole room (a venue's box) waits too, as its turns
are one. The development server (WSGI) has the 429 alone.
"""

import asyncio
import logging

from django.urls import Resolver404, resolve

from common.addresses import forwarded_address
from documents.limits import seconds_to_wait

logger = logging.getLogger(__name__)

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

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and is_public_document(scope.get("path", "")):
            try:
                # The cache is read in a thread of the loop's pool: a coroutine never blocks.
                wait = await asyncio.to_thread(seconds_to_wait, scope_address(scope))
            except Exception:
                # Outside Django, a failure here would be the server's plain-text 500: the
                # request goes on unpaced, and Django's own count still limits it.
                logger.exception("The public documents' pace could not be read")
                wait = 0
            if wait:
                await asyncio.sleep(wait)
        await self.app(scope, receive, send)
