"""The live bus (common/bus.py): events kept an hour with ids that order them, handed to the
process's open streams by topic, and read again from an id; with Redis cut, no write waits
and no event is lost, and the streams serve again once it answers."""

import asyncio
import json
import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from common.bus import (
    DOWN,
    HAND_OVER_SLICE,
    HEARTBEAT,
    KEEP_SECONDS,
    Batch,
    Handover,
    Listener,
    MemoryBus,
    RedisBus,
    parse_id,
)
from tests.common.cuttable import CuttableRedis
from tests.private_redis import private_redis_or_skip


def listen(the_bus, topic, work, count):
    """Run ``work`` while a listener of ``topic`` waits, and answer the first ``count`` events
    (or DOWN) it received, out of their batches; heartbeats aside."""

    async def run():
        listener = Listener(topic, asyncio.get_running_loop())
        the_bus.hub.add(listener)
        try:
            await asyncio.get_running_loop().run_in_executor(None, work)
            received = []
            while len(received) < count:
                item = await asyncio.wait_for(listener.queue.get(), 5)
                if isinstance(item, Batch):
                    received += item.events
                elif item is not HEARTBEAT:
                    received.append(item)
            return received
        finally:
            the_bus.hub.remove(listener)

    # A loop of its own in a thread of its own: the browser tests' Playwright may leave one
    # running in this thread.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, run()).result()


def test_each_event_gets_an_id_greater_than_the_last():
    the_bus = MemoryBus()
    ids = [the_bus.publish("t", {"n": n}) for n in range(50)]

    keys = [parse_id(event_id) for event_id in ids]
    assert keys == sorted(keys)
    assert len(set(keys)) == 50


def test_a_listener_receives_the_events_of_its_topic_only():
    the_bus = MemoryBus()

    def work():
        the_bus.publish("other", {"n": 0})
        the_bus.publish("mine", {"n": 1})

    (event,) = listen(the_bus, "mine", work, 1)

    assert event.data == {"n": 1}
    assert event.topic == "mine"


def test_what_was_missed_is_read_again_after_an_id():
    the_bus = MemoryBus()
    first = the_bus.publish("mine", {"n": 1})
    the_bus.publish("other", {"n": 2})
    the_bus.publish("mine", {"n": 3})

    assert [event.data for event in the_bus.since("mine", first)] == [{"n": 3}]


def test_an_id_older_than_the_hour_kept_asks_for_a_full_reload():
    the_bus = MemoryBus()
    the_bus.publish("mine", {"n": 1})
    too_old = f"{int((time.time() - KEEP_SECONDS - 60) * 1000)}-0"

    assert the_bus.since("mine", too_old) is None
    assert the_bus.since("mine", "nonsense") is None


def test_events_older_than_the_hour_are_dropped(monkeypatch):
    the_bus = MemoryBus()
    an_hour_ago = time.time() - KEEP_SECONDS - 5
    monkeypatch.setattr(time, "time", lambda: an_hour_ago)
    the_bus.publish("mine", {"n": "old"})
    monkeypatch.undo()

    the_bus.publish("mine", {"n": "new"})

    assert [event.data for event in the_bus.since_start()] == [{"n": "new"}]


def test_a_cut_bus_ends_every_listener():
    the_bus = MemoryBus()

    (event,) = listen(the_bus, "mine", lambda: the_bus.hub.deliver([DOWN]), 1)

    assert event is DOWN


@pytest.mark.parametrize("text", ["", "12", "a-b", "1-2-3", "9" * 20 + "-0"])
def test_a_malformed_id_is_no_id(text):
    assert parse_id(text) is None


REDIS_TEST_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture
def redis_bus():
    if not REDIS_TEST_URL:
        pytest.skip("no REDIS_URL: the Redis bus is tested where CI runs Redis")
    key = f"tests:live:{uuid.uuid4().hex}"
    yield RedisBus(REDIS_TEST_URL, key)
    redis.Redis.from_url(REDIS_TEST_URL).delete(key)


def test_the_redis_bus_hands_an_event_to_the_listeners_of_the_process(redis_bus):
    assert redis_bus.up()

    (event,) = listen(redis_bus, "mine", lambda: redis_bus.publish("mine", {"n": 1}), 1)

    assert event.data == {"n": 1}
    assert parse_id(event.id) is not None


def test_the_redis_bus_reads_again_what_was_missed(redis_bus):
    assert redis_bus.up()
    first = redis_bus.publish("mine", {"n": 1})
    redis_bus.publish("other", {"n": 2})
    redis_bus.publish("mine", {"n": 3})

    until(lambda: redis_bus.since("mine", first))
    assert [event.data for event in redis_bus.since("mine", first)] == [{"n": 3}]


def test_an_id_older_than_what_the_process_keeps_asks_for_a_reload_without_reading_redis(
    redis_bus, monkeypatch
):
    older = redis_bus.publish("mine", {"n": 1})
    time.sleep(0.01)  # its id's millisecond past
    assert redis_bus.up()  # the reader starts after it: the process never read it
    asked = []

    def xrange(*args, **_options):
        asked.append(args)
        return []

    monkeypatch.setattr(redis_bus._writer, "xrange", xrange)

    assert redis_bus.since("mine", older) is None
    assert asked == []


def test_an_id_pushed_out_of_what_the_reader_keeps_asks_for_a_reload(redis_bus, monkeypatch):
    monkeypatch.setattr("common.bus.RECENT_MAX", 2)
    assert redis_bus.up()
    first = redis_bus.publish("mine", {"n": 1})
    for n in range(2, 6):
        redis_bus.publish("mine", {"n": n})

    until(lambda: redis_bus.since("mine", first) is None)
    assert redis_bus.since("mine", first) is None


def test_a_redis_that_does_not_answer_costs_the_event_not_the_write():
    cut = RedisBus("redis://127.0.0.1:9/0", "tests:live:cut")

    assert cut.publish("mine", {"n": 1}) is None


def test_a_redis_that_does_not_answer_asks_the_client_to_read_its_pages_again():
    cut = RedisBus("redis://127.0.0.1:9/0", "tests:live:cut")

    assert cut.since("mine", f"{int(time.time() * 1000)}-0") is None


# Redis cut and back (through a proxy the test cuts: the shared server is left alone) -------


@pytest.fixture
def cuttable():
    if not REDIS_TEST_URL:
        pytest.skip("no REDIS_URL: the Redis bus is tested where CI runs Redis")
    proxy = CuttableRedis(REDIS_TEST_URL)
    yield proxy
    proxy.close()


@pytest.fixture
def cut_bus(cuttable):
    """A bus whose Redis the test cuts, its reader up; and a client of the stream's own."""
    key = f"tests:live:{uuid.uuid4().hex}"
    the_bus = RedisBus(cuttable.url, key)
    assert the_bus.up()
    yield the_bus
    redis.Redis.from_url(REDIS_TEST_URL).delete(key)


def until(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.05)


def stored(the_bus) -> list[dict]:
    """What Redis's stream holds, read directly (not through the bus)."""
    entries = redis.Redis.from_url(REDIS_TEST_URL).xrange(the_bus.key)
    return [json.loads(fields[b"data"]) for _id, fields in entries]


def test_a_write_during_a_cut_is_never_held(cut_bus, cuttable):
    cuttable.cut()

    started = time.monotonic()
    published = cut_bus.publish("mine", {"n": 1})

    assert published is None
    assert time.monotonic() - started < 0.3


def test_the_events_of_a_cut_are_published_once_redis_answers_again(cut_bus, cuttable):
    cut_bus.publish("mine", {"n": 1})
    cuttable.cut()
    cut_bus.publish("mine", {"n": 2})
    cut_bus.publish("mine", {"n": 3})

    cuttable.restore()

    until(lambda: len(stored(cut_bus)) == 3)
    assert stored(cut_bus) == [{"n": 1}, {"n": 2}, {"n": 3}]


def test_a_client_back_after_a_cut_catches_up_on_what_was_published_during_it(cut_bus, cuttable):
    seen = cut_bus.publish("mine", {"n": 1})
    cuttable.cut()
    cut_bus.publish("mine", {"n": 2})
    cuttable.restore()

    until(cut_bus.up)
    until(lambda: cut_bus.since("mine", seen))
    assert [event.data for event in cut_bus.since("mine", seen)] == [{"n": 2}]


def test_during_a_cut_a_stream_is_refused_at_once(cut_bus, cuttable):
    cuttable.cut()
    until(lambda: not cut_bus.up())

    started = time.monotonic()
    answer = cut_bus.up()

    assert answer is False
    assert time.monotonic() - started < 0.1


def test_after_a_cut_the_streams_are_served_again(cut_bus, cuttable):
    cuttable.cut()
    until(lambda: not cut_bus.up())
    cuttable.restore()

    until(cut_bus.up)
    (event,) = listen(cut_bus, "mine", lambda: cut_bus.publish("mine", {"n": 4}), 1)

    assert event.data == {"n": 4}


def test_what_a_client_missed_is_read_from_what_the_reader_read(cut_bus, monkeypatch):
    first = cut_bus.publish("mine", {"n": 1})
    cut_bus.publish("mine", {"n": 2})

    def no_redis(*_args, **_kwargs):
        raise redis.ConnectionError("not asked")

    monkeypatch.setattr(cut_bus._writer, "xrange", no_redis)
    # Read once the reader has read it: on a loaded machine, not at once (a listener woken as
    # it was delivered once met instead the DOWN of a read that was slow through the proxy).
    until(lambda: cut_bus.since("mine", first))

    assert [event.data for event in cut_bus.since("mine", first)] == [{"n": 2}]


def test_an_event_is_written_as_json_once_however_many_streams_send_it():
    the_bus = MemoryBus()
    the_bus.publish("mine", {"é": 1})
    (event,) = the_bus.since_start()

    assert event.text == '{"é":1}'
    assert event.text is event.text


def in_a_loop(work):
    """``work(loop)`` in a loop of its own, in a thread of its own (see ``listen``)."""

    async def run():
        return await work(asyncio.get_running_loop())

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, run()).result()


def test_a_batch_wakes_the_streams_a_slice_at_a_time_letting_other_work_in_between():
    """A request's step waiting on the loop runs after one slice of streams, not after all."""

    async def work(loop):
        queues = [asyncio.Queue() for _ in range(HAND_OVER_SLICE * 3)]
        filled_when_served = []
        Handover(loop).add([(queue, "batch") for queue in queues])
        loop.call_soon(lambda: filled_when_served.append(sum(q.qsize() for q in queues)))
        await asyncio.sleep(0.05)
        return filled_when_served[0], sum(queue.qsize() for queue in queues)

    served_after, in_the_end = in_a_loop(work)

    assert served_after == HAND_OVER_SLICE
    assert in_the_end == HAND_OVER_SLICE * 3


def test_each_stream_receives_its_batches_in_order_however_the_streams_changed_between():
    """A stream last of the first batch's slices and first of the second's gets the first
    batch first."""

    async def work(loop):
        others = [asyncio.Queue() for _ in range(HAND_OVER_SLICE * 3)]
        mine = asyncio.Queue()
        handover = Handover(loop)
        handover.add([(queue, "first") for queue in others] + [(mine, "first")])
        handover.add([(mine, "second")] + [(queue, "second") for queue in others])
        await asyncio.sleep(0.05)
        return [mine.get_nowait(), mine.get_nowait()]

    assert in_a_loop(work) == ["first", "second"]


# A Redis server of the test's own, restarted for real -------------------------------------


@pytest.fixture
def own_redis():
    server = private_redis_or_skip()
    yield server
    server.close()


@pytest.fixture
def own_bus(own_redis):
    the_bus = RedisBus(own_redis.url(), "tests:live:own")
    assert the_bus.up()
    return the_bus


def test_a_client_from_before_a_redis_restarted_empty_reads_its_pages_again(own_bus, own_redis):
    seen = own_bus.publish("mine", {"n": 1})
    own_redis.stop()
    own_redis.start()  # empty: it keeps nothing on disk

    until(lambda: not own_bus.up() or own_bus._server is not None)
    until(lambda: own_bus._lost_before is not None)

    assert own_bus.since("mine", seen) is None


def test_a_client_from_before_a_redis_that_hung_catches_up_as_usual(own_bus, own_redis):
    seen = own_bus.publish("mine", {"n": 1})
    own_redis.freeze()
    own_bus.publish("mine", {"n": 2})  # kept by the process, Redis not answering
    own_redis.thaw()

    until(lambda: own_bus.since("mine", seen))
    assert [event.data for event in own_bus.since("mine", seen)] == [{"n": 2}]
    assert own_bus._lost_before is None
