"""Asking for a document: one job per document and what it shows, its file kept, drawn by the
queue after the commit, or here when there is no broker or the broker does not answer."""

import logging
from datetime import timedelta

import pytest
from celery.signals import worker_process_init
from django.core.files.storage import storages
from django.utils import timezone
from kombu.exceptions import OperationalError

from documents import tasks
from documents.drawing import draw_job
from documents.models import DocumentJob
from documents.registry import Document, register
from documents.services import ask_document, follow_job
from tarot_club.celery import app as celery_app
from tests.at_the_table import TESTS
from tests.documents.conftest import KIND
from tournaments.prints import documents as prints_documents

pytestmark = pytest.mark.django_db

READY = DocumentJob.State.READY


@pytest.mark.usefixtures("note")
def test_without_a_broker_the_document_is_drawn_at_once_and_kept():
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert job.state == READY
    kept = storages["documents"].open(job.file).read()
    assert kept == "%PDF-1.7 note 1 première version".encode()


def test_asking_again_with_nothing_changed_draws_nothing(note):
    first = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    again = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert again.pk == first.pk
    assert note.drawn == ["première version"]


def test_a_change_of_what_it_shows_draws_a_new_file(note):
    first = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    note.shown = "seconde version"
    second = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert second.pk != first.pk
    assert storages["documents"].open(second.file).read().endswith(b"seconde version")


@pytest.mark.usefixtures("note")
@pytest.mark.usefixtures("queued")
def test_a_request_while_the_document_changes_joins_the_job_under_way(note):
    first = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    note.shown = "seconde version"

    assert ask_document(kind=KIND, params={"number": 1}, by=TESTS).pk == first.pk
    assert DocumentJob.objects.count() == 1


@pytest.mark.usefixtures("queued")
def test_a_job_under_way_too_old_is_not_joined(note):
    stuck = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    DocumentJob.objects.filter(pk=stuck.pk).update(created_at=timezone.now() - timedelta(hours=1))
    note.shown = "seconde version"

    assert ask_document(kind=KIND, params={"number": 1}, by=TESTS).pk != stuck.pk
    stuck.refresh_from_db()
    assert stuck.state == DocumentJob.State.FAILED


def test_each_document_has_its_own_job():
    first = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    second = ask_document(kind=KIND, params={"number": 2}, by=TESTS)

    assert first.pk != second.pk


def test_with_a_broker_the_task_is_sent_only_once_the_transaction_commits(
    note, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
        assert queued == []

    assert len(callbacks) == 1
    assert queued == [job.pk]
    assert job.state == DocumentJob.State.WAITING
    assert note.drawn == []


@pytest.fixture
def priorities(monkeypatch):
    """A broker that takes the tasks: the priority each job's task was sent with, by job."""
    sent: dict[int, int] = {}
    celery_app.conf.task_always_eager = False  # given back by the suite's own fixture

    def take(args, **options):
        sent[args[0]] = options["priority"]

    monkeypatch.setattr(tasks.draw, "apply_async", take)
    return sent


def test_a_document_long_to_draw_is_taken_from_the_queue_before_the_others(
    priorities, django_capture_on_commit_callbacks
):
    register(Document("tests.long", lambda _params: "1", lambda _params: b"", long=True))
    register(Document("tests.short", lambda _params: "1", lambda _params: b""))
    with django_capture_on_commit_callbacks(execute=True):
        short = ask_document(kind="tests.short", params={}, by=TESTS)
        long = ask_document(kind="tests.long", params={}, by=TESTS)

    # With Redis the broker hands out the lowest priority first.
    assert priorities[long.pk] < priorities[short.pk]


@pytest.mark.usefixtures("note")
def test_a_second_request_joins_the_job_under_way(queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
        second = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert second.pk == first.pk
    assert queued == [first.pk]
    assert DocumentJob.objects.count() == 1


@pytest.mark.usefixtures("note")
def test_a_broker_that_does_not_answer_has_the_request_draw_it_and_log_it(
    monkeypatch, caplog, django_capture_on_commit_callbacks
):
    def refused(*_args, **_options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    tasks.draw.app.conf.task_always_eager = False  # given back by tests/conftest.py
    monkeypatch.setattr(tasks.draw, "apply_async", refused)
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    job.refresh_from_db()
    assert job.state == READY
    assert "broker did not answer" in caplog.text


def test_a_render_that_fails_marks_the_job_failed_in_french(note):
    note.fails = True

    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert job.state == DocumentJob.State.FAILED
    assert job.error == "Le document n'a pas pu être préparé."


def test_retrying_a_failed_job_draws_it_again(note):
    note.fails = True
    failed = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    note.fails = False

    job = follow_job(failed, by=TESTS, retry=True)

    assert job.pk == failed.pk
    assert job.state == READY


def test_asking_without_retry_leaves_a_failed_job_failed(note):
    note.fails = True
    ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    note.fails = False

    assert ask_document(kind=KIND, params={"number": 1}, by=TESTS).state == DocumentJob.State.FAILED


@pytest.mark.usefixtures("note", "queued")
def test_a_job_older_than_its_time_limit_is_reported_failed(settings):
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    DocumentJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.DOCUMENTS_EXPIRY + 1)
    )

    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert job.state == DocumentJob.State.FAILED
    assert job.error == "Le document n'a pas été prêt à temps."


@pytest.mark.usefixtures("note", "queued")
def test_a_job_within_its_time_limit_is_still_under_way(settings):
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    DocumentJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.DOCUMENTS_EXPIRY - 5)
    )

    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    assert job.state == DocumentJob.State.WAITING


@pytest.mark.usefixtures("queued")
def test_a_job_left_drawing_by_a_killed_worker_is_drawn_again(note):
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    DocumentJob.objects.filter(pk=job.pk).update(state=DocumentJob.State.DRAWING, attempts=1)

    draw_job(job.pk)

    job.refresh_from_db()
    assert (job.state, job.attempts, note.drawn) == (READY, 2, ["première version"])


def test_a_job_already_drawn_is_not_drawn_again(note):
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)

    draw_job(job.pk)

    assert note.drawn == ["première version"]


def test_a_kept_file_deleted_is_drawn_again(note):
    job = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    storages["documents"].delete(job.file)

    assert ask_document(kind=KIND, params={"number": 1}, by=TESTS).state == READY
    assert len(note.drawn) == 2


def test_the_task_is_acknowledged_late_and_given_back_when_its_worker_dies():
    assert tasks.draw.acks_late is True
    assert tasks.draw.reject_on_worker_lost is True


def test_each_worker_process_draws_a_first_tiny_pdf_as_it_starts(monkeypatch):
    drawn = []
    monkeypatch.setattr(prints_documents, "html_to_pdf", lambda html: drawn.append(html))

    worker_process_init.send(sender=None)

    assert drawn == ["<p>Tarot</p>"]


def test_a_worker_process_says_when_it_is_warmed_up(monkeypatch, caplog):
    monkeypatch.setattr(prints_documents, "html_to_pdf", lambda _html: None)

    with caplog.at_level(logging.INFO, logger="documents.tasks"):
        worker_process_init.send(sender=None)

    assert tasks.WARMED_UP in caplog.messages
