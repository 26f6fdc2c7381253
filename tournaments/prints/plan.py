"""A position's seating plan for the wall: table by table, and every player by name."""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.names import name_key
from tournaments.championship import Hall, in_hall, stage_name
from tournaments.choices import PLACES_BY_TABLE_SIZE
from tournaments.models import Position, Seat, Table, Tournament
from tournaments.prints.fonts import width_mm, wrap
from tournaments.selectors.sheets import in_place_order


@dataclass(frozen=True)
class PlanTable:
    table: Table
    seats: list[Seat]


@dataclass(frozen=True)
class PlanEntry:
    """A line of the plan by name: the letter it is filed under, and the player's seat."""

    letter: str
    seat: Seat

    @property
    def name(self) -> str:
        player = self.seat.registration.player
        number = self.seat.registration.number
        return f"{player.last_name.upper()} {player.first_name} n°\N{NO-BREAK SPACE}{number}"

    @property
    def where(self) -> str:
        return _("table %(number)s · %(place)s") % {
            "number": self.seat.table.number,
            "place": self.seat.get_place_display(),
        }

    @property
    def line(self) -> str:
        """The name, then where to sit after a tab, in the column of the seats. A name too long
        for that is broken into lines of the column's width (at a space or a hyphen, never
        cut), and where to sit follows its last line when it ends clear of the seats' column,
        or goes alone under it, in that column: never into it after a space."""
        return "\n".join(_entry_lines(self))


@dataclass(frozen=True)
class PrintedPlan:
    """A position's seating for the wall: table by table, and every player by name."""

    tournament: Tournament
    position: Position
    tables: list[PlanTable]
    by_player: list[PlanEntry]
    hall: Hall | None = None
    stage: str = ""  # the stage of the position, in a tournament with stages

    @property
    def list_pages(self) -> "list[ListPage]":
        return list_pages(self.by_player)

    @property
    def row_groups(self) -> list[list[list[PlanTable | None]]]:
        """The tables three to a row (None for the empty cells that complete the last), in
        groups of rows: the last two rows a group of their own, which print.css keeps on one
        page, so that a last row never stands alone on a page (« Table 32 » by itself)."""
        cells: list[PlanTable | None] = [*self.tables, *[None] * (-len(self.tables) % 3)]
        rows = [cells[start : start + 3] for start in range(0, len(cells), 3)]
        return [rows[:-2], rows[-2:]] if len(rows) > 2 else [rows]


def printed_plan(position: Position, hall: Hall | None = None) -> PrintedPlan:
    """The seating plan of a seated position (one hall's, when given); players in French
    alphabetical order."""
    seats = Prefetch(
        "seats", queryset=Seat.objects.select_related("registration__player", "registration__team")
    )
    tables = []
    for table in position.tables.filter(in_hall(hall)).prefetch_related(seats).order_by("number"):
        table_seats = in_place_order(table.seats.all())
        tables.append(PlanTable(table=table, seats=table_seats))
    by_name = sorted(
        (seat for plan_table in tables for seat in plan_table.seats),
        key=lambda seat: name_key(seat.registration.player),
    )
    by_player = [
        PlanEntry(letter=name_key(seat.registration.player)[0][:1].upper(), seat=seat)
        for seat in by_name
    ]
    return PrintedPlan(
        tournament=position.tournament,
        position=position,
        tables=tables,
        by_player=by_player,
        hall=hall,
        stage=stage_name(position),
    )


# --- The list by player, in two columns a page ---------------------------------------------
#
# WeasyPrint lays CSS columns out at least twice a page, and balances the last page's by laying
# them out again and again: the list is cut into pages and columns here instead, each page one
# table row of two cells. The heights below are the ones print.css gives (.player-list); a
# line's width is measured with the DejaVu font the PDF is drawn with (Pillow, which
# WeasyPrint itself needs), and a line that might not fit is counted as wrapped, so that a
# column is never taller than its page (it would then only end a little higher). An entry is
# one run of text, in one style: a span of another style would be one more box to lay out.

PAGE_HEIGHT = 275.0  # A4 less the page's margins, in mm
LIST_HEAD_HEIGHT = 26.0  # the list's heading block, on its first page, with room to spare
LIST_MARGIN = 6.0  # room left at the foot of every column
COLUMN_WIDTH = 90.0  # (190 mm less 8 mm between the columns) / 2, less the rule
ENTRY_LINE = 4.6  # .player-list p: line-height
ENTRY_EXTRA = 1.2  # its padding and its rule
LETTER_HEIGHT = 8.6  # .player-list h3: margins, line, rule
ENTRY_SIZE = 10.5  # pt
# Where to sit starts at a tab stop (.player-list p: tab-size, 197 px), in mm from the column's
# left edge; a whole number of CSS pixels, as WeasyPrint rounds a tab stop down to one.
WHERE_TAB = "\t"
WHERE_LEFT = 197 * 25.4 / 96
# The room kept between a name and the column of the seats: WeasyPrint may measure a name a
# little wider than Pillow does, and « FOURNIER Nathalie n° 116 » then touched « table 20 ».
WHERE_GAP = 3.0


@dataclass(frozen=True)
class ListPage:
    """One page of the list by player: two columns of items, each a letter or an entry."""

    columns: tuple[list[tuple[str, PlanEntry | None]], ...]


def _where_fits(entry: PlanEntry) -> bool:
    """Whether the entry's name ends clear of the column of the seats, and its seat fits after."""
    return (
        width_mm(entry.name, ENTRY_SIZE) < WHERE_LEFT - WHERE_GAP
        and WHERE_LEFT + width_mm(entry.where, ENTRY_SIZE) <= 0.95 * COLUMN_WIDTH
    )


def _entry_lines(entry: PlanEntry) -> list[str]:
    """The lines ``entry`` prints on (``PlanEntry.line``)."""
    if _where_fits(entry):
        return [f"{entry.name}{WHERE_TAB}{entry.where}"]
    # The number held to its « n° » (a no-break space, which ``wrap`` would break at: a word
    # joiner in its place while wrapping, measured a space narrower, hence the 3 mm).
    joined = entry.name.replace("\N{NO-BREAK SPACE}", "\N{WORD JOINER}")
    names = [
        line.replace("\N{WORD JOINER}", "\N{NO-BREAK SPACE}")
        for line in wrap(joined, 0.95 * COLUMN_WIDTH - 3, ENTRY_SIZE)
    ]
    if width_mm(names[-1], ENTRY_SIZE) < WHERE_LEFT - WHERE_GAP:
        return [*names[:-1], f"{names[-1]}{WHERE_TAB}{entry.where}"]
    return [*names, f"{WHERE_TAB}{entry.where}"]


def entry_lines(entry: PlanEntry) -> int:
    """How many lines ``entry`` takes in its column: its own line breaks."""
    return len(_entry_lines(entry))


def list_pages(entries: list[PlanEntry]) -> list[ListPage]:
    """``entries`` cut into pages of two columns, filled one after the other; every column
    starts with its letter, even when it goes on from the column before."""
    pages: list[ListPage] = []
    columns: list[list[tuple[str, PlanEntry | None]]] = []
    column: list[tuple[str, PlanEntry | None]] = []
    room = 0.0
    for entry in entries:
        height = ENTRY_LINE * entry_lines(entry) + ENTRY_EXTRA
        new_letter = not column or column[-1][0] != entry.letter
        if not column or room < height + (LETTER_HEIGHT if new_letter else 0):
            if column:
                columns.append(column)
            if len(columns) == 2:
                pages.append(ListPage(columns=tuple(columns)))
                columns = []
            room = PAGE_HEIGHT - LIST_MARGIN - (0 if pages else LIST_HEAD_HEIGHT)
            column, new_letter = [], True
        if new_letter:
            column.append((entry.letter, None))
            room -= LETTER_HEIGHT
        column.append((entry.letter, entry))
        room -= height
    if column:
        columns.append(column)
    if columns:
        pages.append(ListPage(columns=tuple(columns + [[]] * (2 - len(columns)))))
    return pages


# --- Player cards ------------------------------------------------------------------------


def table_sizes_label(plan: PrintedPlan) -> str:
    """« 6 tables de 4, 1 table de 3 »: what the arbitre checks before pinning the plan."""
    counts = {}
    for plan_table in plan.tables:
        counts[len(plan_table.seats)] = counts.get(len(plan_table.seats), 0) + 1
    parts = [
        ngettext("%(count)s table de %(size)s", "%(count)s tables de %(size)s", count)
        % {"count": count, "size": size}
        for size, count in sorted(counts.items(), key=lambda item: -item[0])
        if size in PLACES_BY_TABLE_SIZE
    ]
    return ", ".join(parts)
