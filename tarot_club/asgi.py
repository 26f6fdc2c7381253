"""ASGI entry point (gunicorn with uvicorn workers: ``./dev prod``)."""

import os
import re

import django
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
# Under ASGI each request's synchronous code runs in a thread of its own: a connection kept
# after the request would be one per thread, never used again, until PostgreSQL refuses more
# clients. Each request opens its own and closes it (Django's advice for ASGI).
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")

django.setup(set_prefix=False)

from common.bus import bus  # noqa: E402 - once Django is set up
from documents.pace import Pace  # noqa: E402

# Each server process reads the live events from its start, not from its first stream: a
# page coming back with the id of an event it saw is then given what it missed from this
# process's reading, not told to read itself again because the reader is younger than that
# id (as on a process that had served no stream yet, when a deal was saved during a Redis
# cut). Without Redis, the bus is in memory and reads nothing.
bus().ensure_reader()

# The live streams (docs, « En direct »), open for hours.
STREAMS = re.compile(r"^/(arbitre/)?tournois/\d+/direct/$")


class StreamHandler(ASGIHandler):
    """Django's handler for the live streams, without its one thread per request.

    Django runs each request's synchronous work (its signals, the middleware that are not
    async) in a thread of the request's own, kept until the answer ends: for a stream, hours
    of an idle thread (2,000 streams, 2,000 threads, 140 kB each). Here that work runs in the
    process's one shared thread instead; a stream does little of it (its checks, once), and
    then costs a coroutine only.
    """

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)


pages = ASGIHandler()
streams = StreamHandler()


async def route(scope, receive, send):
    handler = streams if STREAMS.match(scope.get("path", "")) else pages
    await handler(scope, receive, send)


# A client asking for public documents faster than a person would waits before Django sees it.
application = Pace(route)
