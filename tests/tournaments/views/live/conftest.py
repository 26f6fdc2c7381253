"""What the streams' tests share: a quick heartbeat, and every stream closed when its test
ends."""

import pytest

from tests.live import OPENED


@pytest.fixture(autouse=True)
def quick_heartbeat(settings):
    """An event that never comes fails the test in a second, on a heartbeat, not in 15."""
    settings.LIVE_HEARTBEAT_SECONDS = 1


@pytest.fixture(autouse=True)
def streams_closed(db):  # noqa: ARG001 - closed before the test database goes
    """Each stream a test opens is closed when it ends, here and now, rather than whenever the
    garbage collector finds it, perhaps in the middle of a later test's request."""
    yield
    while OPENED:
        OPENED.pop().close()
