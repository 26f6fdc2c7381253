"""``manage.py import_licences``: a dry run unless --appliquer, the differences printed."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Player
from tests.factories import club_of

LIST = "N° licence;Nom;Prénom;Série\n0412345;Dupont;Jean;2e série\n"


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def licence_file(tmp_path):
    path = tmp_path / "licences.csv"
    path.write_text(LIST, encoding="utf-8")
    return path


def run(*args) -> str:
    out = StringIO()
    call_command("import_licences", *map(str, args), stdout=out)
    return out.getvalue()


def test_the_command_only_shows_the_differences_by_default(club, licence_file):
    out = run(licence_file, "--club", club.pk)

    assert "1 nouvelle(s) licence(s)" in out
    assert "+ 0412345 DUPONT Jean" in out
    assert "Aperçu seulement" in out
    assert not Player.objects.exists()


def test_the_command_applies_them_when_told(club, licence_file):
    out = run(licence_file, "--club", club.pk, "--appliquer")

    assert "Différences appliquées." in out
    assert Player.objects.get(licence="0412345").serie == "2e série"


def test_a_column_named_otherwise_is_given_on_the_command_line(club, tmp_path):
    path = tmp_path / "l.csv"
    path.write_text("Numéro FFT;Nom;Prénom\n1;Dupont;Jean\n", encoding="utf-8")

    out = run(path, "--club", club.pk, "--colonne", "licence=Numéro FFT")

    assert "N° de licence : Numéro FFT" in out


def test_an_unreadable_file_stops_the_command_in_french(club, tmp_path):
    path = tmp_path / "l.csv"
    path.write_bytes("Nom;Prénom\n".encode("utf-16"))

    with pytest.raises(CommandError, match="ni un CSV texte"):
        run(path, "--club", club.pk)


def test_a_list_without_a_licence_column_asks_for_it(club, tmp_path):
    path = tmp_path / "l.csv"
    path.write_text("Numéro;Nom;Prénom\n1;Dupont;Jean\n", encoding="utf-8")

    with pytest.raises(CommandError, match="Colonne à choisir : N° de licence"):
        run(path, "--club", club.pk)
