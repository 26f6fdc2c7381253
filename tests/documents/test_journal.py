"""Who asked for a document, in its app's journal: a job made, a job failed (naming who asked
for it) and a job asked again each leave one line, written inside the transaction that makes
it happen; a request served the kept file, or joining a job under way, writes none."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.actors import Actor
from documents.drawing import draw_job
from documents.models import DocumentJob
from documents.registry import Happened
from documents.services import ask_document, follow_job
from tests.at_the_table import TESTS
from tests.documents.conftest import KIND

pytestmark = pytest.mark.django_db

VISITOR = Actor.visitor()
FAILED = "Le document n'a pas pu être préparé."


def ask(by=TESTS, number=1):
    return ask_document(kind=KIND, params={"number": number}, by=by)


def test_a_document_asked_for_is_journalled_with_who_asked(note):
    ask(by=VISITOR)

    assert note.journal_lines == [(Happened.ASKED, VISITOR, "", True)]


def test_the_job_keeps_who_asked_for_it(note, arbitre):
    job = ask(by=Actor.arbitre(arbitre))

    assert job.asked_by == Actor.arbitre(arbitre)
    assert note.journal_lines[0][1] == Actor.arbitre(arbitre)


def test_the_kept_file_served_again_writes_no_line(note):
    ask()
    ask(by=VISITOR)

    assert [line[0] for line in note.journal_lines] == [Happened.ASKED]


@pytest.mark.usefixtures("queued")
def test_joining_a_job_under_way_writes_no_line(note):
    ask()
    ask(by=VISITOR)

    assert [line[0] for line in note.journal_lines] == [Happened.ASKED]


def test_a_failed_render_is_journalled_naming_who_asked(note):
    note.fails = True

    ask(by=VISITOR)

    assert note.journal_lines[-1] == (Happened.FAILED, VISITOR, FAILED, True)


@pytest.mark.usefixtures("queued")
def test_the_worker_failing_names_who_asked_not_the_worker(note, arbitre):
    job = ask(by=Actor.arbitre(arbitre))
    note.fails = True

    draw_job(job.pk)

    assert note.journal_lines[-1][:3] == (Happened.FAILED, Actor.arbitre(arbitre), FAILED)


@pytest.mark.usefixtures("queued")
def test_a_job_not_ready_in_time_is_journalled_as_failed(note, settings):
    job = ask(by=VISITOR)
    DocumentJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.DOCUMENTS_EXPIRY + 1)
    )

    follow_job(job)
    follow_job(job)

    assert note.journal_lines[1:] == [
        (Happened.FAILED, VISITOR, "Le document n'a pas été prêt à temps.", True)
    ]


def test_reessayer_is_journalled_with_who_asked_again(note, arbitre):
    note.fails = True
    failed = ask(by=VISITOR)
    note.fails = False

    follow_job(failed, by=Actor.arbitre(arbitre), retry=True)

    assert [line[:2] for line in note.journal_lines] == [
        (Happened.ASKED, VISITOR),
        (Happened.FAILED, VISITOR),
        (Happened.RETRIED, Actor.arbitre(arbitre)),
    ]


def test_a_failure_after_reessayer_names_who_asked_again(note, arbitre):
    note.fails = True
    failed = ask(by=VISITOR)

    follow_job(failed, by=Actor.arbitre(arbitre), retry=True)

    assert note.journal_lines[-1][:2] == (Happened.FAILED, Actor.arbitre(arbitre))


def test_following_a_failed_job_without_reessayer_writes_nothing(note):
    note.fails = True
    failed = ask()

    follow_job(failed, by=VISITOR)

    assert [line[0] for line in note.journal_lines] == [Happened.ASKED, Happened.FAILED]


def test_a_document_whose_subject_is_gone_is_still_answered_with_no_line(note):
    note.gone = True

    job = ask()

    assert job.state == DocumentJob.State.READY
    assert note.journal_lines == []
