"""The CSV exports' tables as Excel workbooks (.xlsx), for those who open them in Excel.

A CSV leaves each cell's type to the spreadsheet, which guesses: Excel reads the licence
« 0412361 » as the number 412361 and drops its zero. Here each cell carries its type: the
licence is text, ranks, bilans and totals are numbers (half points too), and the header row
stays in view when scrolling. The tables are the CSV's own (``tournaments.exports``), so both
files always say the same. A text cell starting with « = » is stored as text, never as a
formula (OWASP « CSV injection »).
"""

import io
from decimal import Decimal

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tournaments import exports
from tournaments.models import Tournament
from tournaments.selectors.ranking import Ranking

WIDEST_COLUMN = 40
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def ranking_xlsx(ranking: Ranking) -> bytes:
    return xlsx_bytes(*exports.ranking_table(ranking), title=_("Classement"))


def teams_xlsx(ranking: Ranking) -> bytes:
    return xlsx_bytes(*exports.teams_table(ranking), title=_("Équipes"))


def deals_xlsx(tournament: Tournament) -> bytes:
    return xlsx_bytes(*exports.deals_table(tournament), title=_("Donnes"))


def xlsx_bytes(header: list[str], rows: list[list], *, title: str) -> bytes:
    """One sheet: the header in bold, frozen, and a row per line with its cells typed."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title[:31]  # Excel's limit for a sheet's name
    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    # A column a spreadsheet would read as numbers but that is text: the licence keeps its 0.
    text_columns = {index for index, name in enumerate(header, start=1) if name == _("Licence")}
    widths = [len(str(name)) for name in header]
    for values in rows:
        sheet.append([_value(value) for value in values])
        for index, value in enumerate(values):
            widths[index] = max(widths[index], len(str(value)))
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            if cell.column in text_columns:
                cell.number_format = "@"
            if isinstance(cell.value, str) and cell.data_type != "s":
                # openpyxl takes a text starting with « = » for a formula: it stays text.
                cell.data_type = "s"
                cell.quotePrefix = True
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = min(width + 2, WIDEST_COLUMN)
    sheet.freeze_panes = "A2"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _value(value):
    """A cell as Excel stores it: empty for nothing, numbers as numbers, the rest as text."""
    if value is None or value == "":
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value
