"""A CSV file of players as the import reads it (``services.imports``): its text, whatever
the spreadsheet saved it as, its separator guessed, its column names optional, and every file
it cannot read refused in French."""

import csv
import io

from django.utils.translation import gettext as _

from common.csv_text import csv_delimiter, csv_text
from common.refusals import Refused

# A CSV import registers at most this many players: a tournament is a few hundred at most, and
# a bigger file is a mistake that must be refused quickly, not written for half a minute.
CSV_MAX_ROWS = 1000


CSV_COLUMNS = ("last_name", "first_name", "licence", "club", "team")


CSV_HEADERS = {
    "nom": "last_name",
    "nom de famille": "last_name",
    "prénom": "first_name",
    "prenom": "first_name",
    "licence": "licence",
    "licence fft": "licence",
    "n° de licence": "licence",
    "n° licence": "licence",
    "n° de licence fft": "licence",
    "numéro de licence": "licence",
    "numéro de licence fft": "licence",
    "club": "club",
    "équipe": "team",
    "equipe": "team",
}


def decode_csv(content: bytes) -> str:
    """The text of a CSV file: UTF-8 (with or without BOM), or Excel's Windows-1252."""
    if b"\x00" in content:
        raise Refused(
            _("Le fichier n'est pas un CSV texte (UTF-16 ?) : enregistrez-le en « CSV UTF-8 »."),
            code="encoding",
        )
    return csv_text(content)


def csv_rows(text: str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The column names and the numbered non-blank rows of a CSV text, separator guessed."""
    if not text.strip():
        raise Refused(_("Le fichier est vide."), code="empty")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=csv_delimiter(text))
    rows = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((reader.line_num, row))
                # One row past the limit is enough to refuse the file; the rest is not read.
                if len(rows) > CSV_MAX_ROWS + 1:
                    break
    except csv.Error as error:
        raise _unreadable(error, line=reader.line_num) from error
    if not rows:
        # Separators and quotes only: what an empty spreadsheet exports.
        raise Refused(_("Le fichier ne contient aucun joueur."), code="empty")
    header = [" ".join(cell.split()).casefold() for cell in rows[0][1]]
    if any(CSV_HEADERS.get(cell) == "last_name" for cell in header):
        unknown = [cell for cell in header if cell and cell not in CSV_HEADERS]
        if unknown:
            raise Refused(
                _("Colonne inconnue : « %(column)s ». Colonnes attendues : %(expected)s.")
                % {"column": unknown[0], "expected": "nom, prénom, licence, club, équipe"},
                code="columns",
            )
        return [CSV_HEADERS.get(cell, "") for cell in header], rows[1:]
    return list(CSV_COLUMNS), rows


def _unreadable(error: csv.Error, *, line: int) -> Refused:
    """Why Python's CSV reader stopped, in French (its own messages are English): a field
    longer than it reads, or a file that is no CSV text."""
    if "field larger than field limit" in str(error):
        message = _(
            "Ligne %(line)s : plus de %(limit)s caractères dans une seule colonne. "
            "Ce n'est pas une liste de joueurs : vérifiez le fichier."
        ) % {"line": line, "limit": f"{csv.field_size_limit():,}".replace(",", "\u202f")}
    else:
        message = _(
            "Ligne %(line)s : le fichier n'est pas un CSV lisible. Enregistrez-le de nouveau "
            "depuis le tableur, au format « CSV UTF-8 »."
        ) % {"line": line}
    return Refused(message, code="unreadable")
