"""Drawing one job's document and keeping the file: what the workers run, and what a request
runs itself when no broker answers. Idempotent: a job already drawn is left as it is, and a
job drawn twice (its worker killed, the message given to another) writes the same file.

A document drawn in parts (``registry.Document.split``) has a row per part, made when its job
is first drawn: each part is drawn by whichever worker takes it and kept as a file of its own,
and the part that finds all of them drawn joins their pages into the job's file. A part already
drawn is never drawn again (a worker killed while joining: its part, given back, goes straight
to the join), and a job asked again after a failure draws only the parts it lacks.
"""

import contextlib
import io
import json
import logging
import threading
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ObjectDoesNotExist
from django.core.files.base import ContentFile
from django.core.files.storage import Storage, storages
from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from pypdf import PdfReader, PdfWriter

from common.actors import Actor
from documents.models import DocumentJob, DocumentPart
from documents.registry import Happened, Params, document

log = logging.getLogger(__name__)

State = DocumentJob.State

# A worker drawing a job or a part says so every HEARTBEAT_SECONDS (``alive_at``); one silent
# for SILENT_SECONDS has died (killed, or its machine gone) and what it drew is sent again
# (documents.services.follow_job): the broker alone would give its message back only after its
# visibility timeout, minutes later.
HEARTBEAT_SECONDS = 2
SILENT_SECONDS = 8


def kept_files() -> Storage:
    """Where the finished files are kept (``STORAGES["documents"]`` in the settings)."""
    return storages["documents"]


def params_key(params: Params) -> str:
    return json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def file_name(job: DocumentJob) -> str:
    return f"{job.kind}/{job.digest}.{document(job.kind).extension}"


def part_file_name(part: DocumentPart) -> str:
    job = part.job
    return f"{job.kind}/{job.digest}.{part.number}.{document(job.kind).extension}"


def is_ready(job: DocumentJob) -> bool:
    return job.state == State.READY and kept_files().exists(job.file)


def draw_job(job_id: int, *, whole: bool = False) -> list[int]:
    """Draw the job's document and keep it; or, for one drawn in parts (unless ``whole``: a
    request drawing it itself), make its parts' rows and answer the numbers of those left to
    draw (``draw_job_part``), none when they were all drawn already and have been joined."""
    job = DocumentJob.objects.filter(pk=job_id).first()
    if job is None or is_ready(job):
        return []
    DocumentJob.objects.filter(pk=job_id).update(
        state=State.DRAWING, started_at=timezone.now(), attempts=F("attempts") + 1
    )
    with _failing_in_french(job):
        if not whole and (left := _parts_left(job)) is not None:
            if not left:
                _join_when_all_drawn(job)
            return left
        _keep(job, document(job.kind).draw(json.loads(job.key)))
    return []


def draw_job_part(job_id: int, number: int) -> None:
    """Draw one part of the job's document, unless drawn already or the job is over (drawn,
    failed, or late); then join the parts if they are all drawn."""
    part = DocumentPart.objects.select_related("job").filter(job=job_id, number=number).first()
    if part is None or part.job.state != State.DRAWING:
        return
    job = part.job
    if not _drawn(part):
        DocumentPart.objects.filter(pk=part.pk).update(started_at=timezone.now())
        with _failing_in_french(job):
            content = document(job.kind).draw(json.loads(part.key))
            name = _save(part_file_name(part), content)
            DocumentPart.objects.filter(pk=part.pk).update(file=name, finished_at=timezone.now())
    _join_when_all_drawn(job)


@contextlib.contextmanager
def said_alive(model: type[DocumentJob] | type[DocumentPart], pk: int):
    """While the block runs, the row ``pk`` of ``model`` says every ``HEARTBEAT_SECONDS`` that
    its worker is alive: from a thread of its own (a render holds the worker's thread), on a
    database connection of its own, closed at the end. At the end the row says nothing more
    (``alive_at`` empty): only a worker that died mid-way leaves a heartbeat that grows old."""
    done = threading.Event()

    def beat() -> None:
        try:
            while True:
                model.objects.filter(pk=pk).update(alive_at=timezone.now())
                if done.wait(HEARTBEAT_SECONDS):
                    return
        except DatabaseError:
            # The database cut: the render goes on, and its end is written by the worker.
            log.warning("%s %s: the heartbeat could not be written", model.__name__, pk)
        finally:
            connection.close()

    beating = threading.Thread(target=beat, name=f"heartbeat-{pk}", daemon=True)
    beating.start()
    try:
        yield
    finally:
        done.set()
        beating.join(timeout=HEARTBEAT_SECONDS * 2)
        model.objects.filter(pk=pk).update(alive_at=None)


def fell_silent(alive_at) -> bool:
    """Whether the worker that last said it was alive at ``alive_at`` has died."""
    return alive_at is not None and alive_at < timezone.now() - timedelta(seconds=SILENT_SECONDS)


@dataclass(frozen=True)
class PartUnderWay:
    """What a part not drawn yet waits for, as the « en préparation » page says it."""

    number: int
    drawing: bool  # a worker draws it now (else it waits for one)
    seconds: int  # since it started, or since it was sent
    resent: int  # sent again after its worker fell silent


def parts_under_way(job: DocumentJob) -> list[PartUnderWay]:
    """The job's parts not drawn yet, in order."""
    now = timezone.now()
    return [
        PartUnderWay(
            number=part.number + 1,
            drawing=part.started_at is not None,
            seconds=int((now - (part.started_at or job.started_at or now)).total_seconds()),
            resent=part.resent,
        )
        for part in job.parts.filter(file="")
    ]


def drawing_for(job: DocumentJob) -> int:
    """The seconds since the job's drawing started (0: not started)."""
    if job.started_at is None:
        return 0
    return max(0, int((timezone.now() - job.started_at).total_seconds()))


def parts_drawn(job: DocumentJob) -> tuple[int, int] | None:
    """How many of the job's parts are drawn, and how many it has; None when drawn whole."""
    parts = list(job.parts.values_list("file", flat=True))
    if not parts:
        return None
    return sum(1 for file in parts if file), len(parts)


def _parts_left(job: DocumentJob) -> list[int] | None:
    """The numbers of the job's parts not drawn yet (their rows made the first time, from the
    document's split); None when it is drawn whole (no split, or fewer than two parts)."""
    split = document(job.kind).split
    if split is None:
        return None
    parts = list(job.parts.all())
    if not parts:
        keys = [params_key(params) for params in split(json.loads(job.key))]
        if len(keys) < 2:
            return None
        DocumentPart.objects.bulk_create(
            [DocumentPart(job=job, number=number, key=key) for number, key in enumerate(keys)],
            ignore_conflicts=True,  # another worker made them a moment ago: the same rows
        )
        parts = list(job.parts.all())
    left = [part for part in parts if not _drawn(part)]
    # A part whose file is gone (joined, then the document's file lost) is to draw again.
    DocumentPart.objects.filter(pk__in=[part.pk for part in left]).exclude(file="").update(
        file="", started_at=None, finished_at=None
    )
    return [part.number for part in left]


def _drawn(part: DocumentPart) -> bool:
    return bool(part.file) and kept_files().exists(part.file)


def _join_when_all_drawn(job: DocumentJob) -> None:
    """Join the parts' pages into the job's file once every part is drawn. The job's row is
    locked meanwhile: of two parts finished at once, one joins, the other finds it done."""
    with transaction.atomic():
        job = DocumentJob.objects.select_for_update().filter(pk=job.pk).first()
        if job is None or job.state != State.DRAWING:
            return
        parts = list(job.parts.all())
        if not parts or not all(_drawn(part) for part in parts):
            return
        with _failing_in_french(job):
            _keep(job, _joined([_read(part.file) for part in parts]))


def _joined(pdfs: list[bytes]) -> bytes:
    """The pages of ``pdfs``, one document after the other, in one PDF: the first one's
    title and language (a reader, a screen reader, names and reads the whole by them)."""
    first, *rest = pdfs
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(first)))
    for pdf in rest:
        writer.append(PdfReader(io.BytesIO(pdf)))
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()


def _read(name: str) -> bytes:
    with kept_files().open(name, "rb") as kept:
        return kept.read()


def _save(name: str, content: bytes) -> str:
    """Keep ``content`` under ``name`` (replacing a file drawn before): the name it was kept as."""
    storage = kept_files()
    if storage.exists(name):
        storage.delete(name)
    return storage.save(name, ContentFile(content))


def _keep(job: DocumentJob, content: bytes) -> None:
    """The job's file kept and the job ready. Its parts' files, if any, are no longer needed;
    their rows stay, saying how long each part took (deleted with the job)."""
    saved = _save(file_name(job), content)
    DocumentJob.objects.filter(pk=job.pk).update(
        state=State.READY, file=saved, error="", finished_at=timezone.now()
    )
    storage = kept_files()
    for name in job.parts.exclude(file="").values_list("file", flat=True):
        storage.delete(name)


@contextlib.contextmanager
def _failing_in_french(job: DocumentJob):
    """A render that fails fails the job, in French (journalled); nothing goes further."""
    try:
        yield
    except ObjectDoesNotExist:
        _failed(job, _("Ce document n'existe plus."))
    except Exception:
        log.exception("Document %s %s: the render failed", job.kind, job.key)
        _failed(job, _("Le document n'a pas pu être préparé."))


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
