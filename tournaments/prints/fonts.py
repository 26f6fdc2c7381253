"""How wide words print in the DejaVu fonts the PDFs are drawn with (tournaments.prints.pdf).

A block of words laid out as one run of text, in one style, is what keeps WeasyPrint fast; such
a block cannot wrap a column or shrink a name of its own, so the prints measure the words they
place, here, with Pillow (which WeasyPrint itself needs) reading the same font files.
"""

import re
from functools import cache

from PIL import ImageFont

PT = 25.4 / 72  # a point, in mm
ELLIPSIS = "…"
# Where a word may break as WeasyPrint breaks it: after a hyphen between letters
# (« SAINT-|GERMAIN »), not in a number's sign.
HYPHEN_BREAK = re.compile(r"(?<=\w-)(?=\w)")


@cache
def _font(bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", 1000)


def width_mm(text: str, size_pt: float, *, bold: bool = False) -> float:
    """The width of ``text`` at ``size_pt`` in DejaVu Sans (Bold), in mm."""
    return _font(bold).getlength(text) / 1000 * size_pt * PT


def wrap(text: str, width: float, size_pt: float) -> list[str]:
    """``text`` in lines of at most ``width`` mm at ``size_pt``, broken between words and after
    a word's hyphens as WeasyPrint breaks them; only a piece wider than a line is cut."""
    lines: list[str] = []
    for word in text.split():
        for index, piece in enumerate(HYPHEN_BREAK.split(word)):
            # A word's first piece follows a space; the next ones follow their hyphen.
            longer = lines[-1] + ("" if index else " ") + piece if lines else piece
            if lines and width_mm(longer, size_pt) <= width:
                lines[-1] = longer
            else:
                lines.append(fit(piece, width, size_pt))
    return lines


def fit(text: str, width: float, size_pt: float, *, bold: bool = False) -> str:
    """``text``, cut with « … » when it is wider than ``width`` mm at ``size_pt``."""
    if width_mm(text, size_pt, bold=bold) <= width:
        return text
    while text and width_mm(text + ELLIPSIS, size_pt, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
