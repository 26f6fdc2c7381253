"""A real Celery worker started as deploy/tarot-worker.service starts the documents' one (its
``-Q``): it takes the documents and never a notification, which wait on their own queue for
their own worker (issue 45: one event's 4,000 phones held the only worker 120 s, and the
arbitre's PDF waited 131 s). Needs Redis (REDIS_URL)."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings

from notifications.push.tasks import send_event_notifications
from tarot_club.celery import app as celery_app

REDIS_URL = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="a worker needs Redis (REDIS_URL)")


def documents_worker_queues() -> str:
    unit = (Path(settings.BASE_DIR) / "deploy" / "tarot-worker.service").read_text()
    return re.search(r"worker -Q (\S+)", unit)[1]


def waiting(broker, queue: str) -> int:
    return broker.llen(queue)


@pytest.fixture
def broker():
    connection = redis.Redis.from_url(celery_app.conf.broker_url)
    connection.delete("celery", "notifications")
    yield connection
    connection.delete("celery", "notifications")


@pytest.fixture
def documents_worker():
    celery = Path(sys.executable).with_name("celery")
    env = {**os.environ, "REDIS_URL": celery_app.conf.broker_url, "CELERY_EAGER": "0"}
    worker = subprocess.Popen(
        [celery, "-A", "tarot_club", "worker", "-Q", documents_worker_queues()]
        + ["--concurrency", "1", "--pool", "solo", "--loglevel", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    yield worker
    # A cold shutdown: the warm one (SIGTERM) waited 20 s on the task it had taken.
    worker.send_signal(signal.SIGQUIT)
    try:
        worker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def test_the_documents_worker_takes_a_document_queued_after_a_notification(
    broker, documents_worker
):
    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture
    send_event_notifications.apply_async(args=("1:seating.published", 0, "seating.published", 1))
    celery_app.send_task("documents.draw", args=(0,))
    assert (waiting(broker, "notifications"), waiting(broker, "celery")) == (1, 1)

    deadline = time.monotonic() + 60
    while waiting(broker, "celery") and time.monotonic() < deadline:
        assert documents_worker.poll() is None, documents_worker.stderr.read().decode()
        time.sleep(0.2)

    assert waiting(broker, "celery") == 0
    time.sleep(1)  # a worker that read both queues would have taken the notification by now
    assert waiting(broker, "notifications") == 1
