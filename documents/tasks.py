"""The documents' one task: draw a job's document (documents/drawing.py). Acknowledged late and
given back when its worker dies (the settings' CELERY_ options), so it is done again."""

from celery import shared_task

from documents.drawing import draw_job


@shared_task(name="documents.draw", acks_late=True, reject_on_worker_lost=True)
def draw(job_id: int) -> None:
    draw_job(job_id)
