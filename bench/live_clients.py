"""The clients of bench/live_bench.py: 2,000 phones following a tournament's stream as its
pages do (htmx's SSE extension), and the TCP proxy to the bus's Redis that the bench cuts.
Talks to 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import threading
import time
from dataclasses import dataclass, field

import uvloop
from load_fault import HOST

STREAMS_OPENED_PER_SECOND = 250
RECONNECT_SPREAD = 3.0  # the browser's retry (3 s), spread as 2,000 phones would be


# --- The bus's Redis, through a proxy that can be cut --------------------------------------


class Proxy:
    """A TCP proxy from ``port`` to Redis, in a thread of its own; ``cut`` closes it and every
    connection through it, ``restore`` opens it again."""

    def __init__(self, port: int, target: int):
        self.port, self.target = port, target
        self.loop = asyncio.new_event_loop()
        self.server = None
        self.pipes: set[asyncio.StreamWriter] = set()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.restore()

    async def _pipe(self, reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _accept(self, client_reader, client_writer):
        try:
            redis_reader, redis_writer = await asyncio.open_connection(HOST, self.target)
        except OSError:
            client_writer.close()
            return
        self.pipes |= {client_writer, redis_writer}
        await asyncio.gather(
            self._pipe(client_reader, redis_writer), self._pipe(redis_reader, client_writer)
        )
        self.pipes -= {client_writer, redis_writer}

    def restore(self) -> None:
        async def start():
            self.server = await asyncio.start_server(self._accept, HOST, self.port)

        asyncio.run_coroutine_threadsafe(start(), self.loop).result(timeout=5)

    def cut(self) -> None:
        async def stop():
            self.server.close()
            for writer in list(self.pipes):
                writer.transport.abort()
            self.pipes.clear()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(timeout=5)


# --- 2,000 phones following the stream ------------------------------------------------------


@dataclass
class Client:
    received: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    last_id: str = ""
    connected_at: float = 0.0  # when its first stream answered
    fell_back: int = 0
    reconnected: int = 0
    caught_up: int = 0
    refused: dict = field(default_factory=dict)
    fell_back_at: float = 0.0  # when its stream first ended
    back_at: float = 0.0  # when its stream first answered again


async def _open(client: Client, port: int, path: str):
    """The stream's connection, its status line and headers read, and whether its body is
    chunked; None if refused (the answer's status counted)."""
    headers = f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n"
    if client.last_id:
        headers += f"Last-Event-ID: {client.last_id}\r\n"
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write((headers + "\r\n").encode())
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    if status != 200:
        client.refused[status] = client.refused.get(status, 0) + 1
        writer.close()
        return None
    chunked = False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        chunked |= line.lower().replace(b" ", b"") == b"transfer-encoding:chunked\r\n"
    client.connected_at = client.connected_at or time.time()
    return reader, writer, chunked


async def _chunks(reader, chunked: bool):
    """The body's writes, until the stream ends: its last chunk, as a browser's EventSource
    sees it (the connection itself may be kept open for another request), or the connection
    closed."""
    if not chunked:
        while data := await reader.read(65536):
            yield data
        return
    # One read per arrival, the chunks framed here: a few awaits a write, not two per chunk.
    pending = b""
    while data := await reader.read(65536):
        pending += data
        while (end := pending.find(b"\r\n")) >= 0:
            size = int(pending[:end].split(b";")[0].strip() or b"0", 16)
            if not size:
                return
            if len(pending) < end + size + 4:
                break
            yield pending[end + 2 : end + 2 + size]
            pending = pending[end + size + 4 :]


_COMMITTED_AT: dict[bytes, float] = {}


def _committed_at(event_id: bytes, block: bytes) -> float:
    """When the event's deal was committed (its ``at``), read once for the 2,000 clients."""
    if event_id not in _COMMITTED_AT:
        data = block[block.index(b"data: ") + 6 :].split(b"\n", 1)[0]
        _COMMITTED_AT[event_id] = json.loads(data)["at"]
    return _COMMITTED_AT[event_id]


async def _read(client: Client, opened, stop: asyncio.Event, catching_up: bool) -> None:
    """Each event of the stream: its id kept, and the time from its commit to here. A write
    may hold several events (a batch, or what was missed): each counts."""
    reader, _writer, chunked = opened
    buffer = b""
    async for chunk in _chunks(reader, chunked):
        if stop.is_set():
            return
        now = time.time()
        *blocks, buffer = (buffer + chunk).split(b"\n\n")
        for block in blocks:
            if not block.startswith(b"id: "):
                continue  # the retry, a heartbeat
            event_id = block[4 : block.index(b"\n")]
            at = _committed_at(event_id, block)
            client.received.append(event_id.decode())
            client.latencies.append(now - at)
            client.caught_up += catching_up and now - at > 1
            client.last_id = client.received[-1]


async def follow(client: Client, port: int, path: str, stop: asyncio.Event) -> None:
    """One phone: open the stream, read its events; when it ends, fall back to the timer and
    open it again with the last id seen, as the page does: the browser's retry (3 s) after a
    stream that ended, htmx's growing wait (0.5 s, 1 s, 2 s… up to 64 s) after a refusal."""
    refusals = 0
    while not stop.is_set():
        catching_up = bool(client.last_id)
        opened = None
        try:
            opened = await _open(client, port, path)
            if opened is not None:
                refusals = 0
                if catching_up:
                    client.reconnected += 1
                    client.back_at = client.back_at or time.time()
                await _read(client, opened, stop, catching_up)
                opened[1].close()
        except (ConnectionError, OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            client.refused["no answer"] = client.refused.get("no answer", 0) + 1
        if stop.is_set():
            return
        client.fell_back += 1
        client.fell_back_at = client.fell_back_at or time.time()
        if opened is None:
            refusals += 1
            wait = 0.5 * min(2 ** (refusals - 1), 128)
            await asyncio.sleep(wait * random.uniform(1.0, 1.5))
        else:
            await asyncio.sleep(random.uniform(1.0, 1.0 + RECONNECT_SPREAD))


RETURN_DEADLINE = 90  # seconds for every client cut off to come back, once the saves are over
LAST_EVENTS_SECONDS = 3  # for the last events to reach every client


class Room:
    """The clients in a process of their own, as real phones are: they never hold the bench's
    interpreter lock while its tables' phones time their saves. ``saved`` tells them the saves
    are over; ``clients()`` answers what each received, once every client cut off has come
    back (bounded) and the last events have reached them."""

    def __init__(self, count: int, port: int, path: str):
        context = multiprocessing.get_context("spawn")
        self.opened, self.saved = context.Event(), context.Event()
        self._results, sent = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_room, args=(count, port, path, self.opened, self.saved, sent), daemon=True
        )
        self.process.start()

    def clients(self, timeout: float) -> list[Client]:
        self.saved.set()
        clients = self._results.recv() if self._results.poll(timeout) else []
        self.process.join(timeout=30)
        if self.process.is_alive():
            self.process.kill()
        return clients


def cut_off_still(client: Client) -> bool:
    return bool(client.fell_back_at and not client.back_at)


def _room(count: int, port: int, path: str, opened, saved, results) -> None:
    clients = [Client() for _ in range(count)]

    async def main():
        done = asyncio.Event()
        tasks = []
        for index, client in enumerate(clients):
            tasks.append(asyncio.create_task(follow(client, port, path, done)))
            if index % STREAMS_OPENED_PER_SECOND == STREAMS_OPENED_PER_SECOND - 1:
                await asyncio.sleep(1)
        # Until every stream answered (bounded): the saves start with the room following.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(c.connected_at for c in clients):
            await asyncio.sleep(0.5)
        opened.set()
        while not saved.is_set():
            await asyncio.sleep(0.2)
        # Every client cut off comes back (bounded in time), as a phone's page does.
        deadline = time.monotonic() + RETURN_DEADLINE
        while time.monotonic() < deadline and any(
            c.fell_back_at and not c.back_at for c in clients
        ):
            await asyncio.sleep(0.5)
        await asyncio.sleep(LAST_EVENTS_SECONDS)
        done.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # uvloop (the web server's loop too): 2,000 phones on this machine cost it less of the
    # CPU the server needs.
    uvloop.run(main())
    results.send(clients)
