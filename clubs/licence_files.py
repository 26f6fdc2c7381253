"""The federation's licence list as a file (CSV or Excel .xlsx), read into rows of text, and
which of its columns holds what (docs, « La liste des licences »).

Whatever the file, it is read whole into a ``LicenceTable`` or refused with a French reason:
too big, empty, not a CSV text (UTF-16, a binary), an encoding no spreadsheet writes, an
Excel file that will not open. Every cell comes out as text, in Unicode's composed form
(« é » one character, as typed on a keyboard), spaces trimmed.
"""

import csv
import datetime
import io
import unicodedata
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Player
from common.csv_text import csv_delimiter, csv_text
from common.names import fold
from common.refusals import Refused

# The whole federation's list is some 20,000 licences, a few megabytes; past these the file is
# a mistake, refused before it is read.
MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = 100_000

# The player's fields a list may give, in the order the mapping form shows them.
FIELDS = {
    "licence": gettext_lazy("N° de licence"),
    "last_name": gettext_lazy("Nom"),
    "first_name": gettext_lazy("Prénom"),
    "club": gettext_lazy("Club"),
    "serie": gettext_lazy("Série"),
    "categorie": gettext_lazy("Catégorie"),
    "sex": gettext_lazy("Sexe"),
    "born_on": gettext_lazy("Date de naissance"),
}
REQUIRED = ("licence", "last_name", "first_name")

# Column names as lists write them, folded (accents and case aside), for a first guess.
_KNOWN_HEADERS = {
    "licence": (
        "licence",
        "n° licence",
        "n° de licence",
        "numero de licence",
        "no licence",
        "num licence",
        "licence fft",
        "n° licence fft",
        "numero licence",
    ),
    "last_name": ("nom", "nom de famille", "nom joueur"),
    "first_name": ("prenom", "prenom joueur"),
    "club": ("club", "nom du club", "club fft"),
    "serie": ("serie", "série fft", "serie fft"),
    "categorie": ("categorie", "cat", "categorie d'age", "categorie age"),
    "sex": ("sexe", "genre", "s"),
    "born_on": ("date de naissance", "naissance", "ne le", "nee le", "date naissance"),
}


@dataclass(frozen=True)
class LicenceTable:
    """The file's column names (its first row) and its other rows, each with its line."""

    headers: list[str]
    rows: list[tuple[int, list[str]]]


def read_table(content: bytes) -> LicenceTable:
    """The rows of a licence list, CSV (UTF-8 or Excel's Windows-1252, separator guessed) or
    Excel .xlsx (its first sheet); Refused when the file cannot be read as one."""
    if len(content) > MAX_BYTES:
        raise Refused(
            _("Le fichier dépasse %(size)s Mo : ce n'est pas une liste de licences.")
            % {"size": MAX_BYTES // (1024 * 1024)},
            code="too_big",
        )
    if not content.strip():
        raise Refused(_("Le fichier est vide."), code="empty")
    rows = _xlsx_rows(content) if content.startswith(b"PK\x03\x04") else _csv_rows(content)
    cleaned = []
    for line, cells in rows:
        cells = [_cell(cell) for cell in cells]
        if any(cells):
            cleaned.append((line, cells))
        if len(cleaned) > MAX_ROWS + 1:
            raise Refused(
                _("Le fichier compte plus de %(max)s lignes : ce n'est pas une liste de licences.")
                % {"max": f"{MAX_ROWS:,}".replace(",", "\u202f")},
                code="too_many",
            )
    if len(cleaned) < 2:
        raise Refused(
            _(
                "Le fichier ne contient aucune licence : la première ligne nomme les colonnes, "
                "une ligne par licence ensuite."
            ),
            code="empty",
        )
    return LicenceTable(headers=cleaned[0][1], rows=cleaned[1:])


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = unicodedata.normalize("NFC", str(value))
    # Control characters (a NUL, a stray tab) are no part of a name or a licence.
    return "".join(c for c in text if unicodedata.category(c) != "Cc").strip()


def _csv_rows(content: bytes):
    if b"\x00" in content:
        raise Refused(
            _(
                "Le fichier n'est ni un CSV texte ni un classeur Excel (.xlsx) : enregistrez-le "
                "en « CSV UTF-8 » ou en « Classeur Excel »."
            ),
            code="encoding",
        )
    text = csv_text(content)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=csv_delimiter(text))
    rows = []
    try:
        for cells in reader:
            rows.append((reader.line_num, cells))
            if len(rows) > MAX_ROWS + 1:
                break
    except csv.Error as error:
        raise Refused(
            _(
                "Ligne %(line)s : le fichier n'est pas un CSV lisible. Enregistrez-le de nouveau "
                "depuis le tableur, au format « CSV UTF-8 »."
            )
            % {"line": reader.line_num},
            code="unreadable",
        ) from error
    return rows


def _xlsx_rows(content: bytes):
    # Imported here: openpyxl takes a while to load, and most imports are CSV.
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        rows = []
        for line, cells in enumerate(sheet.iter_rows(values_only=True), start=1):
            rows.append((line, list(cells)))
            if len(rows) > MAX_ROWS + 1:
                break
        book.close()
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, IndexError, TypeError) as error:
        raise Refused(
            _(
                "Le classeur Excel est illisible : ouvrez-le et enregistrez-le de nouveau en "
                "« Classeur Excel (.xlsx) » ou en « CSV UTF-8 »."
            ),
            code="unreadable",
        ) from error
    return rows


def guessed_columns(headers: list[str], remembered: dict[str, str] | None = None) -> dict:
    """Which column holds each field: as remembered from the last import where the file still
    has that column, else guessed from the column's name; a field no column holds is left
    out."""
    folded = {fold(" ".join(header.split())): header for header in headers if header}
    columns = {}
    for field in FIELDS:
        kept = (remembered or {}).get(field)
        if kept and kept in headers:
            columns[field] = kept
            continue
        for name in _KNOWN_HEADERS[field]:
            if fold(name) in folded:
                columns[field] = folded[fold(name)]
                break
    return columns


def missing_columns(columns: dict[str, str]) -> list[str]:
    """The required fields (licence, nom, prénom) that no column holds, in words."""
    return [str(FIELDS[field]) for field in REQUIRED if not columns.get(field)]


@dataclass(frozen=True)
class LicenceRow:
    """One licence of the list, as the directory would keep it: ``values`` holds the fields
    the list has a column for (the others are left as the directory has them)."""

    line: int
    licence: str
    values: dict  # field → value (text; a date for born_on, or None)


@dataclass(frozen=True)
class RefusedLine:
    line: int
    reason: str


_SEXES = {
    "f": "F",
    "femme": "F",
    "feminin": "F",
    "d": "F",
    "dame": "F",
    "m": "M",
    "h": "M",
    "homme": "M",
    "masculin": "M",
    "monsieur": "M",
}
# What the directory holds of each text (``clubs.models.Player``'s own lengths).
_MAX_LENGTHS = {
    name: Player._meta.get_field(name).max_length
    for name in ("licence", "last_name", "first_name", "club", "serie", "categorie")
}


def licence_rows(
    table: LicenceTable, columns: dict[str, str]
) -> tuple[list[LicenceRow], list[RefusedLine]]:
    """Each row of ``table`` as a licence, by ``columns``, or refused with its line and the
    reason in words: no licence, a licence of letters, a name missing or too long, a sex or a
    date the list writes otherwise, a licence the file already gave."""
    index = {
        field: table.headers.index(header)
        for field, header in columns.items()
        if header in table.headers
    }
    rows, refused, seen = [], [], {}
    for line, cells in table.rows:
        values = {field: (cells[at] if at < len(cells) else "") for field, at in index.items()}
        try:
            row = _licence_row(line, values)
        except Refused as refusal:
            refused.append(RefusedLine(line=line, reason=refusal.message))
            continue
        if row.licence in seen:
            refused.append(
                RefusedLine(
                    line=line,
                    reason=_("la licence %(licence)s figure déjà ligne %(other)s.")
                    % {"licence": row.licence, "other": seen[row.licence]},
                )
            )
            continue
        seen[row.licence] = line
        rows.append(row)
    return rows, refused


def _licence_row(line: int, values: dict[str, str]) -> LicenceRow:
    licence = values["licence"].replace(" ", "").replace("\u00a0", "")
    if not licence:
        raise Refused(_("n° de licence manquant."))
    if not (licence.isascii() and licence.isdigit()):
        raise Refused(
            _("licence « %(licence)s » : une licence FFT ne s'écrit qu'avec des chiffres.")
            % {"licence": licence[:20]}
        )
    if not values["last_name"]:
        raise Refused(_("nom manquant."))
    if not values["first_name"]:
        raise Refused(_("prénom manquant."))
    values = {**values, "licence": licence}
    for field, longest in _MAX_LENGTHS.items():
        if field in values and len(values[field]) > longest:
            raise Refused(
                _("%(field)s trop long (%(max)s caractères au plus).")
                % {"field": FIELDS[field], "max": longest}
            )
    if "sex" in values:
        values["sex"] = _sex(values["sex"])
    if "born_on" in values:
        values["born_on"] = _date(values["born_on"])
    return LicenceRow(
        line=line, licence=licence, values={k: v for k, v in values.items() if k != "licence"}
    )


def _sex(text: str) -> str:
    if not text:
        return ""
    sex = _SEXES.get(fold(text).strip(". "))
    if sex is None:
        raise Refused(_("sexe « %(sex)s » : F ou M attendu.") % {"sex": text[:20]})
    return sex


def _date(text: str) -> datetime.date | None:
    if not text:
        return None
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y", "%d/%m/%y"):
        try:
            born = datetime.datetime.strptime(text[:10], pattern).date()
        except ValueError:
            continue
        if born.year < 1900 or born > datetime.date.today():
            break
        return born
    raise Refused(
        _("date de naissance « %(date)s » illisible : jj/mm/aaaa attendu.") % {"date": text[:20]}
    )
