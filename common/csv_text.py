"""The text of a CSV file as a spreadsheet saves it, for every import (the players' of a
tournament, the federation's licence list): UTF-8 with or without its BOM, else Excel's
Windows-1252; and the separator its first line uses."""

from django.utils.translation import gettext as _

from common.refusals import Refused


def csv_text(content: bytes) -> str:
    """The file's text, UTF-8 first; a file neither reads is refused in French."""
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return content.decode("cp1252")
    except UnicodeDecodeError as error:
        raise Refused(
            _("Encodage du fichier illisible : enregistrez-le en « CSV UTF-8 »."),
            code="encoding",
        ) from error


def csv_delimiter(text: str) -> str:
    """The separator the first non-blank line uses most: « ; » (French Excel), « , » or a tab."""
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    return max((";", ",", "\t"), key=first_line.count)
