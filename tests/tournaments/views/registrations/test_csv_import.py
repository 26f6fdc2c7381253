"""Importing players from a CSV file: everything or nothing, and every refused row explained."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import club_player
from tests.htmx import HTMX
from tournaments.choices import Formula
from tournaments.models import Registration
from tournaments.services.imports import import_registrations

GOOD = (
    "Nom;Prénom;Licence;Club;Équipe\n"
    "Dupont;Jean;0100001;Tarot Club Lyonnais;\n"
    "Martin;Claire;0100002;Les Excuses;\n"
    "Bernard;Luc;;;\n"
)


def imported(tournament, text: str, encoding: str = "utf-8"):
    return import_registrations(tournament=tournament, content=text.encode(encoding), by=TESTS)


def test_a_good_file_registers_every_row_in_order(tournament):
    report = imported(tournament, GOOD)

    assert report.ok
    names = [r.player.last_name for r in tournament.registrations.order_by("number")]
    assert names == ["Dupont", "Martin", "Bernard"]
    assert tournament.registrations.get(number=2).player.club == "Les Excuses"


@pytest.mark.usefixtures("registrations")
def test_numbers_follow_the_players_already_registered(tournament):
    imported(tournament, GOOD)

    assert tournament.registrations.get(player__last_name="Dupont").number == 9


def test_commas_and_a_byte_order_mark_are_accepted(tournament):
    report = imported(tournament, "\ufeffDupont,Jean,0100001,TCL\nMartin,Claire,0100002,TCL\n")

    assert report.ok
    assert tournament.registrations.count() == 2


def test_a_file_without_header_is_read_in_the_documented_column_order(tournament):
    imported(tournament, "Dupont;Jean;0100001;Tarot Club Lyonnais\n")

    player = tournament.registrations.get().player
    assert (player.last_name, player.first_name, player.licence) == ("Dupont", "Jean", "0100001")


def test_excel_windows_1252_accents_are_read(tournament):
    imported(tournament, "Nom;Prénom\nLefèvre;Hélène\n", encoding="cp1252")

    assert tournament.registrations.get().player.first_name == "Hélène"


def test_one_bad_row_registers_nobody(tournament):
    report = imported(tournament, GOOD + ";Sans nom;;;\n")

    assert not report.ok
    assert not Registration.objects.exists()
    assert not Player.objects.exists()


def test_refused_rows_give_their_line_and_the_reason(tournament, registrations):
    registrations[0].player.licence = "0400001"
    registrations[0].player.save()
    text = (
        "Nom;Prénom;Licence;Club\n"
        "Dupont;Jean;0100001;TCL\n"
        ";Sans nom;;\n"
        "Martin;;0100003;\n"
        "Durand;Paul;0100001;\n"
        "Joueur1;Prénom;0400001;\n"
    )

    report = imported(tournament, text)

    assert [(row.line, row.reason) for row in report.refused] == [
        (3, "nom manquant."),
        (4, "prénom manquant."),
        (5, "la licence 0100001 figure déjà ligne 2."),
        (6, "la licence 0400001 est déjà inscrite (JOUEUR1 Prénom)."),
    ]


def test_a_name_repeated_with_other_accents_or_case_is_refused(tournament):
    report = imported(tournament, "Lefèvre;Élodie;;\nLEFEVRE;elodie;;\n")

    assert [(row.line, row.reason) for row in report.refused] == [
        (2, "LEFEVRE elodie figure déjà ligne 1.")
    ]


def test_a_team_in_an_individual_tournament_is_refused(tournament):
    report = imported(tournament, "Dupont;Jean;0100001;TCL;Les As\n")

    assert report.refused[0].reason == (
        "équipe « Les As » indiquée, mais le tournoi est individuel."
    )


def test_teams_are_created_for_a_duo_and_never_overfilled(tournament):
    tournament.formula = Formula.DUO
    tournament.save()

    report = imported(tournament, "A;a;;;Les As\nB;b;;;Les As\nC;c;;;les as\n")

    assert report.refused[0].line == 3
    assert "plus de 2 joueurs" in report.refused[0].reason


def test_duo_teams_are_filled_from_the_file(tournament):
    tournament.formula = Formula.DUO
    tournament.save()

    imported(tournament, "A;a;;;Les As\nB;b;;;Les As\n")

    team = tournament.teams.get()
    assert {r.player.last_name for r in team.registrations.all()} == {"A", "B"}


def test_a_licence_belonging_to_another_name_is_refused(tournament):
    club_player(tournament.club, last_name="Durand", first_name="Paul", licence="0100001")

    report = imported(tournament, "Dupont;Jean;0100001;TCL\n")

    assert report.refused[0].reason == "Le n° de licence 0100001 est déjà celui de DURAND Paul."


def test_a_known_licence_spelt_otherwise_takes_the_known_player_and_says_so(tournament):
    gaelle = club_player(
        tournament.club, last_name="LEFÈVRE", first_name="Gaëlle", licence="0412345"
    )

    report = imported(tournament, "Dupont;Jean;0100001;\nLefevre;Gaelle;0412345;\n")

    assert report.ok
    assert tournament.registrations.get(number=2).player == gaelle
    assert [(note.line, note.text) for note in report.notes] == [
        (2, "orthographe connue : LEFÈVRE Gaëlle (inscrit sous ce nom).")
    ]
    assert Player.objects.filter(licence="0412345").count() == 1


def test_a_known_licence_written_as_known_needs_no_note(tournament):
    club_player(tournament.club, last_name="Lefèvre", first_name="Gaëlle", licence="0412345")

    report = imported(tournament, "LEFÈVRE;Gaëlle;0412345;\n")

    assert report.ok
    assert report.notes == []


def test_a_known_licence_under_another_name_is_still_refused_as_another_person(tournament):
    club_player(tournament.club, last_name="LEFÈVRE", first_name="Gaëlle", licence="0412345")

    report = imported(tournament, "Martin;Claire;0412345;\n")

    assert [(row.line, row.reason) for row in report.refused] == [
        (1, "Le n° de licence 0412345 est déjà celui de LEFÈVRE Gaëlle.")
    ]


def test_a_licence_that_is_not_digits_is_refused_with_its_line(tournament):
    report = imported(tournament, GOOD + "Petit;Léa;ABC;\n")

    assert [(row.line, row.reason) for row in report.refused] == [
        (5, "licence « ABC » : une licence FFT ne s'écrit qu'avec des chiffres.")
    ]
    assert not Registration.objects.exists()


def test_a_row_gives_every_reason_it_is_refused_at_once(tournament):
    report = imported(tournament, "Petit;;ABC;\n")

    assert [(row.line, row.reason) for row in report.refused] == [
        (1, "prénom manquant ; licence « ABC » : une licence FFT ne s'écrit qu'avec des chiffres.")
    ]


def test_the_known_spelling_is_shown_after_a_good_upload(arbitre_client, tournament):
    club_player(tournament.club, last_name="LEFÈVRE", first_name="Gaëlle", licence="0412345")

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/",
        {"file": upload("Lefevre;Gaelle;0412345;\n")},
        follow=True,
    )

    page = response.content.decode()
    assert "Ligne 1 : orthographe connue : LEFÈVRE Gaëlle (inscrit sous ce nom)." in page


def test_an_unknown_column_is_refused(tournament):
    report = imported(tournament, "Nom;Prénom;Téléphone\nDupont;Jean;0600000000\n")

    assert "Colonne inconnue : « téléphone »" in report.refused[0].reason


def test_too_many_columns_is_refused(tournament):
    report = imported(tournament, "Dupont;Jean;0100001;TCL;;en trop\n")

    assert report.refused[0].line == 1
    assert "6 colonnes" in report.refused[0].reason


def test_an_empty_file_is_refused(tournament):
    assert imported(tournament, "\n\n").refused[0].reason == "Le fichier est vide."


def test_a_utf16_file_is_refused_with_advice(tournament):
    report = imported(tournament, "Dupont;Jean\n", encoding="utf-16")

    assert "CSV UTF-8" in report.refused[0].reason


def upload(text: str, encoding: str = "utf-8") -> SimpleUploadedFile:
    return SimpleUploadedFile("joueurs.csv", text.encode(encoding), content_type="text/csv")


def test_import_page_renders_as_a_full_page(arbitre_client, tournament):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/import/")

    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in response.content.decode()


def test_a_good_upload_redirects_to_the_players(arbitre_client, tournament):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/", {"file": upload(GOOD)}
    )

    assert response.status_code == 302
    assert response.url == f"/arbitre/tournois/{tournament.pk}/joueurs/"
    assert tournament.registrations.count() == 3


def test_a_bad_upload_shows_the_report_under_htmx(arbitre_client, tournament):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/",
        {"file": upload(GOOD + ";Sans nom;;;\n")},
        headers=HTMX,
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="import-form"')
    assert "Ligne 5 : nom manquant." in page
    assert "aucun joueur n'a été inscrit" in page


def test_a_file_with_only_its_header_is_refused_as_a_file_not_as_a_line(arbitre_client, tournament):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/",
        {"file": upload("Nom;Prénom;Licence;Club;Équipe\n")},
        headers=HTMX,
    )

    page = response.content.decode()
    assert "Fichier refusé : aucun joueur n'a été inscrit." in page
    assert "Le fichier ne contient aucun joueur." in page
    assert "ligne refusée" not in page


def test_refused_rows_are_counted_without_the_file_refusals(tournament):
    report = imported(tournament, GOOD + ";Sans nom;;;\n;Sans nom non plus;;;\n")

    assert [row.line for row in report.refused_lines] == [5, 6]
    assert report.refused_file == []


def test_posting_without_a_file_is_a_french_form_error(arbitre_client, tournament):
    response = arbitre_client.post(f"/arbitre/tournois/{tournament.pk}/import/", {})

    assert response.status_code == 422
    assert "Ce champ est obligatoire." in response.content.decode()


def test_columns_are_found_by_their_titles_in_any_order(tournament):
    report = imported(tournament, "Club;Prénom;NOM;Licence  FFT\nTCL;Jean;Dupont;0100001\n")

    player = tournament.registrations.get().player
    assert report.ok
    assert (player.last_name, player.first_name, player.licence, player.club) == (
        "Dupont",
        "Jean",
        "0100001",
        "TCL",
    )


@pytest.mark.usefixtures("registrations")
def test_a_number_taken_during_the_import_keeps_nothing(tournament, monkeypatch):
    # As if another arbitre registered player 8 while the file was being read.
    monkeypatch.setattr("tournaments.services.imports.next_participant_number", lambda **_: 8)

    report = imported(tournament, GOOD)

    assert "réessayez" in report.refused[0].reason
    assert tournament.registrations.count() == 8
    assert not Player.objects.filter(licence="0100001").exists()


def test_a_finished_tournament_imports_no_one(tournament):
    tournament.status = tournament.Status.FINISHED
    tournament.save(update_fields=["status"])

    report = imported(tournament, GOOD)

    assert not report.ok
    assert report.refused[0].reason.startswith("Le tournoi est terminé")
    assert not tournament.registrations.exists()


# A row under the name of a record the club may see: held, the record named, until the arbitre
# says whether it is them (the rule of every homonym warning, tournaments.services.homonyms).

HOMONYM = "Nom;Prénom;Licence\nMartin;Claire;0100002\nDUPRE;helene;\n"


def test_a_row_under_a_known_name_is_held_naming_the_record_and_nothing_is_registered(
    tournament,
):
    helene = club_player(tournament.club, last_name="Dupré", first_name="Hélène")

    report = imported(tournament, HOMONYM)

    assert not report.ok and report.refused == []
    (held,) = report.held
    assert (held.line, held.name, [known.player for known in held.known]) == (
        3,
        "DUPRE helene",
        [helene],
    )
    assert held.message == (
        "Un joueur du nom de DUPRÉ Hélène figure déjà dans l'annuaire : dites ci-dessous si "
        "c'est l'une de ces fiches, ou une autre personne."
    )
    assert not tournament.registrations.exists()
    assert Player.objects.count() == 1


def test_a_row_held_takes_the_record_the_arbitre_chose(tournament):
    helene = club_player(tournament.club, last_name="Dupré", first_name="Hélène")

    report = import_registrations(
        tournament=tournament, content=HOMONYM.encode(), choices={3: helene.pk}, by=TESTS
    )

    assert report.ok
    assert tournament.registrations.get(number=2).player == helene
    assert Player.objects.count() == 2  # Claire Martin's new record, and Hélène's


def test_a_row_held_is_a_new_record_once_the_arbitre_says_another_person(tournament):
    club_player(tournament.club, last_name="Dupré", first_name="Hélène")

    report = import_registrations(
        tournament=tournament, content=HOMONYM.encode(), choices={3: None}, by=TESTS
    )

    assert report.ok
    assert Player.objects.filter(search_name="dupre helene").count() == 2


def test_a_record_chosen_that_the_row_does_not_name_is_refused(tournament):
    club_player(tournament.club, last_name="Dupré", first_name="Hélène")
    other = club_player(tournament.club, last_name="Noël", first_name="Ève")

    report = import_registrations(
        tournament=tournament, content=HOMONYM.encode(), choices={3: other.pk}, by=TESTS
    )

    assert [(row.line, row.reason) for row in report.refused] == [
        (3, "fiche choisie inconnue : importez le fichier de nouveau.")
    ]
    assert not tournament.registrations.exists()


def test_a_row_whose_licence_tells_it_apart_from_a_known_name_is_not_held(tournament):
    club_player(tournament.club, last_name="Dupré", first_name="Hélène", licence="0412361")

    report = imported(tournament, "Dupré;Hélène;0999999\n")

    assert report.ok and report.held == []


def test_the_page_names_each_row_held_and_registers_with_the_answers(arbitre_client, tournament):
    helene = club_player(tournament.club, last_name="Dupré", first_name="Hélène")
    url = f"/arbitre/tournois/{tournament.pk}/import/"

    response = arbitre_client.post(url, {"file": upload(HOMONYM)}, headers=HTMX)

    page = response.content.decode()
    assert "Ligne 3 : DUPRE helene" in page
    assert "Un joueur du nom de DUPRÉ Hélène figure déjà dans l&#x27;annuaire" in page
    assert f'name="fiche-3" value="{helene.pk}"' in page and 'name="fiche-3" value="autre"' in page
    content = re.search(r'name="content" value="([^"]+)"', page).group(1)
    assert not tournament.registrations.exists()

    answered = arbitre_client.post(url, {"content": content, "fiche-3": str(helene.pk)})

    assert answered.status_code == 302
    assert tournament.registrations.get(player=helene).number == 2


def test_answers_with_a_file_that_is_not_the_one_read_are_refused(arbitre_client, tournament):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/", {"content": "pas du base64 !", "fiche-3": "1"}
    )

    assert response.status_code == 422
    assert "Fichier illisible : importez-le de nouveau." in response.content.decode()
    assert not tournament.registrations.exists()
