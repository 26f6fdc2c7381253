"""Where everything sits on a printed feuille de marque, in millimetres, and its ruled form.

WeasyPrint's time goes into boxes and lines of text, not characters. A sheet is therefore
drawn as a paper form is printed: the rules, frames and shading are one SVG, and the words
sit on it in a few absolutely placed blocks, each holding a whole column or line (tab stops
across the seats). What all the sheets of a shape share (the ruled form, the headings and
labels, the tournament and the position) is laid out once per document, as pages of layers
that every sheet shows as PDF forms (tournaments.prints.sheets, LAYERS;
tournaments.prints.pdf, Stamp); a pre-filled sheet then lays out only four blocks of its own:
the table number, the code,
the players' names and numbers, and the names again above the signatures. That keeps a
100-table position within 1.3 times 100 bare pages of names (bench/print_bench.py).

The sheet is the FFT paper sheet (docs/scoring.md §The example score sheet): a header, a column
per seat, a row per deal with the taker and the contract, totals + and −, the bilans and
their sum, and a box per player for the signature.
"""

import base64
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.dates import french_date
from tournaments.prints.fonts import fit, width_mm, wrap

WIDTH = 190.0  # A4 less 10 mm margins
HEIGHT = 275.0

HEADER_BOTTOM = 30.0
GRID_TOP = 34.0
HEAD_HEIGHT = 26.0  # places, names and numbers of the players
TOTAL_ROW = 9.0  # total +, total −, bilan
SUM_HEIGHT = 11.0
SIGNATURE_HEIGHT = 44.0
FOOTER_HEIGHT = 12.0
SIGNATURE_GAP = 3.0

# The fixed columns on the left: deal number, taker, contract; the detail takes what is left.
DEAL_NO = (0.0, 11.0)
TAKER = (11.0, 37.0)
CONTRACT = (37.0, 57.0)
SEAT_WIDTH = {3: 26.0, 4: 22.0, 5: 19.0}
# A deal's row takes its share of the room the page has, up to 20 mm: enough for the longest
# words a row can hold (tournaments.prints.sheet_rows) at the 5 or 6 deals a position usually
# has; a position of more deals has lower rows, which hold fewer lines.
ROW_HEIGHT = 20.0

TITLE_BOX = (0.0, 104.0)
POSITION_BOX = (107.0, 129.0)
TABLE_BOX = (132.0, 154.0)
CODE_BOX = (157.0, WIDTH)


@dataclass(frozen=True)
class SheetLayout:
    """The geometry of one shape of sheet (seats, deals, with or without the code)."""

    seats: int
    deals: int
    with_code: bool
    row_height: float
    seat_width: float
    seats_left: float
    background: str  # a data: URI of the ruled form (SVG)
    # Under the club's rules with misères, each player's poignées and misères are printed in
    # their own column, above their marque (tournaments.prints.sheet_rows): no column of their
    # own, which would take from the points and bouts' the room their words need.
    miseres: bool = False

    @property
    def deals_top(self) -> float:
        return GRID_TOP + HEAD_HEIGHT

    @property
    def totals_top(self) -> float:
        return self.deals_top + self.deals * self.row_height

    @property
    def sum_top(self) -> float:
        return self.totals_top + 3 * TOTAL_ROW

    @property
    def signatures_top(self) -> float:
        return self.sum_top + SUM_HEIGHT + 2

    @property
    def signature_height(self) -> float:
        """The signature boxes take the room left above the footer, up to 60 mm."""
        room = HEIGHT - FOOTER_HEIGHT - 4 - self.signatures_top
        return max(SIGNATURE_HEIGHT, min(60.0, room))

    @property
    def signature_pitch(self) -> float:
        return (WIDTH + SIGNATURE_GAP) / self.seats

    @property
    def seat_heads_left(self) -> float:
        return self.seats_left + 1.5

    @property
    def signature_heads_top(self) -> float:
        return self.signatures_top + 1.4

    @property
    def detail_width(self) -> float:
        return self.seats_left - CONTRACT[1]

    @property
    def seat_lefts(self) -> list[float]:
        return [self.seats_left + index * self.seat_width for index in range(self.seats)]

    @property
    def sum_box_left(self) -> float:
        return WIDTH - 62

    @property
    def rows(self) -> list[float]:
        """The top of each deal row."""
        return [self.deals_top + index * self.row_height for index in range(self.deals)]


def _rect(left: float, top: float, right: float, bottom: float) -> str:
    return f"M{left:g} {top:g}H{right:g}V{bottom:g}H{left:g}Z"


def _hline(left: float, right: float, y: float) -> str:
    return f"M{left:g} {y:g}H{right:g}"


def _vline(x: float, top: float, bottom: float) -> str:
    return f"M{x:g} {top:g}V{bottom:g}"


def _ruled_form(layout: SheetLayout) -> str:
    """The sheet's rules as SVG, in millimetres: a shaded path, thin rules, thick rules."""
    grid_bottom = layout.sum_top
    shaded = [
        _rect(0, GRID_TOP, WIDTH, GRID_TOP + 8),
        _rect(DEAL_NO[0], GRID_TOP + 8, DEAL_NO[1], layout.totals_top),
        _rect(0, GRID_TOP + 8, layout.seats_left, GRID_TOP + HEAD_HEIGHT),
        _rect(0, layout.totals_top, layout.seats_left, grid_bottom),
    ]
    thin = []
    for top in layout.rows[1:]:
        thin.append(_hline(0, WIDTH, top))
    for index in (1, 2):
        thin.append(_hline(0, WIDTH, layout.totals_top + index * TOTAL_ROW))
    for x in (DEAL_NO[1], TAKER[1], CONTRACT[1]):
        thin.append(_vline(x, GRID_TOP, layout.totals_top))
    thin.append(_hline(layout.seats_left, WIDTH, GRID_TOP + 8))
    thick = [
        _rect(TITLE_BOX[0], 0, TITLE_BOX[1], HEADER_BOTTOM),
        _rect(POSITION_BOX[0], 0, POSITION_BOX[1], HEADER_BOTTOM),
        _rect(TABLE_BOX[0], 0, TABLE_BOX[1], HEADER_BOTTOM),
        _rect(0, GRID_TOP, WIDTH, grid_bottom),
        _hline(0, WIDTH, layout.deals_top),
        _hline(0, WIDTH, layout.totals_top),
        _hline(0, WIDTH, layout.totals_top + 2 * TOTAL_ROW),
    ]
    if layout.with_code:
        thick.append(_rect(CODE_BOX[0], 0, CODE_BOX[1], HEADER_BOTTOM))
    for x in layout.seat_lefts:
        thick.append(_vline(x, GRID_TOP, grid_bottom))
    # The sum of the bilans: a box to write it in, under the bilans.
    sum_box = _rect(WIDTH - 62, layout.sum_top + 2, WIDTH - 40, layout.sum_top + 9)
    signatures, sign_lines = [], []
    width = layout.signature_pitch - SIGNATURE_GAP
    for index in range(layout.seats):
        left = index * layout.signature_pitch
        top = layout.signatures_top
        signatures.append(_rect(left, top, left + width, top + layout.signature_height))
        # The bilan box, then the signature line.
        signatures.append(_rect(left + 14, top + 12, left + width - 3, top + 19))
        sign_lines.append(_hline(left + 2, left + width - 2, top + 25))
    footer = _hline(0, WIDTH, HEIGHT - FOOTER_HEIGHT)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}mm" height="{HEIGHT:g}mm" '
        f'viewBox="0 0 {WIDTH:g} {HEIGHT:g}">'
        f'<path fill="#e9e9e9" d="{"".join(shaded)}"/>'
        f'<path fill="none" stroke="#000" stroke-width="0.2" d="{"".join(thin)}{footer}"/>'
        f'<path fill="none" stroke="#000" stroke-width="0.45" '
        f'd="{"".join(thick)}{sum_box}{"".join(signatures)}"/>'
        f'<path fill="none" stroke="#000" stroke-width="0.2" stroke-dasharray="1 1" '
        f'd="{"".join(sign_lines)}"/>'
        "</svg>"
    )


@lru_cache(maxsize=64)
def sheet_layout(*, seats: int, deals: int, with_code: bool, miseres: bool = False) -> SheetLayout:
    """The layout of a sheet for ``seats`` players (3 to 5) and ``deals`` rows, under rules
    with misères or without."""
    available = (
        HEIGHT - FOOTER_HEIGHT - 4 - GRID_TOP - HEAD_HEIGHT - 3 * TOTAL_ROW - SUM_HEIGHT - 2
        - SIGNATURE_HEIGHT
    )  # fmt: skip
    seat_width = SEAT_WIDTH.get(seats, SEAT_WIDTH[5])
    layout = SheetLayout(
        seats=seats,
        deals=deals,
        with_code=with_code,
        row_height=round(min(ROW_HEIGHT, available / max(deals, 1)), 2),
        seat_width=seat_width,
        seats_left=WIDTH - seats * seat_width,
        background="",
        miseres=miseres,
    )
    svg = _ruled_form(layout).encode()
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    return SheetLayout(**{**layout.__dict__, "background": uri})


# --- Figures in columns, one block a line across the seats --------------------------------
#
# A column of figures a seat is a block per seat, and WeasyPrint's time goes into blocks and
# lines: a sheet's marques, totals and bilans are therefore one block each, a line across the
# seats with a tab stop a seat. Tab stops align to the left; figures are aligned to the right
# by padding each to the same width, in the block's own font: DejaVu's digits all have the width
# of the figure space (U+2007), and its signs + and − the width of an en space and two
# six-per-em spaces (0.834 em for 0.838), which stands for the sign of a 0 or of an empty cell.

FIGURE_SPACE = "\N{FIGURE SPACE}"
SIGN_SPACE = "\N{EN SPACE}\N{SIX-PER-EM SPACE}\N{SIX-PER-EM SPACE}"
SIGNS = "+\N{MINUS SIGN}"
SIGN_EM = 0.838
DIGIT_EM = {False: 0.636, True: 0.696}  # regular, bold
PT = 25.4 / 72


@dataclass(frozen=True)
class FigureLines:
    """Lines of figures, a tab between seats, each figure padded to ``width`` mm: the block
    starts ``width`` mm (and its padding) left of where the figures end."""

    text: str
    width: float

    def left(self, right_edge: float) -> float:
        return round(right_edge - self.width, 2)


def figure_lines(rows: list[list[str]], *, size_pt: float, bold: bool = False) -> FigureLines:
    """``rows`` of figures as written (« +318 », « −106 », « 0 », « 120 » or empty), aligned
    to the right in columns: one line a row, a tab between columns."""
    cells = [cell for row in rows for cell in row]
    signed = any(cell[:1] in SIGNS for cell in cells)
    digits = max((len(cell.lstrip(SIGNS)) for cell in cells), default=0)

    def padded(cell: str) -> str:
        number = cell.lstrip(SIGNS)
        sign = cell[: len(cell) - len(number)] or (SIGN_SPACE if signed else "")
        return FIGURE_SPACE * (digits - len(number)) + sign + number

    text = "\n".join("\t".join(padded(cell) for cell in row) for row in rows)
    width_em = (SIGN_EM if signed else 0) + digits * DIGIT_EM[bold]
    return FigureLines(text=text, width=width_em * size_pt * PT)


# The hall's name under the table's number (print.css, .s-hall): one line, 7.5 pt, as wide as
# the number's box; a longer name is cut with « … ».
HALL_WIDTH, HALL_SIZE_PT = 22.0, 7.5


def hall_line(name: str) -> str:
    return fit(name, 0.97 * HALL_WIDTH, HALL_SIZE_PT)


# The event's lines in the title's box (print.css, .s-event): the tournament's name in bold,
# its date and venue, its organiser, deals and rules, and in a championship its stage and
# position in bold, 98 mm wide, in the 18.5 mm above the box's foot (the lines 1.4 times their
# size apart, 1.3 with a stage). The block takes the first of these sizes at which the name and
# the stage each fit their line and the other lines, wrapped (each on its own, or all in one
# run), fit the box (a long venue or organiser); past the smallest, each line is cut to one.
EVENT_WIDTH, EVENT_HEIGHT = 98.0, 18.5
EVENT_SIZES = (("", 9.5), ("event-85", 8.5), ("event-75", 7.5))


def event_lines(name: str, lines: list[str], stage: str) -> tuple[str, list[str]]:
    """The class of the size at which the event fits the title's box, and its lines: ``name``
    and ``stage`` (if any) in bold, each on one line, and ``lines`` wrapped between them."""
    width = 0.97 * EVENT_WIDTH  # a margin: WeasyPrint may measure a little wider
    bold = [name, stage] if stage else [name]
    for size_class, size in EVENT_SIZES:
        room = int(EVENT_HEIGHT / (size * (1.3 if stage else 1.4) * PT))
        if not all(width_mm(line, size, bold=True) <= width for line in bold):
            continue
        # Each line as it comes, or all in one run when that takes fewer lines.
        for middle in (lines, [" · ".join(lines)]):
            wrapped = [piece for line in middle for piece in wrap(line, width, size)]
            if len(bold) + len(wrapped) <= room:
                return size_class, [name, *wrapped, stage] if stage else [name, *wrapped]
    size_class, size = EVENT_SIZES[-1]
    cut = [fit(line, width, size) for line in lines]
    bold = [fit(line, width, size, bold=True) for line in bold]
    return size_class, [bold[0], *cut, *bold[1:]]


def sheet_event(tournament, number: int, stage: str) -> tuple[str, str, str]:
    """The event in the title's box of position ``number``'s sheets: the class of its size, its
    lines (the name first, in bold), and in a championship the ``stage``'s line, in bold."""
    deals = ngettext(
        "%(count)s donne par position",
        "%(count)s donnes par position",
        tournament.deals_per_position,
    ) % {"count": tournament.deals_per_position}
    lines = [
        tournament.name,
        " · ".join(filter(None, [french_date(tournament.date, "l j F Y"), tournament.venue])),
        " · ".join(filter(None, [tournament.organiser, deals, tournament.rules_label])),
    ]
    if stage:
        stage = _("%(stage)s · position %(number)s") % {"stage": stage, "number": number}
    size_class, lines = event_lines(lines[0], lines[1:], stage)
    stage_line = lines.pop() if stage else ""
    return size_class, "\n".join(lines), stage_line
