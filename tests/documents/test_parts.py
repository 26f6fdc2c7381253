"""A document drawn in parts: each part drawn once, by whichever worker takes it, and the parts'
pages joined in order into the job's file by the part that finds them all drawn."""

import io
import logging
import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.files.storage import storages
from django.core.management import call_command
from django.utils import timezone
from kombu.exceptions import OperationalError
from pypdf import PdfReader, PdfWriter

from documents import drawing, tasks
from documents.drawing import (
    HEARTBEAT_SECONDS,
    SILENT_SECONDS,
    draw_job_part,
    parts_drawn,
    said_alive,
)
from documents.models import DocumentJob, DocumentPart
from documents.registry import LONG_FIRST, PARTS, XLSX, Document, even_parts, register
from documents.services import ask_document, follow_job
from documents.views import FOLLOWED, document_response
from tarot_club.celery import app as celery_app
from tests.at_the_table import TESTS

pytestmark = pytest.mark.django_db

KIND = "tests.booklet"
State = DocumentJob.State


class Booklet:
    """A PDF of ``pages`` pages, each as wide as 100 + its number: its parts are its pages
    three at a time; each part drawn is counted, and may be made to fail."""

    def __init__(self):
        self.pages = 7
        self.drawn: list[tuple[int, ...]] = []
        self.fails_on: int | None = None

    def split(self, params) -> list[dict]:
        numbers = list(range(1, self.pages + 1))
        return [
            {**params, "pages": numbers[start : start + 3]} for start in range(0, len(numbers), 3)
        ]

    def draw(self, params) -> bytes:
        pages = params.get("pages", list(range(1, self.pages + 1)))
        if self.fails_on in pages:
            raise RuntimeError("the renderer broke")
        self.drawn.append(tuple(pages))
        writer = PdfWriter()
        for number in pages:
            writer.add_blank_page(width=100 + number, height=100)
        pdf = io.BytesIO()
        writer.write(pdf)
        return pdf.getvalue()


@pytest.fixture
def booklet():
    booklet = Booklet()
    register(Document(KIND, lambda _params: "1", booklet.draw, long=True, split=booklet.split))
    return booklet


def page_widths(job: DocumentJob) -> list[int]:
    pdf = PdfReader(io.BytesIO(storages["documents"].open(job.file).read()))
    return [round(float(page.mediabox.width)) - 100 for page in pdf.pages]


@pytest.fixture
def sent(monkeypatch):
    """A broker that takes the tasks (sent, not run): each task's name, arguments, priority."""
    sent: list[tuple] = []
    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture
    for task in (tasks.draw, tasks.draw_part):
        monkeypatch.setattr(
            task,
            "apply_async",
            lambda args, task=task, **options: sent.append((task.name, args, options["priority"])),
        )
    return sent


@pytest.fixture
def asked(booklet, sent, django_capture_on_commit_callbacks) -> DocumentJob:  # noqa: ARG001
    """The booklet asked for, and its job's task run by a worker: its parts' tasks sent."""
    with django_capture_on_commit_callbacks(execute=True):
        job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    tasks.draw(job.pk)
    return job


def test_a_document_in_parts_is_its_parts_pages_in_order(booklet):
    job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)

    assert job.state == State.READY
    assert page_widths(job) == [1, 2, 3, 4, 5, 6, 7]
    assert booklet.drawn == [(1, 2, 3), (4, 5, 6), (7,)]


def test_a_document_of_one_part_is_drawn_whole(booklet):
    booklet.pages = 3

    job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)

    assert booklet.drawn == [(1, 2, 3)]
    assert not DocumentPart.objects.filter(job=job).exists()


def test_the_job_s_task_sends_a_task_per_part_after_the_long_documents(asked, sent):
    assert sent[1:] == [("documents.draw_part", (asked.pk, number), PARTS) for number in range(3)]
    assert PARTS > LONG_FIRST  # with Redis, the lowest first


def test_the_job_is_drawing_until_its_last_part_is_drawn(asked):
    draw_job_part(asked.pk, 2)
    draw_job_part(asked.pk, 0)

    asked.refresh_from_db()
    assert (asked.state, parts_drawn(asked)) == (State.DRAWING, (2, 3))


def test_the_last_part_drawn_joins_the_pages_in_the_document_s_order(asked):
    for number in (2, 0, 1):
        draw_job_part(asked.pk, number)

    asked.refresh_from_db()
    assert asked.state == State.READY
    assert page_widths(asked) == [1, 2, 3, 4, 5, 6, 7]


def test_the_parts_files_are_deleted_once_joined(asked):
    for number in range(3):
        draw_job_part(asked.pk, number)

    names = DocumentPart.objects.filter(job=asked).values_list("file", flat=True)
    assert [storages["documents"].exists(name) for name in names] == [False, False, False]


def test_a_part_given_back_after_being_drawn_is_not_drawn_again(booklet, asked):
    draw_job_part(asked.pk, 0)

    draw_job_part(asked.pk, 0)  # its worker killed before the message was acknowledged

    assert booklet.drawn == [(1, 2, 3)]


def test_a_job_s_task_given_back_sends_only_the_parts_not_drawn(booklet, asked, sent):
    draw_job_part(asked.pk, 1)
    sent.clear()

    tasks.draw(asked.pk)

    assert [args for _name, args, _priority in sent] == [(asked.pk, 0), (asked.pk, 2)]
    assert booklet.drawn == [(4, 5, 6)]


def test_a_part_that_fails_fails_the_job_in_french(booklet, asked):
    booklet.fails_on = 5
    draw_job_part(asked.pk, 1)

    asked.refresh_from_db()
    assert (asked.state, asked.error) == (State.FAILED, "Le document n'a pas pu être préparé.")


def test_the_parts_of_a_failed_job_draw_nothing_more(booklet, asked):
    booklet.fails_on = 5
    draw_job_part(asked.pk, 1)

    draw_job_part(asked.pk, 0)
    draw_job_part(asked.pk, 2)

    assert booklet.drawn == []


def test_retrying_a_failed_job_draws_only_the_parts_it_lacks(booklet):
    booklet.fails_on = 5
    failed = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    booklet.fails_on = None

    job = follow_job(failed, by=TESTS, retry=True)

    assert job.state == State.READY
    assert booklet.drawn == [(1, 2, 3), (4, 5, 6), (7,)]  # the first part once
    assert page_widths(job) == [1, 2, 3, 4, 5, 6, 7]


def test_a_broker_that_does_not_answer_has_the_request_draw_it_whole(
    booklet, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    def refused(*_args, **_options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture
    monkeypatch.setattr(tasks.draw, "apply_async", refused)
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)

    job.refresh_from_db()
    assert job.state == State.READY
    assert booklet.drawn == [(1, 2, 3, 4, 5, 6, 7)]


@pytest.mark.usefixtures("booklet")
def test_a_part_whose_task_cannot_be_sent_is_drawn_by_the_worker_itself(
    monkeypatch, caplog, django_capture_on_commit_callbacks
):
    def refused(*_args, **_options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture
    monkeypatch.setattr(tasks.draw, "apply_async", lambda *_args, **_options: None)
    monkeypatch.setattr(tasks.draw_part, "apply_async", refused)
    with django_capture_on_commit_callbacks(execute=True):
        job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    with caplog.at_level(logging.WARNING):
        tasks.draw(job.pk)

    job.refresh_from_db()
    assert job.state == State.READY
    assert "documents.draw_part" in caplog.text


def test_the_page_says_how_many_parts_are_drawn(asked, rf):
    draw_job_part(asked.pk, 0)
    request = rf.get("/livret.pdf", {FOLLOWED: asked.digest})
    request.user = AnonymousUser()

    response = document_response(request, KIND, {"copy": 1}, filename="livret.pdf")

    assert response.status_code == 202
    assert "dessiné en 3 parties à la fois ; prêtes : 1 sur 3." in response.content.decode()


def test_the_daily_purge_keeps_the_files_of_the_parts_under_way(asked):
    draw_job_part(asked.pk, 0)

    call_command("purge_documents", stdout=io.StringIO())

    part = DocumentPart.objects.get(job=asked, number=0)
    assert storages["documents"].exists(part.file)


def test_only_a_pdf_is_drawn_in_parts():
    with pytest.raises(ValueError, match="only a PDF"):
        Document("tests.sheet", str, bytes, content_type=XLSX, split=lambda params: [params])


def test_the_part_task_is_acknowledged_late_and_given_back_when_its_worker_dies():
    assert (tasks.draw_part.acks_late, tasks.draw_part.reject_on_worker_lost) == (True, True)


def test_parts_are_as_even_as_can_be():
    assert [len(part) for part in even_parts(list(range(60)), 25)] == [20, 20, 20]


def test_parts_of_whole_pages_leave_only_the_last_page_less_full():
    parts = even_parts(list(range(403)), 96, step=8)

    assert [len(part) for part in parts] == [88, 88, 88, 88, 51]
    assert sum(parts, []) == list(range(403))


def test_nothing_to_draw_has_no_part():
    assert even_parts([], 25) == []


def test_a_document_in_parts_whose_file_was_lost_is_drawn_again_part_by_part(booklet):
    job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    storages["documents"].delete(job.file)

    again = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)

    assert again.state == State.READY
    assert page_widths(again) == [1, 2, 3, 4, 5, 6, 7]
    assert len(booklet.drawn) == 6


@pytest.mark.usefixtures("booklet")
def test_a_document_in_parts_drawn_again_counts_none_of_its_parts_ready(
    monkeypatch, django_capture_on_commit_callbacks
):
    job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    storages["documents"].delete(job.file)
    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture
    monkeypatch.setattr(tasks.draw_part, "apply_async", lambda *_args, **_options: None)
    monkeypatch.setattr(tasks.draw, "apply_async", lambda args, **_options: tasks.draw(*args))

    with django_capture_on_commit_callbacks(execute=True):
        again = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)

    again.refresh_from_db()
    assert (again.state, parts_drawn(again)) == (State.DRAWING, (0, 3))


def fresh(job: DocumentJob) -> DocumentJob:
    """The job as a request reads it."""
    return DocumentJob.objects.get(pk=job.pk)


def fell_silent_seconds_ago(row, seconds: int) -> None:
    """The worker drawing ``row`` (a part or a job) said it was alive ``seconds`` ago, last."""
    type(row).objects.filter(pk=row.pk).update(
        started_at=timezone.now() - timedelta(seconds=seconds + 1),
        alive_at=timezone.now() - timedelta(seconds=seconds),
    )


def test_a_part_whose_worker_fell_silent_is_sent_again_when_the_page_asks(asked, sent):
    sent.clear()
    part = DocumentPart.objects.get(job=asked, number=1)
    fell_silent_seconds_ago(part, SILENT_SECONDS + 1)

    follow_job(fresh(asked))

    assert sent == [("documents.draw_part", (asked.pk, 1), PARTS)]
    part.refresh_from_db()
    assert (part.resent, part.alive_at, part.started_at) == (1, None, None)


def test_a_part_whose_worker_still_beats_is_left_to_it(asked, sent):
    sent.clear()
    fell_silent_seconds_ago(DocumentPart.objects.get(job=asked, number=1), HEARTBEAT_SECONDS)

    follow_job(fresh(asked))

    assert sent == []


def test_a_silent_part_is_sent_again_once_however_many_pages_ask(asked, sent):
    sent.clear()
    fell_silent_seconds_ago(DocumentPart.objects.get(job=asked, number=2), SILENT_SECONDS + 1)

    for _ in range(3):
        follow_job(fresh(asked))

    assert sent == [("documents.draw_part", (asked.pk, 2), PARTS)]


def test_a_job_drawn_whole_whose_worker_fell_silent_is_queued_again(
    booklet, sent, django_capture_on_commit_callbacks
):
    booklet.pages = 2  # one part: drawn whole
    with django_capture_on_commit_callbacks(execute=True):
        job = ask_document(kind=KIND, params={"copy": 1}, by=TESTS)
    DocumentJob.objects.filter(pk=job.pk).update(state=State.DRAWING)
    fell_silent_seconds_ago(job, SILENT_SECONDS + 1)
    sent.clear()

    with django_capture_on_commit_callbacks(execute=True):
        followed = follow_job(fresh(job))

    assert followed.state == State.WAITING
    assert sent == [("documents.draw", (job.pk,), LONG_FIRST)]


def test_the_page_says_which_part_is_drawn_again_and_which_waits(asked, sent, rf):
    fell_silent_seconds_ago(DocumentPart.objects.get(job=asked, number=1), SILENT_SECONDS + 1)
    request = rf.get("/livret.pdf", {FOLLOWED: asked.digest})
    request.user = AnonymousUser()

    text = document_response(request, KIND, {"copy": 1}, filename="livret.pdf").content.decode()

    assert "Partie 1 : en attente de son tour." in text
    assert "Partie 2 : reprise, car sa préparation s'était arrêtée en route ; en attente" in text
    assert sent[-1] == ("documents.draw_part", (asked.pk, 1), PARTS)


def test_the_page_says_since_when_a_part_is_drawn(asked, rf):
    DocumentPart.objects.filter(job=asked, number=0).update(
        started_at=timezone.now() - timedelta(seconds=4), alive_at=timezone.now()
    )
    request = rf.get("/livret.pdf", {FOLLOWED: asked.digest})
    request.user = AnonymousUser()

    text = document_response(request, KIND, {"copy": 1}, filename="livret.pdf").content.decode()

    assert "Partie 1 : en cours depuis 4 secondes." in text


@pytest.mark.django_db(transaction=True)
def test_a_worker_drawing_says_it_is_alive_every_few_seconds(monkeypatch):
    monkeypatch.setattr(drawing, "HEARTBEAT_SECONDS", 0.05)
    job = DocumentJob.objects.create(kind=KIND, key="{}", stamp="1", digest="d" * 64)
    seen = []

    with said_alive(DocumentJob, job.pk):
        for _ in range(3):
            time.sleep(0.2)
            seen.append(DocumentJob.objects.get(pk=job.pk).alive_at)

    assert None not in seen
    assert seen[0] < seen[1] < seen[2]


@pytest.mark.django_db(transaction=True)
def test_a_worker_that_finished_leaves_no_heartbeat_to_grow_old(monkeypatch):
    monkeypatch.setattr(drawing, "HEARTBEAT_SECONDS", 0.05)
    job = DocumentJob.objects.create(kind=KIND, key="{}", stamp="1", digest="e" * 64)

    with said_alive(DocumentJob, job.pk):
        time.sleep(0.1)

    assert DocumentJob.objects.get(pk=job.pk).alive_at is None


def test_a_job_whose_worker_died_after_making_its_parts_is_queued_again(
    asked, sent, django_capture_on_commit_callbacks
):
    sent.clear()
    fell_silent_seconds_ago(DocumentJob.objects.get(pk=asked.pk), SILENT_SECONDS + 1)

    with django_capture_on_commit_callbacks(execute=True):
        followed = follow_job(fresh(asked))

    assert followed.state == State.WAITING
    assert sent == [("documents.draw", (asked.pk,), LONG_FIRST)]
