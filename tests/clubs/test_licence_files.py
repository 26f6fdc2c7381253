"""The licence list as a file: CSV or .xlsx read into rows, its columns guessed, its rows
checked; every file it cannot read refused in French."""

import io

import pytest
from openpyxl import Workbook

from clubs.licence_files import guessed_columns, licence_rows, read_table
from common.refusals import Refused

HEADER = "N° licence;Nom;Prénom;Club;Série;Catégorie;Sexe;Date de naissance\r\n"


def xlsx(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_a_csv_of_excel_cp1252_is_read_with_its_accents():
    table = read_table((HEADER + "0412345;Lefèvre;Gaëlle;TC Lyon;;;;\r\n").encode("cp1252"))

    assert table.headers[2] == "Prénom"
    assert table.rows == [(2, ["0412345", "Lefèvre", "Gaëlle", "TC Lyon", "", "", "", ""])]


def test_an_xlsx_sheet_is_read_as_text_dates_as_iso():
    import datetime

    table = read_table(
        xlsx(
            [
                ["Licence", "Nom", "Prénom", "Né le"],
                [412345, "Dupont", "Jean", datetime.date(1955, 3, 12)],
            ]
        )
    )

    assert table.rows == [(2, ["412345", "Dupont", "Jean", "1955-03-12"])]


def test_decomposed_accents_are_composed():
    table = read_table((HEADER + "1;Le\u0301a;Jose\u0301\n").encode())

    assert table.rows[0][1][1:3] == ["Léa", "José"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "vide"),
        (b"Nom;Pr\xc3\xa9nom\n", "aucune licence"),
        ("Nom;Prénom\n".encode("utf-16"), "ni un CSV texte ni un classeur Excel"),
        (b"Nom;\x00Pr\n1;2\n", "ni un CSV texte ni un classeur Excel"),
        (b"PK\x03\x04 not really a zip", "classeur Excel est illisible"),
        (b"Nom;Prenom\n\x81\x8d\x8f\x90\x9d;x\n", "Encodage du fichier illisible"),
    ],
)
def test_a_file_that_is_no_licence_list_is_refused_in_french(content, words):
    with pytest.raises(Refused, match=words):
        read_table(content)


def test_a_huge_file_is_refused_before_it_is_read():
    with pytest.raises(Refused, match="dépasse 20 Mo"):
        read_table(b"x" * (20 * 1024 * 1024 + 1))


def test_the_columns_are_guessed_from_their_names_accents_and_case_aside():
    headers = ["NUMERO DE LICENCE", "NOM", "PRENOM", "SERIE", "Catégorie", "Sexe"]

    assert guessed_columns(headers) == {
        "licence": "NUMERO DE LICENCE",
        "last_name": "NOM",
        "first_name": "PRENOM",
        "serie": "SERIE",
        "categorie": "Catégorie",
        "sex": "Sexe",
    }


def test_the_columns_remembered_win_over_a_guess_while_the_file_has_them():
    remembered = {"licence": "Numéro FFT", "club": "Club actuel"}

    columns = guessed_columns(["Numéro FFT", "Nom", "Prénom", "Club"], remembered)

    assert columns["licence"] == "Numéro FFT"
    assert columns["club"] == "Club"


def rows_of(text: str):
    table = read_table((HEADER + text).encode())
    return licence_rows(table, guessed_columns(table.headers))


def test_a_row_reads_sex_and_date_as_lists_write_them():
    (row,), refused = rows_of("04 123 45;Dupont;Jean;;2e série;Vermeil;Homme;12/03/1955\n")

    assert refused == []
    assert row.licence == "0412345"
    assert (row.values["sex"], row.values["born_on"].isoformat()) == ("M", "1955-03-12")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (";Dupont;Jean;;;;;", "n° de licence manquant"),
        ("12AB;Dupont;Jean;;;;;", "ne s'écrit qu'avec des chiffres"),
        ("1;;Jean;;;;;", "nom manquant"),
        ("1;Dupont;Jean;;;;X;", "F ou M attendu"),
        ("1;Dupont;Jean;;;;;31/02/1950", "jj/mm/aaaa attendu"),
        ("1;Dupont;Jean;;" + "S" * 31 + ";;;", "Série trop long"),
    ],
)
def test_a_row_is_refused_with_its_line_and_reason(line, reason):
    rows, (refused,) = rows_of(line + "\n")

    assert rows == []
    assert refused.line == 2
    assert reason in refused.reason


def test_a_licence_given_twice_is_refused_the_second_time():
    rows, (refused,) = rows_of("1;Dupont;Jean;;;;;\n1;Dupond;Jean;;;;;\n")

    assert [row.line for row in rows] == [2]
    assert refused.reason == "la licence 1 figure déjà ligne 2."
