"""A refused CSV import says why in French and answers 422, with the form to send the file
again (issue 23, item 8)."""

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.htmx import HTMX
from tournaments.models import Registration


def upload(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("joueurs.csv", text.encode(), content_type="text/csv")


def post(client, tournament, text: str | None, **extra):
    data = {} if text is None else {"file": upload(text)}
    return client.post(f"/arbitre/tournois/{tournament.pk}/import/", data, **extra)


def test_a_line_longer_than_the_csv_reader_takes_is_refused_in_french(arbitre_client, tournament):
    text = "Dupont;Jean\n" + "Martin;" + "x" * 131_073 + "\n"

    response = post(arbitre_client, tournament, text)

    html = response.content.decode()
    assert response.status_code == 422
    assert "Ligne 2 : plus de 131\u202f072 caractères dans une seule colonne." in html
    assert "field larger" not in html
    assert 'type="file"' in html
    assert not Registration.objects.exists()


def test_a_file_with_a_refused_row_answers_422_with_its_reasons(arbitre_client, tournament):
    response = post(arbitre_client, tournament, "Dupont;Jean\n;Sans nom\n")

    html = response.content.decode()
    assert response.status_code == 422
    assert "Ligne 2 : nom manquant." in html
    assert not Registration.objects.exists()


def test_a_file_refused_whole_answers_422(arbitre_client, tournament):
    response = post(arbitre_client, tournament, ";;;\n")

    assert response.status_code == 422
    assert "Le fichier ne contient aucun joueur." in response.content.decode()


def test_a_post_without_a_file_answers_422_with_the_form(arbitre_client, tournament):
    response = post(arbitre_client, tournament, None)

    assert response.status_code == 422
    assert "Ce champ est obligatoire." in response.content.decode()


def test_under_htmx_the_refusal_is_the_forms_fragment_which_htmx_swaps(arbitre_client, tournament):
    response = post(arbitre_client, tournament, "Dupont;Jean\n;Sans nom\n", headers=HTMX)

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="import-form"')
    assert "Ligne 2 : nom manquant." in page
