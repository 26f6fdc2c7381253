"""The proxy's configuration as shipped (deploy/nginx-tarot.conf) sends the two live streams,
and nothing else, to the live processes (docs, « Deploying »): a stream URL that changed
would otherwise be served by the web's processes, and a page sent there by the live ones."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

CONFIGURATION = Path(settings.BASE_DIR) / "deploy" / "nginx-tarot.conf"


def live_location() -> re.Pattern:
    """The pattern of the one location the proxy sends to the live processes."""
    text = CONFIGURATION.read_text()
    locations = re.findall(r"location ~ (\S+) \{[^}]*proxy_pass http://tarot_live;", text)
    assert len(locations) == 1
    return re.compile(locations[0])


@pytest.mark.parametrize("name", ["live_stream", "arbitre_live_stream"])
def test_the_proxy_sends_each_stream_to_the_live_processes(name):
    path = reverse(name, kwargs={"tournament_id": 1234})

    assert live_location().search(path)


@pytest.mark.parametrize(
    "path",
    [
        "/tournois/12/",
        "/tournois/12/classement/",
        "/tournois/12/classement.pdf",
        "/arbitre/tournois/12/",
        "/tournois/12/direct/autre/",
        "/saisons/3/",
    ],
)
def test_the_proxy_sends_no_page_there(path):
    assert not live_location().search(path)


def worker_queues() -> dict[str, set[str]]:
    """Each shipped Celery worker unit, and the queues it reads (``-Q``)."""
    queues = {}
    for unit in (Path(settings.BASE_DIR) / "deploy").glob("*.service"):
        command = re.search(r"ExecStart=(.*?)\n(?!\s)", unit.read_text(), re.S)
        if command and " worker " in command[1]:
            read = re.search(r"-Q (\S+)", command[1])
            queues[unit.name] = set(read[1].split(",")) if read else {"*"}
    return queues


def test_the_documents_worker_never_reads_the_notifications_queue():
    assert worker_queues()["tarot-worker.service"] == {"celery"}


def test_every_queue_the_tasks_are_sent_to_has_a_worker():
    read = set().union(*worker_queues().values())
    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}

    assert routed | {"celery"} <= read


def test_dev_prod_starts_a_worker_for_each_queue():
    text = (Path(settings.BASE_DIR) / "dev").read_text()

    assert 'worker "$port" celery ' in text
    assert 'worker "$port" notifications ' in text
