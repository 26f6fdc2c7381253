"""The live pages' event bus (docs, « En direct »): what a write announces once it commits,
carried to every web process, each of which hands it to its own open streams.

With ``LIVE_REDIS_URL`` (``REDIS_URL`` by default) the events go through one Redis stream,
trimmed to the last hour (``XADD … MINID``), so that any number of processes on any number of
machines see every one, and a client that comes back with the last id it saw is given what it
missed. Each process reads that stream in one thread of its own, with one connection, and
fans each event out to its clients' queues: never a connection per client. Without Redis, the
process keeps the last hour in memory and fans out the same way (``./dev serve`` on a laptop).

When Redis is cut, a write is never held: its events wait in the process (the last hour, at
most ``PENDING_MAX``) and are published as soon as Redis answers again, so that the clients
coming back with their last id catch up on them too. The streams end meanwhile (their pages
fall back to their timers), and a stream asked for is refused at once (503): nothing waits on
a Redis that does not answer.

An event is a topic (a tournament's id, as text) and a dict; its id is Redis's
(``<milliseconds>-<sequence>``), which the memory bus imitates, so that ids compare the same
way in both. Nothing here knows what a tournament is: the words are the apps'
(``notifications.live``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

KEEP_SECONDS = 3600
# A Redis that does not answer within this is taken as cut: a write's announcement is dropped
# rather than holding the write (the pages catch up from their own timers).
PUBLISH_TIMEOUT = 0.5
READ_BLOCK_MS = 5000
RETRY_SECONDS = 1.0
# The events each process keeps of what its reader read, to give a client coming back what it
# missed without asking Redis (older ones are read from Redis's stream, the hour it keeps).
RECENT_MAX = 5000
# The events a process keeps while Redis is cut (a 2,000-player room saves a few a second),
# published again so many at a time.
PENDING_MAX = 20_000
PUBLISH_BATCH = 500
# The streams woken at a time by a batch (each then writes): a few milliseconds of the loop.
HAND_OVER_SLICE = 50


def parse_id(event_id: str) -> tuple[int, int] | None:
    """``"1700000000000-3"`` as ``(1700000000000, 3)``, or None when it is not an id."""
    first, _, second = (event_id or "").strip().partition("-")
    if not (first.isdigit() and second.isdigit()) or len(first) > 15 or len(second) > 9:
        return None
    return int(first), int(second)


@dataclass(frozen=True)
class Event:
    id: str
    topic: str
    data: dict

    @functools.cached_property
    def key(self) -> tuple[int, int]:
        return parse_id(self.id) or (0, 0)

    @functools.cached_property
    def text(self) -> str:
        """The data as JSON: written once per process, however many streams send it."""
        return json.dumps(self.data, separators=(",", ":"), ensure_ascii=False)


class Batch:
    """The events of one topic that reach a process's streams together, in order. What every
    stream makes of them alike (their frames, for a same filter) is made once, in ``shared``:
    a room of 2,000 phones costs one encoding per batch, not one per phone."""

    __slots__ = ("events", "first", "last", "shared")

    def __init__(self, events: Iterable[Event]):
        self.events = tuple(events)
        self.first, self.last = self.events[0].key, self.events[-1].key
        self.shared: dict = {}


# What a listener's queue receives besides batches: the bus is cut (its stream ends), or the
# process's heartbeat (a comment on every open stream, so that no proxy closes it as idle).
DOWN = None
HEARTBEAT = "heartbeat"


@dataclass(eq=False)
class Listener:
    """One open stream's queue, on its own event loop (the development server runs one loop per
    request thread; uvicorn one per process): it receives Batches, DOWN and HEARTBEAT."""

    topic: str
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    # The client's address, whose open streams are counted (``Hub.count_of``).
    address: str = ""


class Hub:
    """The process's open streams, by topic; a batch reaches each loop in one call, and each
    stream as one item. One thread of the process beats for every stream."""

    def __init__(self):
        self._lock = threading.Lock()
        self._listeners: dict[str, set[Listener]] = {}
        self._handovers: dict[asyncio.AbstractEventLoop, Handover] = {}
        self._beating = False
        self._by_address: Counter[str] = Counter()

    def add(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.setdefault(listener.topic, set()).add(listener)
            self._by_address[listener.address] += 1
            beat, self._beating = not self._beating, True
        if beat:
            threading.Thread(target=self._beat, name="live-heartbeat", daemon=True).start()

    def remove(self, listener: Listener) -> None:
        with self._lock:
            listeners = self._listeners.get(listener.topic)
            if listeners is not None and listener in listeners:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[listener.topic]
                self._by_address[listener.address] -= 1
                if self._by_address[listener.address] <= 0:
                    del self._by_address[listener.address]

    def count(self) -> int:
        with self._lock:
            return sum(len(listeners) for listeners in self._listeners.values())

    def count_of(self, address: str) -> int:
        """The streams this process holds open for ``address``."""
        with self._lock:
            return self._by_address.get(address, 0)

    def deliver(self, events: Iterable[Event | None], topic: str | None = None) -> None:
        """Hand ``events`` to the listeners of their topics, one batch per topic (or ``DOWN``
        to every listener, or to ``topic``'s), one thread-safe call per loop."""
        by_topic: dict[str, list[Event]] = {}
        down = False
        for event in events:
            if event is DOWN:
                down = True
            else:
                by_topic.setdefault(event.topic, []).append(event)
        items: list[tuple[str | None, Batch | None]] = [
            (name, Batch(group)) for name, group in by_topic.items()
        ]
        if down:
            items.append((topic, DOWN))
        self._hand_over(items)

    def _hand_over(self, batches: list[tuple[str | None, object]]) -> None:
        """Each item to the listeners of its topic (None: every listener)."""
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Queue, object]]] = {}
        with self._lock:
            for name, item in batches:
                targets = (
                    [listener for group in self._listeners.values() for listener in group]
                    if name is None
                    else self._listeners.get(name, ())
                )
                for listener in targets:
                    by_loop.setdefault(listener.loop, []).append((listener.queue, item))
            handovers = []
            for loop in by_loop:
                if loop not in self._handovers:
                    self._handovers[loop] = Handover(loop)
                handovers.append(self._handovers[loop])
            # A loop closed is a stream thread of the development server that has ended.
            for loop in [loop for loop in self._handovers if loop.is_closed()]:
                del self._handovers[loop]
        for handover, queued in zip(handovers, by_loop.values(), strict=True):
            handover.add(queued)

    def _beat(self) -> None:
        """A heartbeat on every open stream every ``LIVE_HEARTBEAT_SECONDS``: one timer for
        the process, not one per stream (read at each tick: the tests shorten it)."""
        last = time.monotonic()
        while True:
            time.sleep(min(settings.LIVE_HEARTBEAT_SECONDS, 1.0))
            if time.monotonic() - last >= settings.LIVE_HEARTBEAT_SECONDS:
                last = time.monotonic()
                self._hand_over([(None, HEARTBEAT)])


class Handover:
    """What waits to be put in one loop's queues, in the order it came, put a slice at a time:
    between two slices the loop serves what else waits (a request's step between its
    threads), rather than after 1,000 streams' writes. One line for the loop keeps each
    stream's items in order, however the streams come and go between two batches."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self._items: deque[tuple[asyncio.Queue, object]] = deque()
        self._lock = threading.Lock()
        self._scheduled = False

    def add(self, queued: list[tuple[asyncio.Queue, object]]) -> None:
        with self._lock:
            self._items.extend(queued)
            if self._scheduled:
                return
            self._scheduled = True
        # A loop already closed is a stream that has ended.
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._put_slice)

    def _put_slice(self) -> None:
        with self._lock:
            now = [self._items.popleft() for _ in range(min(HAND_OVER_SLICE, len(self._items)))]
            self._scheduled = bool(self._items)
        for queue, item in now:
            queue.put_nowait(item)
        if self._scheduled:
            self.loop.call_soon(self._put_slice)


class MemoryBus:
    """One process's bus: the last hour in memory."""

    def __init__(self):
        self.hub = Hub()
        self._lock = threading.Lock()
        self._kept: deque[Event] = deque()
        self._last = (0, 0)

    def up(self) -> bool:
        return True

    def _next_id(self) -> str:
        now = int(time.time() * 1000)
        millis, sequence = self._last
        self._last = (now, 0) if now > millis else (millis, sequence + 1)
        return f"{self._last[0]}-{self._last[1]}"

    def publish(self, topic: str, data: dict) -> str | None:
        with self._lock:
            event = Event(self._next_id(), topic, data)
            self._kept.append(event)
            oldest = (_hour_ago(), 0)
            while self._kept and self._kept[0].key < oldest:
                self._kept.popleft()
        self.hub.deliver([event])
        return event.id

    def since(self, topic: str, last_id: str) -> list[Event] | None:
        """The events of ``topic`` after ``last_id``, or None when that id is past the hour
        kept (the client must then read its pages again)."""
        after = parse_id(last_id)
        with self._lock:
            kept = list(self._kept)
        if after is None or after[0] < _hour_ago():
            return None
        return [event for event in kept if event.key > after and event.topic == topic]

    def ensure_reader(self) -> None:
        pass

    def since_start(self) -> list[Event]:
        """Every event kept, oldest first."""
        with self._lock:
            return list(self._kept)


class RedisBus:
    """The bus of every process: one Redis stream, read by one thread per process."""

    def __init__(self, url: str, key: str):
        self.hub = Hub()
        self.key = key
        self._writer = redis.Redis.from_url(
            url, socket_timeout=PUBLISH_TIMEOUT, socket_connect_timeout=PUBLISH_TIMEOUT
        )
        self._reader = redis.Redis.from_url(
            url, socket_timeout=READ_BLOCK_MS / 1000 + 5, socket_connect_timeout=PUBLISH_TIMEOUT
        )
        self._up = threading.Event()  # the reader reads: streams may open
        self._checked = threading.Event()  # the reader has tried Redis once
        self._cut = threading.Event()  # a command failed: publish keeps its events
        self._pending: deque[tuple[str, dict]] = deque(maxlen=PENDING_MAX)
        self._pending_lock = threading.Lock()
        # What the reader read, every event after ``_recent_after`` (None: nothing yet).
        self._recent: deque[Event] = deque()
        self._recent_after: tuple[int, int] | None = None
        self._recent_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._thread_lock = threading.Lock()
        # The Redis server the reader reads (its run_id), and, once it was seen restarted,
        # the first id of its new stream: a client that saw only older ones may have missed
        # events that were added and never read before the restart lost them.
        self._server: str | None = None
        self._lost_before: tuple[int, int] | None = None

    def up(self) -> bool:
        """Whether a stream may open: once the reader has tried Redis, at once (a room
        coming back during a cut is refused without holding a thread each)."""
        self.ensure_reader()
        self._checked.wait(timeout=PUBLISH_TIMEOUT * 2)
        return self._up.is_set()

    def publish(self, topic: str, data: dict) -> str | None:
        """The event's id; None when Redis is cut: the event is then kept, and published
        when Redis answers again (by the reader, or by the next publish)."""
        with self._pending_lock:
            if self._cut.is_set() or self._pending:
                self._pending.append((topic, data))
                self.ensure_reader()
                return None
            try:
                return self._add(topic, data)
            except redis.RedisError:
                logger.warning("Redis is cut: the live events wait until it answers again")
                self._cut.set()
                self._pending.append((topic, data))
        self.ensure_reader()
        return None

    def _add(self, topic: str, data: dict) -> str:
        fields = {"topic": topic, "data": json.dumps(data, separators=(",", ":"))}
        event_id = self._writer.xadd(self.key, fields, minid=_hour_ago(), approximate=True)
        return event_id.decode()

    def _publish_pending(self) -> None:
        """Publish, oldest first, the events kept while Redis was cut (those older than the
        hour are dropped: no client may ask for them any more)."""
        with self._pending_lock:
            oldest = time.time() - KEEP_SECONDS
            while self._pending:
                batch = list(itertools.islice(self._pending, PUBLISH_BATCH))
                pipe = self._writer.pipeline(transaction=False)
                for topic, data in batch:
                    if data.get("at", oldest) >= oldest:
                        fields = {"topic": topic, "data": json.dumps(data, separators=(",", ":"))}
                        pipe.xadd(self.key, fields, minid=_hour_ago(), approximate=True)
                pipe.execute()
                for _published in batch:
                    self._pending.popleft()
            self._cut.clear()

    def _retry_pending(self) -> None:
        """A publish failed while the reader's connection held: try them again (the streams
        go on either way: they only need the reader)."""
        try:
            self._publish_pending()
        except redis.RedisError:
            logger.warning("Redis refuses the live events again: they wait")

    def since(self, topic: str, last_id: str) -> list[Event] | None:
        """The events of ``topic`` after ``last_id``, from what this process's reader read
        (the last ``RECENT_MAX``); None, the page reading itself again, for an id older than
        that. Never Redis's stream: an old id, sent by a client again and again, would read
        and parse the whole hour per request."""
        after = parse_id(last_id)
        if after is None or after[0] < _hour_ago():
            return None
        if self._lost_before is not None and after < self._lost_before:
            return None  # Redis restarted empty since: what it lost is not known
        with self._recent_lock:
            if self._recent_after is None or after < self._recent_after:
                return None
            # A room coming back at once (2,000 phones with the same last id) costs no Redis
            # round trip and no parsing each: what was missed is read here. What the reader
            # has not read yet reaches the stream's queue, which listens already.
            missed = itertools.takewhile(lambda e: e.key > after, reversed(self._recent))
            return [event for event in missed if event.topic == topic][::-1]

    def ensure_reader(self) -> None:
        with self._thread_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._read, name="live-bus", daemon=True)
                self._thread.start()

    def _note_restart(self, server: str) -> None:
        """The reader (re)connected to the Redis server ``server``: if it is not the one it
        read before, that one stopped and its stream (kept in memory) may be gone with events
        nobody read: clients coming back from before now read their pages again."""
        if self._server is not None and server != self._server:
            self._lost_before = (int(time.time() * 1000), 0)
            logger.warning("Redis restarted: the live pages older than now read themselves again")
        self._server = server

    def _remember(self, events: list[Event]) -> None:
        """Keep ``events`` (read in order, none missed since ``_recent_after``)."""
        with self._recent_lock:
            self._recent.extend(events)
            while len(self._recent) > RECENT_MAX:
                self._recent_after = self._recent.popleft().key

    def _read(self) -> None:
        # From the moment the first stream asked: what it was published after it is read.
        last = f"{int(time.time() * 1000)}-0"
        with self._recent_lock:
            self._recent.clear()
            self._recent_after = parse_id(last)
        while True:
            try:
                # Asked at every read, not only after an error: a Redis restarted between two
                # reads is met by a connection the pool opens again without a word.
                self._note_restart(self._reader.info("server")["run_id"])
                if not self._up.is_set():
                    self._publish_pending()
                    self._up.set()
                    self._checked.set()
                for _key, entries in (
                    self._reader.xread({self.key: last}, block=READ_BLOCK_MS, count=1000) or []
                ):
                    events = [_event(entry) for entry in entries]
                    last = events[-1].id
                    # Kept before handed over: a stream opening meanwhile finds each event in
                    # one or the other (or both: sent once, by id).
                    self._remember(events)
                    self.hub.deliver(events)
                    # What comes meanwhile is read at once, next time, and reaches each stream
                    # in the same write: 2,000 streams cost 2,000 writes per batch, not per event.
                    time.sleep(settings.LIVE_BATCH_SECONDS)
                if self._cut.is_set():
                    self._retry_pending()
            except redis.RedisError:
                if self._up.is_set():
                    logger.warning("Redis is cut: the live streams end until it answers again")
                self._up.clear()
                self._checked.set()
                self.hub.deliver([DOWN])
                time.sleep(RETRY_SECONDS)


def _hour_ago() -> int:
    return int((time.time() - KEEP_SECONDS) * 1000)


def _event(entry) -> Event:
    event_id, fields = entry
    return Event(event_id.decode(), fields[b"topic"].decode(), json.loads(fields[b"data"].decode()))


_bus: MemoryBus | RedisBus | None = None
_bus_lock = threading.Lock()


def bus() -> MemoryBus | RedisBus:
    """The process's bus, made once from the settings."""
    global _bus
    with _bus_lock:
        if _bus is None:
            url = settings.LIVE_REDIS_URL
            _bus = RedisBus(url, settings.LIVE_STREAM_KEY) if url else MemoryBus()
        return _bus


def reset_bus() -> None:
    """Forget the process's bus (tests that change the settings)."""
    global _bus
    with _bus_lock:
        _bus = None
