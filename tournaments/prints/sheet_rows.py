"""A deal's row of a printed feuille de marque, each of its blocks held in the row's height.

A row's blocks (print.css, .s-deal, .s-detail and .s-shown) are absolutely placed and as
high as the row: what they cannot hold would print under the next row. Their lines are
therefore broken here, measured in the fonts the PDF is drawn with (tournaments.prints.fonts),
and a row holding more than its height ends its last kept line with « … ».

Under the club's rules with misères, a player's poignée and misères are printed in their own
column, above their marque (.s-shown), one a line: the room there is what the row's height
leaves above the marque's figures, which stand in the middle of the row (.s-marques).
"""

from dataclasses import dataclass
from typing import Any

from scoring.values import PRIME_NAMES
from tournaments.deal_words import capitalised
from tournaments.prints.fonts import ELLIPSIS, PT, fit, width_mm, wrap
from tournaments.prints.layout import SheetLayout

# The taker's and the contract's columns (tournaments.prints.layout, TAKER and CONTRACT) less
# their padding, the contract's starting at the block's tab stop (print.css, .s-deal: 98 px).
CELL_SIZE_PT = 8.5
TAKER_TEXT_WIDTH = 23.0
CONTRACT_TEXT_WIDTH = 17.0

SMALL_SIZE_PT = 7.0  # the primes (print.css, .s-detail)
SIGN_SIZE_PT = 8.0  # under the signature line (print.css, .s-sign-lines)
CELL_PADDING = 2.4  # a cell's padding, top and bottom (print.css, .s-cell)
LINE_HEIGHT = 1.25  # of every cell (print.css, .s-cell)

# A poignée or misère in its player's column (print.css, .s-shown): its padding, and its size,
# the smaller one where the narrow column of a table of 5 cannot hold « Poignée double » in the
# larger.
SHOWN_PADDING = 1.0
SHOWN_SIZES_PT = (6.5, 6.0)
SHOWN_WORDS = [capitalised(word) for word in PRIME_NAMES.values()]
# The marque's figures (print.css, .s-marques: 11 pt, one line as high as the row) rise this
# far above the row's middle: the line's text (DejaVu Sans' ascent and descent, 0.928 and
# 0.236 em) is centred in the row, and the figures, 0.729 em high, stand on its baseline.
MARQUE_SIZE_PT = 11.0
MARQUE_FIGURES_ABOVE_MIDDLE = (0.729 - (0.928 - 0.236) / 2) * MARQUE_SIZE_PT * PT
SHOWN_GAP = 0.3  # between the last line of a poignée or misère and the marque's figures


@dataclass(frozen=True)
class PrintedRow:
    """A deal's row as its blocks print it: every column's lines held in the row's height."""

    deal: Any  # tournaments.prints.sheets.PrintedDeal, which imports this module
    detail_class: str
    taker_and_contract: str
    detail: str
    # Each poignée and misère block: where its column starts (mm), and its lines.
    shown: tuple[tuple[float, str], ...] = ()


def shown_size_pt(layout: SheetLayout) -> float:
    """The size of the poignées and misères in the players' columns of ``layout``: the larger
    one when its columns hold every such word on one line."""
    room = shown_width(layout)
    for size in SHOWN_SIZES_PT:
        if all(width_mm(word, size) <= room for word in SHOWN_WORDS):
            return size
    return SHOWN_SIZES_PT[-1]


def shown_width(layout: SheetLayout) -> float:
    return 0.97 * (layout.seat_width - 2 * SHOWN_PADDING)  # its padding, and a margin


def shown_height(layout: SheetLayout) -> float:
    """The room above the marque's figures, under the block's padding."""
    middle = layout.row_height / 2
    return middle - MARQUE_FIGURES_ABOVE_MIDDLE - SHOWN_GAP - SHOWN_PADDING


def printed_rows(deals: list, layout: SheetLayout) -> list[PrintedRow]:
    """Each of ``deals`` (PrintedDeal) as its row prints it, each block cut to its lines.

    The detail takes the small size whole (« s-small ») when its points and bouts would not
    hold on their line at the cells' size (the narrow column of the club's rules), rather than
    its first line in one size and the rest of it in another (print.css, .s-detail)."""
    height = layout.row_height - CELL_PADDING
    room = 0.97 * (layout.detail_width - 3)  # its padding, and a margin
    lines = column_lines(height)
    shown_size = shown_size_pt(layout)
    shown_room, shown_high = shown_width(layout), shown_height(layout)
    rows = []
    for deal in deals:
        small = width_mm(deal.result, CELL_SIZE_PT) > room
        first = SMALL_SIZE_PT if small else CELL_SIZE_PT
        detail = wrap(deal.result, room, first) + wrap(deal.primes, room, SMALL_SIZE_PT)
        shown = tuple(
            (left, held(words, shown_high, shown_room, shown_size))
            for left, words in zip(layout.seat_lefts, deal.shown, strict=False)
            if words
        )
        rows.append(
            PrintedRow(
                deal=deal,
                detail_class="s-small" if small else "",
                taker_and_contract=held_columns(deal.taker_and_contract_in(lines), height),
                detail=held(detail, height, room, SMALL_SIZE_PT, first_pt=first),
                shown=shown,
            )
        )
    return rows


def column_lines(height: float) -> int:
    """How many lines the taker's and the contract's columns hold in ``height`` mm."""
    return max(1, int((height + 0.01) // (LINE_HEIGHT * CELL_SIZE_PT * PT)))


def held(
    lines: list[str], height: float, width: float, size_pt: float, *, first_pt: float = 0
) -> str:
    """As many of ``lines`` as ``height`` mm holds (the first at ``first_pt``, the others at
    ``size_pt``), the last one kept ending with « … » when some did not fit."""
    first_pt = first_pt or size_pt
    kept: list[str] = []
    used = 0.0
    for index, line in enumerate(lines):
        used += LINE_HEIGHT * (first_pt if index == 0 else size_pt) * PT
        if used > height + 0.01 and kept:
            last = len(kept) - 1
            kept[last] = fit(kept[last] + ELLIPSIS, width, first_pt if last == 0 else size_pt)
            break
        kept.append(line)
    return "\n".join(kept)


def held_columns(text: str, height: float) -> str:
    """The taker's and the contract's columns (PrintedDeal.taker_and_contract), on as many
    lines as ``height`` mm holds, the taker's last one kept ending with « … » when cut."""
    lines = text.split("\n")
    room = column_lines(height)
    if len(lines) <= room:
        return text
    kept = lines[:room]
    taker, tab, contract = kept[-1].partition("\t")
    kept[-1] = fit(taker + ELLIPSIS, TAKER_TEXT_WIDTH, CELL_SIZE_PT) + tab + contract
    return "\n".join(kept)
