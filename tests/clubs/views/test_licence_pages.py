"""The licence list from the arbitre's pages: the file sent, its columns and differences
shown, then applied; a file that is no list, or one sent too long ago, told in French."""

import html
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Player
from tests.factories import club_of

LIST = "N° licence;Nom;Prénom;Club;Série;Catégorie\n0412345;Dupont;Jean;TC Lyon;2e série;Vermeil\n"


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def send(client, club, content: bytes, name="licences.csv"):
    return client.post(
        f"/arbitre/clubs/{club.pk}/licences/", {"file": SimpleUploadedFile(name, content)}
    )


def test_a_file_sent_leads_to_its_differences(arbitre_client, club):
    response = send(arbitre_client, club, LIST.encode())

    assert response.status_code == 302
    preview = page_of(arbitre_client.get(response.url))
    assert "<strong>1</strong> nouvelle(s) licence(s)" in preview
    assert "DUPONT Jean" in preview
    assert not Player.objects.exists()


def test_the_differences_applied_make_the_players(arbitre_client, club):
    preview_url = send(arbitre_client, club, LIST.encode()).url
    shown = arbitre_client.get(preview_url).context

    response = arbitre_client.post(
        preview_url, {**shown["columns"], "fingerprint": shown["differences"].fingerprint}
    )

    assert response.status_code == 302
    dupont = Player.objects.get(licence="0412345")
    assert (dupont.serie, dupont.categorie) == ("2e série", "Vermeil")


def test_differences_applied_under_another_mapping_than_shown_are_refused(arbitre_client, club):
    preview_url = send(arbitre_client, club, LIST.encode()).url
    shown = arbitre_client.get(preview_url).context
    columns = {**shown["columns"], "categorie": ""}

    response = arbitre_client.post(
        preview_url, {**columns, "fingerprint": shown["differences"].fingerprint}
    )

    assert "a changé depuis l'aperçu" in page_of(response)
    assert not Player.objects.exists()


def test_the_mapping_changed_shows_the_differences_again(arbitre_client, club):
    preview_url = send(arbitre_client, club, LIST.encode()).url

    response = arbitre_client.get(
        preview_url, {"licence": "N° licence", "last_name": "Prénom", "first_name": "Nom"}
    )

    assert "JEAN Dupont" in page_of(response)


def test_a_file_that_is_no_list_is_refused_beside_the_form(arbitre_client, club):
    response = send(arbitre_client, club, "Nom;Prénom\n".encode("utf-16"))

    assert response.status_code == 422
    assert "ni un CSV texte ni un classeur Excel" in page_of(response)


def test_an_xlsx_list_is_read_too(arbitre_client, club):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["Licence", "Nom", "Prénom"])
    book.active.append(["0412345", "Dupont", "Jean"])
    buffer = io.BytesIO()
    book.save(buffer)

    response = send(arbitre_client, club, buffer.getvalue(), name="licences.xlsx")

    assert "<strong>1</strong> nouvelle(s) licence(s)" in page_of(arbitre_client.get(response.url))


def test_a_file_no_longer_waiting_is_asked_again(arbitre_client, club):
    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/licences/inconnu/", follow=True)

    assert "n'est plus en attente" in page_of(response)


def test_another_clubs_file_cannot_be_read_from_this_club(arbitre_client, club, other_arbitre):
    preview_url = send(arbitre_client, club, LIST.encode()).url
    other = club_of(other_arbitre)
    arbitre_client.force_login(other_arbitre)

    response = arbitre_client.get(
        preview_url.replace(f"/clubs/{club.pk}/", f"/clubs/{other.pk}/"), follow=True
    )

    assert "n'est plus en attente" in page_of(response)


def test_a_licence_whose_both_names_change_is_flagged_for_checking(arbitre_client, club):
    Player.objects.create(last_name="Lefèvre", first_name="Gaëlle", licence="0412345")

    preview = page_of(arbitre_client.get(send(arbitre_client, club, LIST.encode()).url))

    assert "nom et prénom changent : vérifiez la licence" in preview


@pytest.mark.parametrize("key", ["a b", "é" * 300, "%09tab", "..", "x" * 16 + "y"])
def test_a_key_typed_in_the_address_is_a_file_no_longer_waiting(arbitre_client, club, key):
    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/licences/{key}/", follow=True)

    assert response.status_code == 200
    assert "n'est plus en attente" in page_of(response)


def test_the_import_reads_in_words_in_the_clubs_journal(arbitre_client, club):
    preview_url = send(arbitre_client, club, LIST.encode()).url
    shown = arbitre_client.get(preview_url).context
    arbitre_client.post(
        preview_url, {**shown["columns"], "fingerprint": shown["differences"].fingerprint}
    )

    journal = page_of(arbitre_client.get(f"/arbitre/clubs/{club.pk}/journal/"))

    assert "Liste des licences importée" in journal
    assert "Nouvelles licences :" in journal
