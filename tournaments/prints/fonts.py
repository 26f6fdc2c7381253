"""How wide words print in the DejaVu fonts the PDFs are drawn with (tournaments.prints.pdf).

A block of words laid out as one run of text, in one style, is what keeps WeasyPrint fast; such
a block cannot wrap a column or shrink a name of its own, so the prints measure the words they
place, here, with Pillow (which WeasyPrint itself needs) reading the same font files.
"""

from functools import cache

from PIL import ImageFont

PT = 25.4 / 72  # a point, in mm
ELLIPSIS = "…"


@cache
def _font(bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", 1000)


def width_mm(text: str, size_pt: float, *, bold: bool = False) -> float:
    """The width of ``text`` at ``size_pt`` in DejaVu Sans (Bold), in mm."""
    return _font(bold).getlength(text) / 1000 * size_pt * PT


def wrap(text: str, width: float, size_pt: float) -> list[str]:
    """``text`` in lines of at most ``width`` mm at ``size_pt``, broken between words as
    WeasyPrint breaks them; a word wider than a line is cut."""
    lines: list[str] = []
    for word in text.split():
        longer = f"{lines[-1]} {word}" if lines else word
        if lines and width_mm(longer, size_pt) <= width:
            lines[-1] = longer
        else:
            lines.append(fit(word, width, size_pt))
    return lines


def fit(text: str, width: float, size_pt: float, *, bold: bool = False) -> str:
    """``text``, cut with « … » when it is wider than ``width`` mm at ``size_pt``."""
    if width_mm(text, size_pt, bold=bold) <= width:
        return text
    while text and width_mm(text + ELLIPSIS, size_pt, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
