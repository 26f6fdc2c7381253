"""The season's CSV and JSON come from kept files, as its PDF and .xlsx do: drawn once per
change by the queue, the same bytes as when they were written in the request, limited per
address; each drawing asked for is a line of the seasons' journal."""

import pytest
from django.http import JsonResponse
from django.test import Client

from documents import tasks
from documents.models import DocumentJob
from seasons import documents, exports
from seasons.models import SeasonAction
from seasons.selectors.ranking import season_ranking
from tests.seasons.evenings import evening


@pytest.fixture
def played(club, arbitre, people, season):
    evening(club, arbitre, 6, people, takers=("N", "E"))
    evening(club, arbitre, 13, people[:4], takers=("S",))
    return season


@pytest.fixture
def queued(monkeypatch):
    """A broker that takes the tasks and no worker yet to draw them."""
    tasks.draw.app.conf.task_always_eager = False  # given back by tests/conftest.py
    monkeypatch.setattr(tasks.draw, "apply_async", lambda *_args, **_options: None)


def test_the_json_is_byte_for_byte_what_the_request_wrote(client, played):
    written = JsonResponse(
        exports.season_json(season_ranking(played)), json_dumps_params={"ensure_ascii": False}
    )

    response = client.get(f"/saisons/{played.pk}/classement.json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content == written.content
    assert "é".encode() in response.content  # « Soirée »: not escaped, as before


def test_the_csv_is_byte_for_byte_what_the_request_wrote(client, played):
    written = exports.season_csv(season_ranking(played))

    response = client.get(f"/saisons/{played.pk}/classement.csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="saison-{played.pk}.csv"'
    assert response.content == written


@pytest.mark.parametrize(
    ("name", "kind"), [("csv", documents.RANKING_CSV), ("json", documents.RANKING_JSON)]
)
def test_each_is_drawn_once_then_served_from_the_kept_file(client, played, name, kind):
    first = client.get(f"/saisons/{played.pk}/classement.{name}")
    second = client.get(f"/saisons/{played.pk}/classement.{name}")

    assert second.content == first.content
    assert list(DocumentJob.objects.values_list("kind", flat=True)) == [kind]


def test_a_change_of_the_season_draws_a_new_json(client, played):
    client.get(f"/saisons/{played.pk}/classement.json")
    played.best = 1
    played.save()

    data = client.get(f"/saisons/{played.pk}/classement.json").json()

    assert data["best"] == 1
    assert DocumentJob.objects.count() == 2


@pytest.mark.usefixtures("queued")
def test_while_the_queue_draws_it_the_json_answers_202_with_retry_after(client, played):
    response = client.get(f"/saisons/{played.pk}/classement.json")

    assert response.status_code == 202
    assert response["Retry-After"] == "2"
    assert "Impression en préparation…" in response.content.decode()


@pytest.mark.parametrize("name", ["csv", "json"])
def test_an_address_asking_faster_than_a_person_is_slowed_down(client, played, settings, name):
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    url = f"/saisons/{played.pk}/classement.{name}"

    answers = [client.get(url, REMOTE_ADDR="10.0.0.7").status_code for _ in range(3)]

    assert answers == [200, 200, 429]
    assert client.get(url, REMOTE_ADDR="10.0.0.8").status_code == 200


def test_a_visitor_asking_for_the_season_pdf_is_in_the_seasons_journal(played, club):
    Client().get(f"/saisons/{played.pk}/classement.pdf")

    [line] = club.season_journal.filter(action=SeasonAction.DOCUMENT_ASKED)
    assert (line.actor_label, line.subject_id) == ("Un visiteur", played.pk)
    assert line.after == {"document": "classement de la saison (PDF)"}


def test_the_clubs_journal_page_shows_the_document_asked_for(arbitre_client, played, club):
    Client().get(f"/saisons/{played.pk}/classement.json")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/journal/").content.decode()

    assert "Document demandé" in page
    assert "classement de la saison (JSON)" in page
    assert "Un visiteur" in page


def test_asking_for_the_json_again_writes_no_second_line(played, club):
    visitor = Client()
    visitor.get(f"/saisons/{played.pk}/classement.json")
    visitor.get(f"/saisons/{played.pk}/classement.json")

    assert club.season_journal.filter(action=SeasonAction.DOCUMENT_ASKED).count() == 1
