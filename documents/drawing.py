"""Drawing one job's document and keeping the file: what the worker runs, and what a request
runs itself when no broker answers. Idempotent: a job already drawn is left as it is, and a
job drawn twice (its worker killed, the message given to another) writes the same file."""

import contextlib
import json
import logging

from django.core.exceptions import ObjectDoesNotExist
from django.core.files.base import ContentFile
from django.core.files.storage import Storage, storages
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from documents.models import DocumentJob
from documents.registry import Happened, document

log = logging.getLogger(__name__)

State = DocumentJob.State


def kept_files() -> Storage:
    """Where the finished files are kept (``STORAGES["documents"]`` in the settings)."""
    return storages["documents"]


def file_name(job: DocumentJob) -> str:
    return f"{job.kind}/{job.digest}.{document(job.kind).extension}"


def is_ready(job: DocumentJob) -> bool:
    return job.state == State.READY and kept_files().exists(job.file)


def draw_job(job_id: int) -> None:
    job = DocumentJob.objects.filter(pk=job_id).first()
    if job is None or is_ready(job):
        return
    DocumentJob.objects.filter(pk=job_id).update(
        state=State.DRAWING, started_at=timezone.now(), attempts=F("attempts") + 1
    )
    try:
        content = document(job.kind).draw(json.loads(job.key))
    except ObjectDoesNotExist:
        _failed(job, _("Ce document n'existe plus."))
        return
    except Exception:
        log.exception("Document %s %s: the render failed", job.kind, job.key)
        _failed(job, _("Le document n'a pas pu être préparé."))
        return
    storage, name = kept_files(), file_name(job)
    if storage.exists(name):
        storage.delete(name)
    saved = storage.save(name, ContentFile(content))
    DocumentJob.objects.filter(pk=job_id).update(
        state=State.READY, file=saved, error="", finished_at=timezone.now()
    )


def _failed(job: DocumentJob, message: str) -> None:
    """The job failed, in French, and the journal says so, naming who asked for it."""
    with transaction.atomic():
        failed = (
            DocumentJob.objects.filter(pk=job.pk)
            .exclude(state__in=(State.READY, State.FAILED))
            .update(state=State.FAILED, error=message, finished_at=timezone.now())
        )
        if failed:
            journal_job(job, Happened.FAILED, by=job.asked_by, error=message)


def journal_job(job: DocumentJob, happened: Happened, *, by: Actor, error: str = "") -> None:
    """The line the document's own app writes in its journal (``registry.Journal``), inside
    the caller's transaction; none when its subject is gone (nobody can ask for it any more)."""
    journal = document(job.kind).journal
    if journal is None:
        return
    with contextlib.suppress(ObjectDoesNotExist):
        journal(kind=job.kind, params=json.loads(job.key), happened=happened, by=by, error=error)
