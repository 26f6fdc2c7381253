"""The documents' tasks: draw a job's document, or one of its parts (documents/drawing.py).
Acknowledged late and given back when their worker dies (the settings' CELERY_ options), so
they are done again."""

import logging

from celery import Task, shared_task
from celery.signals import worker_process_init

from documents.drawing import draw_job, draw_job_part
from documents.registry import PARTS, warm_up

log = logging.getLogger(__name__)
WARMED_UP = "Worker process warmed up: it takes documents now"


@worker_process_init.connect
def _warm_up(**_kwargs) -> None:
    warm_up()
    # Said (at INFO) so that whoever starts workers knows when they draw at full pace
    # (bench/queue_bench.py waits for it).
    log.info(WARMED_UP)


@shared_task(name="documents.draw", acks_late=True, reject_on_worker_lost=True)
def draw(job_id: int) -> None:
    """Draw the job's document; one drawn in parts has its parts sent, each for whichever
    worker is free first, after the long documents drawn whole (``registry.PARTS``)."""
    for number in draw_job(job_id):
        send(draw_part, (job_id, number), priority=PARTS)


@shared_task(name="documents.draw_part", acks_late=True, reject_on_worker_lost=True)
def draw_part(job_id: int, number: int) -> None:
    draw_job_part(job_id, number)


def send(task: Task, args: tuple, *, priority: int | None) -> None:
    """Queue ``task``; when the broker does not answer, do it here (logged)."""
    try:
        task.apply_async(args, retry=False, priority=priority)
    except Exception:
        log.warning("Task %s%s: the broker did not answer; done here", task.name, args)
        task(*args)
