"""QR codes: the one-time link (on the room's screen), the sheets' code page and the player
cards (segno)."""

import segno

# Every mask makes a valid QR code, read alike by phones; segno tries all eight by default to
# keep the one with the fewest confusing patterns, which costs four times the code itself: a
# 100-table position would spend a quarter of its print time on it. One mask is chosen here.
QR_MASK = 4


def make_qr(url: str) -> segno.QRCode:
    return segno.make_qr(url, error="m", mask=QR_MASK)


def qr_svg(url: str | segno.QRCode, *, screen: bool = False) -> str:
    """A QR code for ``url`` as inline SVG markup (segno). Printed, without a border, sized
    and spaced by the print stylesheet; on a screen, with its quiet zone on a white ground, so
    that a phone reads it off a dark page too."""
    code = make_qr(url) if isinstance(url, str) else url
    if screen:
        return code.svg_inline(scale=5, light="#fff", omitsize=True)
    return code.svg_inline(border=0, omitsize=True, dark="#000")


def qr_drawing(code: segno.QRCode) -> bytes:
    """The dark modules of ``code`` as PDF rectangles, a module a unit, the y axis up: what
    segno's SVG path draws, as a stamp (tournaments.prints.pdf) writes it."""
    size = len(code.matrix)
    rectangles = []
    for row, modules in enumerate(code.matrix):
        y = size - 1 - row
        start = None
        for x, dark in enumerate((*modules, 0)):
            if dark and start is None:
                start = x
            elif not dark and start is not None:
                rectangles.append(f"{start} {y} {x - start} 1 re")
                start = None
    return ("0 g " + " ".join(rectangles) + " f").encode()
