"""What the live pages' tests share: what the bus was handed (the ``live_bus`` fixture of
tests/conftest.py gives each test its own, in memory), and the frames an open stream sends."""

import json

# The streams a test opened, closed when it ends (tests/tournaments/views/live/conftest.py).
OPENED = []


def published(the_bus) -> list[dict]:
    """The events the bus was handed, oldest first."""
    return [event.data for event in the_bus.since_start()]


def kinds(the_bus) -> list[str]:
    return [event["kind"] for event in published(the_bus)]


def frames(response, count):
    """The next ``count`` frames of an open stream, as text (a write may hold several)."""
    return next_frames(iter(response.streaming_content), count)


def next_frames(content, count):
    found = []
    while len(found) < count:
        found += [frame + "\n\n" for frame in next(content).decode().split("\n\n") if frame]
    return found


def data_of(frame: str) -> dict:
    line = next(line for line in frame.splitlines() if line.startswith("data: "))
    return json.loads(line.removeprefix("data: "))


def id_of(frame: str) -> str:
    return next(line for line in frame.splitlines() if line.startswith("id: ")).removeprefix("id: ")
