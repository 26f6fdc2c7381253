"""The documents' fixed URLs: the kept file at once, or « Impression en préparation… » (202)
that follows the job by itself; a public document limited per address."""

from io import StringIO

import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.core.management import call_command

from documents.drawing import draw_job
from documents.limits import seconds_to_wait
from documents.models import DocumentJob
from documents.services import ask_document
from tests.at_the_table import TESTS
from tests.documents.conftest import KIND
from tests.htmx import HTMX
from tournaments.prints import documents
from tournaments.selectors.standings import PLAYERS_GENERATION

pytestmark = pytest.mark.django_db


@pytest.fixture
def plan_url(table):
    return f"/arbitre/tournois/{table.position.tournament.pk}/positions/1/plan.pdf"


@pytest.fixture
def published(table):
    tournament = table.position.tournament
    tournament.published = True
    tournament.save()
    return tournament


def test_a_document_drawn_and_unchanged_is_the_pdf(arbitre_client, plan_url):
    arbitre_client.get(plan_url)

    response = arbitre_client.get(plan_url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    assert DocumentJob.objects.count() == 1


@pytest.mark.usefixtures("queued")
def test_a_document_being_drawn_answers_202_with_retry_after(arbitre_client, plan_url):
    response = arbitre_client.get(plan_url)

    assert response.status_code == 202
    assert response["Retry-After"] == "2"
    html = response.content.decode()
    assert "Impression en préparation…" in html
    assert "En attente" in html
    job = DocumentJob.objects.get()
    assert f'hx-get="{plan_url}?travail={job.digest}"' in html
    assert 'hx-trigger="every 2s"' in html


@pytest.mark.usefixtures("queued")
def test_a_second_request_joins_the_job_under_way(arbitre_client, plan_url):
    arbitre_client.get(plan_url)
    arbitre_client.get(plan_url)

    assert DocumentJob.objects.count() == 1


@pytest.mark.usefixtures("queued")
def test_the_page_asks_again_by_itself_and_offers_the_file_once_ready(arbitre_client, plan_url):
    arbitre_client.get(plan_url)
    job = DocumentJob.objects.get()
    followed = f"{plan_url}?travail={job.digest}"
    DocumentJob.objects.filter(pk=job.pk).update(state=DocumentJob.State.DRAWING)
    drawing = arbitre_client.get(followed, headers=HTMX).content.decode()

    draw_job(job.pk)
    ready = arbitre_client.get(followed, headers=HTMX)

    assert "En cours" in drawing
    assert 'hx-trigger="every 2s"' in drawing
    html = ready.content.decode()
    assert ready.status_code == 200
    assert "Le document est prêt." in html
    assert f'href="{followed}"' in html
    assert "hx-trigger" not in html
    assert arbitre_client.get(followed).content.startswith(b"%PDF-")


@pytest.mark.usefixtures("queued")
def test_the_job_followed_is_served_even_when_the_tournament_changed_since(
    arbitre_client, plan_url
):
    arbitre_client.get(plan_url)
    job = DocumentJob.objects.get()
    draw_job(job.pk)
    cache.set(PLAYERS_GENERATION, -1, None)  # what every tournament shows changed

    followed = arbitre_client.get(f"{plan_url}?travail={job.digest}")
    asked = arbitre_client.get(plan_url)

    assert followed.status_code == 200
    assert asked.status_code == 202


def test_a_job_of_another_document_is_not_followed(arbitre_client, plan_url, table):
    tournament = table.position.tournament
    cards = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf")
    digest = DocumentJob.objects.get(kind=documents.CARDS).digest

    plan = arbitre_client.get(f"{plan_url}?travail={digest}")

    assert cards.status_code == plan.status_code == 200
    assert DocumentJob.objects.get(kind=documents.PLAN).digest != digest
    assert plan.content != cards.content


def test_a_failed_render_says_so_and_offers_to_retry(arbitre_client, plan_url, monkeypatch):
    def broken(_params):
        raise RuntimeError("WeasyPrint broke")

    monkeypatch.setattr(documents, "draw_plan", broken)
    documents.register_documents()

    response = arbitre_client.get(plan_url)

    monkeypatch.undo()
    documents.register_documents()
    html = response.content.decode()
    assert response.status_code == 202
    assert "Le document n&#x27;a pas pu être préparé." in html
    digest = DocumentJob.objects.get().digest
    assert f'href="{plan_url}?travail={digest}&amp;reessayer=1"' in html
    assert "hx-trigger" not in html
    assert arbitre_client.get(f"{plan_url}?travail={digest}&reessayer=1").status_code == 200


def test_the_xlsx_export_is_drawn_once_then_served_from_the_kept_file(client, published):
    url = f"/tournois/{published.pk}/classement.xlsx"

    first, second = client.get(url), client.get(url)

    assert (first.status_code, second.status_code) == (200, 200)
    assert second.content == first.content
    assert second["Content-Disposition"].startswith("attachment;")
    assert DocumentJob.objects.get().kind == documents.RANKING_XLSX


def test_an_address_asking_faster_than_a_person_is_slowed_down(client, published, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 3
    url = f"/tournois/{published.pk}/classement.pdf"
    answers = [client.get(url).status_code for _ in range(4)]

    response = client.get(url)

    assert answers == [200, 200, 200, 429]
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "Trop de demandes" in response.content.decode()


def test_the_limit_counts_each_address_apart(client, published, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 1
    url = f"/tournois/{published.pk}/classement.pdf"
    client.get(url, REMOTE_ADDR="10.0.0.1")

    assert client.get(url, REMOTE_ADDR="10.0.0.2").status_code == 200


def test_the_arbitre_logged_in_is_not_limited(arbitre_client, published, settings):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 1
    url = f"/tournois/{published.pk}/classement.pdf"

    assert [arbitre_client.get(url).status_code for _ in range(3)] == [200, 200, 200]


def test_a_visitors_documents_take_the_addresss_turns(client, published, settings):
    settings.DOCUMENTS_PUBLIC_AT_ONCE = 2
    url = f"/tournois/{published.pk}/classement.pdf"

    client.get(url, REMOTE_ADDR="10.0.0.3")
    client.get(url, REMOTE_ADDR="10.0.0.3")

    assert 0 < seconds_to_wait("10.0.0.3") <= 2


def test_the_arbitres_documents_take_no_turn(arbitre_client, published, settings):
    settings.DOCUMENTS_PUBLIC_AT_ONCE = 2
    url = f"/tournois/{published.pk}/classement.pdf"

    for _ in range(3):
        arbitre_client.get(url, REMOTE_ADDR="10.0.0.4")

    assert seconds_to_wait("10.0.0.4") == 0


def test_the_daily_purge_deletes_what_nobody_can_ask_for(note):
    old = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    note.shown = "seconde version"
    current = ask_document(kind=KIND, params={"number": 1}, by=TESTS)
    storages["documents"].save(f"{KIND}/orphelin.pdf", ContentFile(b"x"))

    call_command("purge_documents", stdout=StringIO())

    assert list(DocumentJob.objects.values_list("pk", flat=True)) == [current.pk]
    assert not storages["documents"].exists(old.file)
    assert storages["documents"].exists(current.file)
    assert storages["documents"].listdir(KIND)[1] == [current.file.split("/")[-1]]


def test_the_purge_deletes_the_documents_of_a_tournament_gone(arbitre_client, plan_url, table):
    arbitre_client.get(plan_url)
    table.position.tournament.delete()

    call_command("purge_documents", stdout=StringIO())

    assert not DocumentJob.objects.exists()
