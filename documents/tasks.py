"""The documents' one task: draw a job's document (documents/drawing.py). Acknowledged late and
given back when its worker dies (the settings' CELERY_ options), so it is done again."""

import logging

from celery import shared_task
from celery.signals import worker_process_init

from documents.drawing import draw_job
from documents.registry import warm_up

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
    draw_job(job_id)
