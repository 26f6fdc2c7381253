"""A live page's stream (Server-Sent Events) of one topic of the bus (``common.bus``).

A stream sends what the client missed since the ``Last-Event-ID`` it comes back with (within
the hour the bus keeps), then each event as the bus hands it over, each with its ``id:``, and
a comment every ``LIVE_HEARTBEAT_SECONDS`` so that no proxy closes it as idle. When the bus is
cut the stream ends: the pages go back to their timers, and their next connection catches up.

Under ASGI (uvicorn workers) a stream is a coroutine of the process's one event loop. Under
WSGI (the development server, the browser tests' server) it is a thread, which steps the same
coroutine in a loop of its own: Django would otherwise read an async stream to its end before
sending a byte.
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Iterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpRequest, StreamingHttpResponse

from common.bus import DOWN, Event, Listener, bus, parse_id

# How long a browser waits before it reconnects a stream that ended.
RETRY_MS = 3000
RELOAD = "reload"  # the client was away longer than the bus keeps: it reads its pages again


def last_event_id(request: HttpRequest) -> str:
    """The id the client saw last: the header a browser's EventSource sends when it
    reconnects, or ``?last=`` from a page that opens a new one."""
    return request.headers.get("Last-Event-ID") or request.GET.get("last", "")


def _frame(event: Event) -> str:
    return f"id: {event.id}\ndata: {event.text}\n\n"


async def _missed(the_bus, topic: str, last_id: str, keep) -> tuple[str, tuple[int, int]]:
    """What the client missed since ``last_id``, as one write, and the last id in it."""
    seen = parse_id(last_id) or (0, 0)
    if not last_id:
        return "", seen
    missed = await sync_to_async(the_bus.since, thread_sensitive=False)(topic, last_id)
    if missed is None:
        return f"event: {RELOAD}\ndata: {{}}\n\n", seen
    frames = [_frame(event) for event in missed if keep(event.data)]
    return "".join(frames), (missed[-1].key if missed else seen)


def _frames(events: list, seen: tuple[int, int], keep) -> tuple[str, tuple[int, int], bool]:
    """The frames of ``events`` not sent yet, the last id, and whether the bus was cut."""
    frames = []
    for event in events:
        if event is DOWN:
            return "".join(frames), seen, True
        if event.key > seen:
            seen = event.key
            if keep(event.data):
                frames.append(_frame(event))
    return "".join(frames), seen, False


async def _events(topic: str, last_id: str, keep: Callable[[dict], bool]) -> AsyncIterator[str]:
    the_bus = bus()
    listener = Listener(topic, asyncio.get_running_loop())
    # Listening before reading what was missed: an event published in between is in both,
    # and sent once (by id).
    the_bus.hub.add(listener)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        missed, seen = await _missed(the_bus, topic, last_id, keep)
        if missed:
            yield missed
        heartbeat = settings.LIVE_HEARTBEAT_SECONDS
        while True:
            try:
                # Not ``wait_for``, which makes a task of each wait: 2,000 streams would make
                # 2,000 tasks for every event.
                async with asyncio.timeout(heartbeat):
                    events = [await listener.queue.get()]
            except TimeoutError:
                yield ": ♥\n\n"
                continue
            # What else is waiting goes in the same write: a burst costs one send, not many.
            while not listener.queue.empty():
                events.append(listener.queue.get_nowait())
            frames, seen, cut = _frames(events, seen, keep)
            if frames:
                yield frames
            if cut:
                return
    finally:
        the_bus.hub.remove(listener)


def _stepped(events: AsyncIterator[str]) -> Iterator[str]:
    """The async stream, for a WSGI server: stepped in an event loop of this thread."""
    loop = asyncio.new_event_loop()
    try:
        while True:
            try:
                yield loop.run_until_complete(anext(events))
            except StopAsyncIteration:
                return
    finally:
        # The stream waits at a ``yield``, never inside an ``await``, between two steps: its
        # closing runs to its end at once, with no loop (this thread may be running another).
        closing = events.aclose()
        with contextlib.suppress(StopIteration):
            closing.send(None)
        closing.close()
        loop.close()


def event_stream(
    request: HttpRequest, topic: str, keep: Callable[[dict], bool]
) -> StreamingHttpResponse:
    """The stream of ``topic``'s events that ``keep`` lets through."""
    events = _events(topic, last_event_id(request), keep)
    content = _stepped(events) if isinstance(request, WSGIRequest) else events
    response = StreamingHttpResponse(content, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-transform"
    # nginx would otherwise hold the events back in its buffer.
    response["X-Accel-Buffering"] = "no"
    return response
