"""The ranking as printed, individual and by team, for the wall and the federation.

It prints what the ranking page shows (templates/results/ranking.html): the ranking, and in a
championship each stage's own table, carry-over and penalties of that stage included, so that
every line of a stage adds up (report + positions + pénalités = total). A table is laid out
with fixed column widths measured here with the DejaVu font the PDF is drawn with: the figures'
columns as wide as their widest figure, the rest to the names and clubs; a name wraps under
itself rather than being cut, a club is cut to its one line (« Amicale des Joueurs de… »). A
table too wide for a portrait page (many positions) is printed on landscape pages.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring.values import signed
from tournaments.championship import StageLine, StageRanking
from tournaments.models import Tournament
from tournaments.prints.fonts import fit, width_mm
from tournaments.selectors.ranking import RankedPlayer, Ranking
from tournaments.selectors.standings import current_ranking

PORTRAIT_WIDTH, LANDSCAPE_WIDTH = 190.0, 277.0  # A4 less the page's margins, in mm
SIZE_PT, HEAD_SIZE_PT = 8.5, 7.0  # print.css, table.ranking td and thead th
PADDING = 2.6  # a cell's padding, left and right (print.css, table.ranking td)
# Below these, a club or a phase is cut rather than a name wrapped onto more lines.
CLUB_MIN, PHASE_MIN, NAME_MIN = 24.0, 30.0, 34.0
# Past this, a long name takes two lines rather than the clubs' room (a 40-letter name fits).
NAME_MAX = 62.0
# Under this room left to the names and clubs (seven positions of three figures leave some
# 58 mm), the table goes onto landscape pages.
WORDS_MIN = 55.0


@dataclass(frozen=True)
class Cell:
    """One cell's words, its kind (« num » a figure, « total » one in bold, « name » a player's
    name, which may wrap, « cut » words cut to one line), and a smaller line under them."""

    text: str
    kind: str = ""
    under: str = ""


@dataclass(frozen=True)
class Column:
    head: str
    width: float  # mm
    figure: bool = False


@dataclass
class PrintedTable:
    """One table of the ranking: its heading (none for the ranking without stages), the words
    under it, its columns and its rows; ``landscape`` when it needs a landscape page."""

    title: str
    words: list[str]
    columns: list[Column]
    rows: list[list[Cell]]
    landscape: bool = False
    note: str = ""


# Which columns share the room the figures leave: the names, the clubs, the phases.
_FLEXIBLE = ("name", "club", "phase")


@dataclass
class _Draft:
    """A table being built: each column's head, its kind (a flexible one's name, or « num »,
    « » for fixed words), and the rows."""

    heads: list[tuple[str, str]]
    rows: list[list[Cell]] = field(default_factory=list)


def _needed(draft: _Draft, index: int) -> float:
    """The width column ``index`` needs to hold its head and every cell on one line."""
    head, _kind = draft.heads[index]
    # A head wraps between its words (« Total de / la phase »).
    widths = [width_mm(word, HEAD_SIZE_PT, bold=True) for word in head.upper().split()]
    for row in draft.rows:
        cell = row[index]
        widths.append(width_mm(cell.text, SIZE_PT, bold=cell.kind == "total"))
        if cell.under:
            widths.append(width_mm(cell.under, 0.85 * SIZE_PT))
    return max(widths) + PADDING + 0.5


def _laid_out(
    draft: _Draft, title: str, words: list[str], *, note: str = "", landscape: bool = False
) -> PrintedTable:
    """The table with its columns' widths, its clubs and phases cut to them, on a landscape page
    when asked or when a portrait page leaves its names and clubs too little room."""
    needed = [_needed(draft, index) for index in range(len(draft.heads))]
    fixed = sum(
        w for w, (_h, kind) in zip(needed, draft.heads, strict=True) if kind not in _FLEXIBLE
    )
    landscape = landscape or PORTRAIT_WIDTH - fixed < WORDS_MIN
    room = (LANDSCAPE_WIDTH if landscape else PORTRAIT_WIDTH) - fixed
    kinds = [kind for _head, kind in draft.heads]
    want = {kind: needed[kinds.index(kind)] for kind in _FLEXIBLE if kind in kinds}
    if sum(want.values()) <= room:
        given = dict(want)
        given["club"] += room - sum(want.values())
    else:
        # The names at most 60 % of the room and NAME_MAX (a long one wraps under itself),
        # the phases what they need, the clubs the rest (at least their floor), cut to it.
        floors = {
            "club": min(want["club"], CLUB_MIN),
            "phase": min(want.get("phase", 0), PHASE_MIN),
        }
        share = min(0.6 * room, NAME_MAX)
        name = min(want["name"], max(share, room - want["club"] - want.get("phase", 0)))
        given = {"name": max(NAME_MIN, min(name, room - sum(floors.values())))}
        if "phase" in want:  # a player's state before their club
            given["phase"] = min(want["phase"], room - given["name"] - floors["club"])
        given["club"] = room - sum(given.values())
    columns = [
        Column(head=head, width=round(given.get(kind, width), 2), figure=kind == "num")
        for (head, kind), width in zip(draft.heads, needed, strict=True)
    ]
    rows = [
        [
            Cell(fit(cell.text, columns[index].width - PADDING, SIZE_PT), cell.kind, cell.under)
            if cell.kind == "cut"
            else cell
            for index, cell in enumerate(row)
        ]
        for row in draft.rows
    ]
    return PrintedTable(title, words, columns, rows, landscape=landscape, note=note)


def _rank(rank: int | None, tied: bool) -> Cell:
    if rank is None:
        return Cell("—", "num")
    return Cell(f"{rank} ex" if tied else str(rank), "num")


def _name(registration, *, ranked: RankedPlayer | None = None) -> Cell:
    player = registration.player
    text = f"{player.last_name.upper()} {player.first_name}"
    if ranked is not None and ranked.withdrawn:
        text += " " + _("(retrait)")
    if ranked is not None and not ranked.played:
        text += " " + _("(n'a pas joué)")
    return Cell(text, "name", under=str(registration.team) if registration.team else "")


def _bilan(result) -> Cell:
    return Cell(signed(result.bilan) if result is not None and result.played else "—", "num")


def _penalties(signed_points: int) -> Cell:
    return Cell(signed(signed_points) if signed_points else "", "num")


def _phase(ranked: RankedPlayer) -> str:
    if ranked.qualified:
        return _("%(stage)s (qualifié·e)") % {"stage": ranked.stage_reached.name}
    if ranked.qualifying:
        return _("%(stage)s (en position de se qualifier)") % {"stage": ranked.stage_reached.name}
    return ranked.stage_reached.name


def _player_heads(*, licence: bool) -> list[tuple[str, str]]:
    heads = [(_("Rang"), "num"), (_("N°"), "num"), (_("Nom, prénom"), "name")]
    if licence:
        heads.append((_("Licence"), ""))
    return [*heads, (_("Club"), "club")]


def _who(registration, *, licence: bool, ranked: RankedPlayer | None = None) -> list[Cell]:
    cells = [Cell(str(registration.number), "num"), _name(registration, ranked=ranked)]
    if licence:
        cells.append(Cell(registration.player.licence))
    return [*cells, Cell(registration.player.club, "cut")]


def ranking_table(ranking: Ranking, *, landscape: bool = False) -> PrintedTable:
    """The ranking of a tournament without stages: every position's bilan, the penalties and
    the total."""
    positions = [(_("P%(number)s") % {"number": n}, "num") for n in ranking.position_numbers]
    draft = _Draft(
        heads=[*_player_heads(licence=True), *positions, (_("Pén."), "num"), (_("Total"), "num")]
    )
    for ranked in ranking.players:
        draft.rows.append([
            _rank(ranked.rank, ranked.tied),
            *_who(ranked.registration, licence=True, ranked=ranked),
            *(_bilan(cell) for cell in ranked.cells),
            _penalties(ranked.penalties_signed),
            Cell(signed(ranked.total), "total"),
        ])  # fmt: skip
    return _laid_out(draft, "", [], landscape=landscape)


def final_table(ranking: Ranking, *, landscape: bool = False) -> PrintedTable:
    """A championship's ranking: the players of the last stage reached first, each with the
    stage they reached and its total, carry-over included (each stage's table details it)."""
    draft = _Draft(
        heads=[
            *_player_heads(licence=True),
            (_("Phase atteinte"), "phase"),
            (_("Total de la phase"), "num"),
        ]
    )
    for ranked in ranking.players:
        draft.rows.append([
            _rank(ranked.rank, ranked.tied),
            *_who(ranked.registration, licence=True, ranked=ranked),
            Cell(_phase(ranked), "cut"),
            Cell(signed(ranked.total), "total"),
        ])  # fmt: skip
    title = _("Classement final") if ranking.final else _("Classement général")
    note = _(
        "Les joueurs de la dernière phase atteinte d'abord, puis ceux de chaque phase "
        "précédente ; le total est celui de la phase atteinte, report compris (le détail de "
        "chaque phase suit)."
    )
    return _laid_out(draft, title, [], note=note, landscape=landscape)


def _qualified(stage: StageRanking, line: StageLine) -> Cell:
    if not line.qualified:
        return Cell("")
    return Cell(_("qualifié·e") if stage.closed else _("en position"))


def stage_table(stage: StageRanking, *, landscape: bool = False) -> PrintedTable:
    """One stage's own ranking, as the page's table of the stage: the carry-over from the
    stage before, the bilans of its positions, its penalties, its total, and who its cut
    qualifies."""
    span = stage.span
    heads = _player_heads(licence=False)
    if span.number > 1:
        heads.append((_("Report"), "num"))
    heads += [(_("P%(number)s") % {"number": n}, "num") for n in span.positions]
    heads += [(_("Pén."), "num"), (_("Total"), "num")]
    if span.cut is not None:
        heads.append((_("Qualif."), ""))
    draft = _Draft(heads=heads)
    for line in stage.lines:
        row = [_rank(line.rank, line.tied), *_who(line.registration, licence=False)]
        if span.number > 1:
            row.append(Cell(signed(line.carried), "num"))
        row += [_bilan(cell) for cell in line.cells]
        row += [_penalties(line.penalties_signed), Cell(signed(line.total), "total")]
        if span.cut is not None:
            row.append(_qualified(stage, line))
        draft.rows.append(row)
    state = _("close") if stage.closed else _("en cours")
    words = []
    if span.cut is not None:
        words.append(stage.words)
    if span.number > 1:
        words.append(f"{span.carry_over_label}.")
    title = _("Phase : %(name)s (%(state)s)") % {"name": span.name, "state": state}
    return _laid_out(draft, title, words, landscape=landscape)


def printed_tables(ranking: Ranking, *, landscape: bool = False) -> list[PrintedTable]:
    """The tables to print: the ranking, then in a championship each stage seated, the last
    first (as the page shows them); all of them on landscape pages when one needs it."""
    if ranking.stages:
        tables = [final_table(ranking, landscape=landscape)]
        tables += [
            stage_table(stage, landscape=landscape)
            for stage in reversed(ranking.stages)
            if stage.seated
        ]
    else:
        tables = [ranking_table(ranking, landscape=landscape)]
    if not landscape and any(table.landscape for table in tables):
        return printed_tables(ranking, landscape=True)
    return tables


def ranking_document(tournament: Tournament) -> dict:
    """The context of prints/ranking.html: the tournament, its ranking as it stands, and the
    tables to print (``printed_tables``)."""
    ranking = current_ranking(tournament)
    tables = printed_tables(ranking)
    landscape = any(table.landscape for table in tables)
    return {"tournament": tournament, "ranking": ranking, "tables": tables, "landscape": landscape}
