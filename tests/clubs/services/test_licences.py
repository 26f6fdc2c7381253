"""The licence list imported into the directory: new licences made players, known ones
corrected whatever their name or club now, nothing duplicated, journalled, and refused when
the list changed since its differences were shown."""

import pytest

from clubs.licence_files import guessed_columns, read_table
from clubs.models import ClubJournalEntry, LicenceList, Player
from clubs.selectors.licences import licence_differences
from clubs.services.licences import import_licences
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of

HEADER = "Licence;Nom;Prénom;Club;Série;Catégorie\n"
FIRST = (
    HEADER
    + "0412345;Dupont;Jean;TC Lyon;2e série;Vermeil\n"
    + "0412346;Lefèvre;Gaëlle;TC Lyon;3e série;Senior\n"
)


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


def imported(club, text: str, **kwargs):
    table = read_table(text.encode())
    return import_licences(
        club=club, table=table, columns=guessed_columns(table.headers), by=TESTS, **kwargs
    )


def test_new_licences_become_players_with_their_serie_and_categorie(club):
    imported(club, FIRST)

    dupont = Player.objects.get(licence="0412345")
    assert (dupont.last_name, dupont.club, dupont.serie, dupont.categorie) == (
        "Dupont",
        "TC Lyon",
        "2e série",
        "Vermeil",
    )
    assert dupont.search_name == "dupont jean"


def test_a_licence_keeps_its_player_through_a_new_name_and_club(club):
    imported(club, FIRST)
    before = Player.objects.get(licence="0412346").pk

    imported(club, FIRST.replace("Lefèvre;Gaëlle;TC Lyon", "Martin;Gaëlle;TC Villeurbanne"))

    gaelle = Player.objects.get(licence="0412346")
    assert gaelle.pk == before
    assert (gaelle.last_name, gaelle.club, gaelle.search_name) == (
        "Martin",
        "TC Villeurbanne",
        "martin gaelle",
    )


def test_importing_the_same_list_again_duplicates_nobody(club):
    imported(club, FIRST)
    again = imported(club, FIRST)

    assert Player.objects.count() == 2
    assert (len(again.new), len(again.changed), again.unchanged) == (0, 0, 2)


def test_a_known_licence_typed_by_an_arbitre_is_found_again_not_made_twice(club):
    known = Player.objects.create(last_name="Dupont", first_name="Jean", licence="0412345")

    differences = imported(club, FIRST)

    assert [row.licence for row in differences.new] == ["0412346"]
    assert Player.objects.filter(licence="0412345").get().pk == known.pk


def test_the_licences_gone_from_the_clubs_list_are_told_and_their_players_kept(club):
    imported(club, FIRST)
    table = read_table((HEADER + "0412345;Dupont;Jean;TC Lyon;2e série;Vermeil\n").encode())

    differences = licence_differences(
        club=club, table=table, columns=guessed_columns(table.headers)
    )

    assert differences.gone_count == 1
    assert [player.licence for player in differences.gone] == ["0412346"]
    assert Player.objects.filter(licence="0412346").exists()


def test_a_field_the_list_has_no_column_for_is_left_as_it_is(club):
    Player.objects.create(
        last_name="Dupont", first_name="Jean", licence="0412345", serie="1re série"
    )

    imported(club, "Licence;Nom;Prénom\n0412345;Dupont;Jean\n")

    assert Player.objects.get(licence="0412345").serie == "1re série"


def test_the_columns_and_licences_are_remembered_for_the_clubs_next_list(club):
    imported(club, FIRST)

    kept = LicenceList.objects.get(club=club)
    assert kept.columns["licence"] == "Licence"
    assert sorted(kept.licences) == ["0412345", "0412346"]


def test_the_import_is_journalled_with_its_counts(club):
    imported(club, FIRST)

    entry = ClubJournalEntry.objects.get(club=club, action="licences.imported")
    assert entry.after == {"new": 2, "changed": 0, "gone": 0, "refused": 0}


def test_differences_changed_since_they_were_shown_are_refused(club):
    table = read_table(FIRST.encode())
    shown = licence_differences(club=club, table=table, columns=guessed_columns(table.headers))
    Player.objects.create(last_name="Dupont", first_name="Jean", licence="0412345")

    with pytest.raises(Refused, match="a changé depuis l'aperçu"):
        imported(club, FIRST, fingerprint=shown.fingerprint)
    assert Player.objects.count() == 1


def test_a_list_without_a_licence_column_is_refused(club):
    with pytest.raises(Refused, match="Colonne à choisir : N° de licence"):
        imported(club, "Nom;Prénom\nDupont;Jean\n")
