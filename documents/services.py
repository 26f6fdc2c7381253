"""Asking for a document: the job of its current stamp, created and queued when there is none.

A second request for the same document and stamp finds the same job (``digest`` is unique)
and never queues another. The task is sent once the transaction that created the job commits;
with no broker set (CELERY_TASK_ALWAYS_EAGER) it runs at once, in the process. A broker that
does not answer is logged and the request draws the document itself: never a 500.

Each is told who asks (``by``): a job made, a job failed and a job asked again each leave a
line in the journal of the document's own app (``registry.Journal``), naming them; a request
served a file already drawn, or joining a job under way, asks nothing new and writes nothing.
"""

import hashlib
import logging
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from documents import tasks
from documents.drawing import draw_job, fell_silent, is_ready, journal_job, params_key
from documents.models import DocumentJob, DocumentPart, asker_fields
from documents.registry import PARTS, Happened, Params, document

log = logging.getLogger(__name__)

State = DocumentJob.State
UNDER_WAY = (State.WAITING, State.DRAWING)


def job_digest(kind: str, key: str, stamp: str) -> str:
    return hashlib.sha256(f"{kind}\n{key}\n{stamp}".encode()).hexdigest()


def ask_document(*, kind: str, params: Params, by: Actor) -> DocumentJob:
    """The job of document ``kind`` with ``params``: the one of what it shows now, ready, under
    way or failed; else the one under way for an earlier stamp (a second request joins it, and
    never starts another, however fast the tournament changes); else a new one, queued, asked
    for by ``by`` (journalled)."""
    key = params_key(params)
    stamp = document(kind).stamp(params)
    digest = job_digest(kind, key, stamp)
    job = DocumentJob.objects.filter(digest=digest).first()
    if job is not None:
        return follow_job(job)
    under_way = (
        DocumentJob.objects.filter(kind=kind, key=key, state__in=UNDER_WAY)
        .order_by("-created_at")
        .first()
    )
    if under_way is not None:
        under_way = follow_job(under_way)
        if under_way.state in UNDER_WAY:
            return under_way
    with transaction.atomic():
        try:
            with transaction.atomic():
                job = DocumentJob.objects.create(
                    kind=kind, key=key, stamp=stamp, digest=digest, **asker_fields(by)
                )
        except IntegrityError:
            job = None  # another request created it a moment ago: join its job
        else:
            journal_job(job, Happened.ASKED, by=by)
    if job is None:
        return DocumentJob.objects.get(digest=digest)
    _queue(job)
    return _fresh(job)


def follow_job(job: DocumentJob, *, by: Actor | None = None, retry: bool = False) -> DocumentJob:
    """Where ``job`` stands now: reported failed once older than its time limit (journalled,
    naming who asked for it), queued again when its file was lost, or (``retry``, asked by
    ``by``, journalled) when it failed."""
    if is_ready(job):
        return job
    if job.state == State.READY:
        # The file is gone from the storage (deleted by hand): draw it again.
        _queue_again(job, was=(State.READY,))
    elif job.state in UNDER_WAY and job.created_at < timezone.now() - _expiry():
        error = _("Le document n'a pas été prêt à temps.")
        with transaction.atomic():
            late = DocumentJob.objects.filter(pk=job.pk, state__in=UNDER_WAY).update(
                state=State.FAILED, error=error, finished_at=timezone.now()
            )
            if late:
                journal_job(job, Happened.FAILED, by=job.asked_by, error=error)
    elif retry and by is not None and job.state == State.FAILED:
        _queue_again(job, was=(State.FAILED,), by=by)
    elif job.state == State.DRAWING:
        _send_again_what_fell_silent(job)
    return _fresh(job)


def _send_again_what_fell_silent(job: DocumentJob) -> None:
    """What a worker that died was drawing, sent again (``drawing.SILENT_SECONDS`` after its
    last heartbeat): the job (drawn whole, or its parts made and sent: its task, done again,
    sends those left), or its parts. Of two requests that see it at once, one sends it (the
    row's heartbeat is cleared by the one that does)."""
    if fell_silent(job.alive_at):
        if DocumentJob.objects.filter(pk=job.pk, state=State.DRAWING, alive_at=job.alive_at).update(
            alive_at=None
        ):
            log.warning("Document job %s: its worker fell silent; queued again", job.pk)
            _queue_again(job, was=(State.DRAWING,))
        return
    for part in job.parts.filter(file="", alive_at__isnull=False):
        if fell_silent(part.alive_at) and DocumentPart.objects.filter(
            pk=part.pk, file="", alive_at=part.alive_at
        ).update(alive_at=None, started_at=None, resent=F("resent") + 1):
            log.warning("Document job %s, part %s: its worker fell silent", job.pk, part.number)
            tasks.send(tasks.draw_part, (job.pk, part.number), priority=PARTS)


def _expiry() -> timedelta:
    return timedelta(seconds=settings.DOCUMENTS_EXPIRY)


def _fresh(job: DocumentJob) -> DocumentJob:
    job.refresh_from_db()
    return job


def _queue_again(job: DocumentJob, *, was: tuple[str, ...], by: Actor | None = None) -> None:
    """Queue ``job`` again, unless another request did it first; asked by ``by`` (who then
    stands as the one who asked for it, journalled), or drawn again as it was asked."""
    asker = asker_fields(by) if by is not None else {}
    with transaction.atomic():
        again = DocumentJob.objects.filter(pk=job.pk, state__in=was).update(
            state=State.WAITING, error="", created_at=timezone.now(), finished_at=None, **asker
        )
        if again and by is not None:
            journal_job(job, Happened.RETRIED, by=by)
    if again:
        _queue(job)


def _queue(job: DocumentJob) -> None:
    """Send the job's task once what created the job is committed. With no broker the task runs
    here and now, through the same code: the job's row is written on this connection already,
    and the render holds no transaction open (on SQLite, it would hold the tables' writes)."""
    priority = document(job.kind).priority
    if tasks.draw.app.conf.task_always_eager:
        _send(job.pk, priority)
    else:
        transaction.on_commit(lambda: _send(job.pk, priority))


def _send(job_id: int, priority: int) -> None:
    try:
        tasks.draw.apply_async((job_id,), retry=False, priority=priority)
    except Exception:
        log.warning("Document job %s: the broker did not answer; drawn in the request", job_id)
        # In one go: parts are for several workers, and their tasks could not be sent either.
        draw_job(job_id, whole=True)
