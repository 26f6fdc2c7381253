"""A live page's stream (Server-Sent Events) of one topic of the bus (``common.bus``).

A stream sends what the client missed since the ``Last-Event-ID`` it comes back with (within
what the process keeps: for an older id, the page is told to read itself again, ``reload``),
then each event as the bus hands it over, each with its ``id:``, and the process's heartbeat
(``common.bus.Hub``) so that no proxy closes it as idle. When the bus is cut the stream ends:
the pages go back to their timers, and their next connection catches up. One address holds at
most ``LIVE_STREAMS_PER_ADDRESS`` streams of a process open.

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
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from common.addresses import client_address
from common.bus import DOWN, HEARTBEAT, Batch, Event, Listener, bus, parse_id

# How long a browser waits before it reconnects a stream that ended.
RETRY_MS = 3000
RELOAD = "reload"  # the client was away longer than the bus keeps: it reads its pages again
HEARTBEAT_FRAME = ": ♥\n\n".encode()


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


def _batch_frames(batch: Batch, keep: Callable[[dict], bool]) -> bytes:
    """The frames of ``batch`` that ``keep`` lets through, made and encoded once for every
    stream with the same filter (the streams of a process share the batch)."""
    frames = batch.shared.get(keep)
    if frames is None:
        text = "".join(_frame(event) for event in batch.events if keep(event.data))
        frames = batch.shared[keep] = text.encode()
    return frames


def _frames(items: list, seen: tuple[int, int], keep) -> tuple[bytes, tuple[int, int], bool]:
    """The frames of ``items`` not sent yet, the last id, and whether the bus was cut."""
    frames = []
    for item in items:
        if item is DOWN:
            return b"".join(frames), seen, True
        if item is HEARTBEAT:
            frames.append(HEARTBEAT_FRAME)
        elif item.first > seen:
            frames.append(_batch_frames(item, keep))
            seen = item.last
        else:
            # Only just after a catch-up: the events sent already with what was missed.
            text = "".join(_frame(e) for e in item.events if e.key > seen and keep(e.data))
            frames.append(text.encode())
            seen = max(seen, item.last)
    return b"".join(frames), seen, False


async def _events(
    topic: str, last_id: str, keep: Callable[[dict], bool], address: str = ""
) -> AsyncIterator[bytes]:
    the_bus = bus()
    listener = Listener(topic, asyncio.get_running_loop(), address=address)
    # Listening before reading what was missed: an event published in between is in both,
    # and sent once (by id).
    the_bus.hub.add(listener)
    try:
        # Bytes, as Django sends them: a stream's writes are encoded once for all.
        yield f"retry: {RETRY_MS}\n\n".encode()
        missed, seen = await _missed(the_bus, topic, last_id, keep)
        if missed:
            yield missed.encode()
        while True:
            # No timer per stream: the process's heartbeat comes through the queue too.
            items = [await listener.queue.get()]
            # What else is waiting goes in the same write: a burst costs one send, not many.
            while not listener.queue.empty():
                items.append(listener.queue.get_nowait())
            frames, seen, cut = _frames(items, seen, keep)
            if frames:
                yield frames
            if cut:
                return
    finally:
        the_bus.hub.remove(listener)


def _stepped(events: AsyncIterator[bytes]) -> Iterator[bytes]:
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


TOO_MANY = (
    "Trop de pages en direct sont ouvertes depuis cette connexion : fermez-en quelques-unes. "
    "Les pages se mettent à jour toutes seules en attendant."
)
TOO_MANY_RETRY_SECONDS = 60


def event_stream(request: HttpRequest, topic: str, keep: Callable[[dict], bool]) -> HttpResponse:
    """The stream of ``topic``'s events that ``keep`` lets through; a French 429 when this
    process already holds ``settings.LIVE_STREAMS_PER_ADDRESS`` streams for the client's
    address (a room's phones share the venue's: the bound is generous)."""
    address = client_address(request)
    if bus().hub.count_of(address) >= settings.LIVE_STREAMS_PER_ADDRESS:
        response = HttpResponse(_(TOO_MANY), status=429, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(TOO_MANY_RETRY_SECONDS)
        return response
    events = _events(topic, last_event_id(request), keep, address)
    content = _stepped(events) if isinstance(request, WSGIRequest) else events
    response = StreamingHttpResponse(content, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-transform"
    # nginx would otherwise hold the events back in its buffer.
    response["X-Accel-Buffering"] = "no"
    return response
