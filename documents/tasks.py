"""The documents' tasks: draw a job's document, or one of its parts (documents/drawing.py).
Acknowledged late and given back when their worker dies (the settings' CELERY_ options), so
they are done again."""

import contextlib
import logging

from celery import Task, shared_task
from celery.signals import worker_process_init

from documents.drawing import draw_job, draw_job_part, said_alive
from documents.models import DocumentJob, DocumentPart
from documents.registry import PARTS, warm_up

log = logging.getLogger(__name__)
WARMED_UP = "Worker process warmed up: it takes documents now"


@worker_process_init.connect
def _warm_up(**_kwargs) -> None:
    warm_up()
    # Said (at INFO) so that whoever starts workers knows when they draw at full pace
    # (bench/queue_bench.py waits for it).
    log.info(WARMED_UP)


@shared_task(name="documents.draw", acks_late=True, reject_on_worker_lost=True, bind=True)
def draw(self, job_id: int) -> None:
    """Draw the job's document; one drawn in parts has its parts sent, each for whichever
    worker is free first, after the long documents drawn whole (``registry.PARTS``)."""
    with _alive(self, DocumentJob, job_id):
        left = draw_job(job_id)
    for number in left:
        send(draw_part, (job_id, number), priority=PARTS)


@shared_task(name="documents.draw_part", acks_late=True, reject_on_worker_lost=True, bind=True)
def draw_part(self, job_id: int, number: int) -> None:
    part = DocumentPart.objects.filter(job=job_id, number=number).values_list("pk", flat=True)
    with _alive(self, DocumentPart, part.first()):
        draw_job_part(job_id, number)


def _alive(task: Task, model, pk: int | None):
    """A worker's render says it is alive (``said_alive``); one run in the request that asked
    for it (no broker), or called as a function, needs not: its caller is there to see it."""
    if task.request.is_eager or task.request.called_directly or pk is None:
        return contextlib.nullcontext()
    return said_alive(model, pk)


def send(task: Task, args: tuple, *, priority: int | None) -> None:
    """Queue ``task``; when the broker does not answer, do it here (logged)."""
    try:
        task.apply_async(args, retry=False, priority=priority)
    except Exception:
        log.warning("Task %s%s: the broker did not answer; done here", task.name, args)
        task(*args)
