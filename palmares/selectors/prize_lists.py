"""The prize list of a tournament: its pot, its rows, who receives what, computed by the pure
``prizes`` package from the tournament's ranking (docs/prix.md); once locked, the list as it
was then (``PrizeTable.locked_list``), which no longer moves.

Money is counted in whole cents here, as ``prizes`` counts it; the tables hold ``Decimal``.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db.models import Max

from palmares.categories import list_key, list_words, lists_of, prize_label
from palmares.models import Category, PotKind, PrizeJournalEntry, PrizeRow, PrizeTable, TieRule
from prizes import Placed, Prize, Ties, attribute, pot_of_amounts, pot_of_takings, rows_of_shares
from tournaments.models import Tournament
from tournaments.selectors.ranking import Ranking
from tournaments.selectors.standings import current_ranking, tournament_stamp


def cents(amount: Decimal | None) -> int:
    return int((amount or Decimal(0)) * 100)


@dataclass(frozen=True)
class RowLine:
    """One prize of the table: its words, its list, its share of the pot (if any), its
    amount."""

    label: str
    list_words: str
    share: str  # « 40 » (per cent), or "" for a fixed amount
    cents: int


@dataclass(frozen=True)
class PaidLine:
    """What one player receives (a sum shared between ex aequo is one line each)."""

    player_id: int
    number: int
    name: str
    club: str
    rank: int
    tied: bool
    lists: str  # « dame, jeune »
    label: str
    cents: int
    shared_with: list[int] = field(default_factory=list)
    shared_names: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ShareLine:
    """A sum shared between ex aequo: the prizes pooled, and what each receives."""

    label: str
    prizes: list[list]  # [label, cents] of each prize pooled
    total_cents: int
    players: list[list]  # [name, cents] of each player, in ranking order


@dataclass
class PrizeList:
    pot_kind: str
    ties: str
    one_prize_each: bool
    pot_cents: int
    takings_cents: int | None
    entries: int | None
    fee_cents: int
    percent: str
    rows: list[RowLine]
    paid: list[PaidLine]
    unawarded: list[RowLine]
    final: bool
    ranked: int
    shares: list[ShareLine] = field(default_factory=list)
    locked_at: datetime.datetime | None = None
    locked_by: str = ""

    @property
    def locked(self) -> bool:
        return self.locked_at is not None

    @property
    def paid_cents(self) -> int:
        return sum(line.cents for line in self.paid)

    @property
    def rows_cents(self) -> int:
        return sum(row.cents for row in self.rows)

    @property
    def unawarded_cents(self) -> int:
        return sum(row.cents for row in self.unawarded)

    @property
    def unallotted_cents(self) -> int:
        """The pot's part no row holds (shares under 100 % in all)."""
        return self.pot_cents - self.rows_cents

    @property
    def left_cents(self) -> int:
        """What the pot keeps unpaid: rows nobody could receive, and the part no row holds."""
        return self.pot_cents - self.paid_cents

    @property
    def kept_cents(self) -> int | None:
        """What the club keeps of the takings (a pot of takings only)."""
        return None if self.takings_cents is None else self.takings_cents - self.pot_cents

    @property
    def ties_label(self) -> str:
        return TieRule(self.ties).label

    @property
    def shared(self) -> bool:
        return any(line.shared_with for line in self.paid)

    def snapshot(self) -> dict:
        """The list as JSON keeps it, to show it again once locked."""
        data = asdict(self)
        data.pop("locked_at"), data.pop("locked_by")
        return data

    @classmethod
    def from_snapshot(cls, data: dict, table: PrizeTable) -> PrizeList:
        kept = dict(data)
        kept["rows"] = [RowLine(**row) for row in data["rows"]]
        kept["unawarded"] = [RowLine(**row) for row in data["unawarded"]]
        kept["paid"] = [PaidLine(**line) for line in data["paid"]]
        kept["shares"] = [ShareLine(**share) for share in data.get("shares", [])]
        by = table.locked_by.get_full_name() or table.locked_by.username if table.locked_by else ""
        return cls(**kept, locked_at=table.locked_at, locked_by=by)


def prize_table_of(tournament: Tournament) -> PrizeTable | None:
    return (
        PrizeTable.objects.select_related("locked_by")
        .filter(tournament=tournament)
        .prefetch_related("rows")
        .first()
    )


def entries_of(tournament: Tournament) -> int:
    """The entries the takings count: the players checked in (« pointés présents »)."""
    return tournament.registrations.filter(checked_in=True).count()


def prize_list(table: PrizeTable, ranking: Ranking | None = None) -> PrizeList:
    """The table's prize list: as locked, or computed from the tournament's ranking now."""
    if table.locked:
        return PrizeList.from_snapshot(table.locked_list, table)
    return computed_list(table, ranking or current_ranking(table.tournament))


def _row_lines(table: PrizeTable, rows: list[PrizeRow], entries: int | None):
    """The pot, and each row's words and amount (docs/prix.md, « La dotation »)."""
    if table.pot_kind == PotKind.TAKINGS:
        pot = pot_of_takings(
            entries=entries or 0, fee_cents=cents(table.fee), percent=Fraction(table.percent or 0)
        )
        amounts = rows_of_shares(pot.cents, [Fraction(row.share or 0) for row in rows])
    else:
        amounts = [cents(row.amount) for row in rows]
        pot = pot_of_amounts(amounts)
    counted: dict[str, int] = {}
    lines, prizes = [], []
    for row, amount in zip(rows, amounts, strict=True):
        key = list_key(row.category, row.serie)
        counted[key] = counted.get(key, 0) + 1
        label = prize_label(row.category, row.serie, counted[key])
        words = (
            f"Série {' '.join(row.serie.split())}"
            if row.category == Category.SERIE
            else Category(row.category).label
        )
        share = "" if row.share is None or table.pot_kind != PotKind.TAKINGS else _plain(row.share)
        lines.append(RowLine(label, str(words), share, amount))
        prizes.append(Prize(label, amount, key or None))
    return pot, lines, prizes


def _plain(number: Decimal) -> str:
    """« 40 », « 12,5 »: a share as a French page writes it."""
    return f"{number.normalize():f}".replace(".", ",")


def _placed(table: PrizeTable, ranking: Ranking) -> list[Placed]:
    """The ranked players, in the ranking's order, each with their lists. With the tie-break
    « meilleure position », ex aequo are told apart by their best position's bilan, then the
    next best, and so on; those still equal share (docs/guide-arbitre/prix.md)."""
    day = ranking.tournament.date
    ranked = [player for player in ranking.players if player.rank is not None]
    if table.ties == TieRule.BEST_POSITION:

        def key(item):
            index, player = item
            bilans = sorted((r.bilan for r in player.positions.values() if r.played), reverse=True)
            return (player.rank, [-bilan for bilan in bilans], index)

        ordered = [player for _index, player in sorted(enumerate(ranked), key=key)]
        ranks, previous, last_rank = [], None, 0
        for index, player in enumerate(ordered, start=1):
            bilans = sorted((r.bilan for r in player.positions.values() if r.played), reverse=True)
            mark = (player.rank, bilans)
            last_rank = last_rank if mark == previous else index
            ranks.append(last_rank)
            previous = mark
        pairs = zip(ordered, ranks, strict=True)
    else:
        pairs = ((player, player.rank) for player in ranked)
    return [
        Placed(player.registration.player_id, rank, lists_of(player.registration.player, day))
        for player, rank in pairs
    ]


def computed_list(table: PrizeTable, ranking: Ranking) -> PrizeList:
    rows = sorted(table.rows.all(), key=lambda row: row.order)
    entries = entries_of(table.tournament) if table.pot_kind == PotKind.TAKINGS else None
    pot, lines, prizes = _row_lines(table, rows, entries)
    placed = _placed(table, ranking)
    attribution = attribute(prizes, placed, one_prize_each=table.one_prize_each, ties=Ties.SHARE)
    by_player = {p.registration.player_id: p for p in ranking.players if p.rank is not None}
    names = {key: _name(player) for key, player in by_player.items()}
    paid = []
    for award in attribution.awards:
        player = by_player[award.player]
        paid.append(
            PaidLine(
                player_id=award.player,
                number=player.registration.number,
                name=names[award.player],
                club=player.registration.player.club,
                rank=player.rank,
                tied=player.tied,
                lists=list_words(player.registration.player, ranking.tournament.date),
                label=shared_label(award.label) if award.shared_with else award.label,
                cents=award.cents,
                shared_with=list(award.shared_with),
                shared_names=[names[other] for other in award.shared_with],
            )
        )
    by_label = {line.label: line for line in lines}
    unawarded = [by_label[prize.label] for prize in attribution.unawarded]
    pooled_labels = [award.label for award in attribution.awards]
    shares = _shares(list(zip(paid, pooled_labels, strict=True)), by_label)
    return PrizeList(
        pot_kind=table.pot_kind,
        ties=table.ties,
        one_prize_each=table.one_prize_each,
        pot_cents=pot.cents,
        takings_cents=pot.takings_cents,
        entries=entries,
        fee_cents=cents(table.fee),
        percent=_plain(table.percent) if table.percent is not None else "",
        rows=lines,
        paid=paid,
        unawarded=unawarded,
        final=ranking.final,
        ranked=len(placed),
        shares=shares,
    )


PLACE = re.compile(r"(\d+)(?:re|er|e) place")


def shared_label(label: str) -> str:
    """A shared sum's prizes as a club says them: « 2e et 3e places », « de la 1re à la 6e
    place » for places in a row; any other pooling as ``prizes`` joins it (« 1re dame et 2e
    dame »)."""
    parts = label.split(" et ")
    numbers = [PLACE.fullmatch(part) for part in parts]
    if len(parts) < 2 or not all(numbers):
        return label
    places = [int(number.group(1)) for number in numbers]
    if places != list(range(places[0], places[0] + len(places))):
        return label
    first, last = (part.removesuffix(" place") for part in (parts[0], parts[-1]))
    if len(places) == 2:
        return f"{first} et {last} places"
    return f"de la {first} à la {last} place"


def _shares(paid: list[tuple[PaidLine, str]], by_label: dict[str, RowLine]) -> list[ShareLine]:
    """Each shared sum once: its prizes (each line with the labels ``prizes`` pooled, « 6e
    place et 7e place ») and its players."""
    groups: dict[tuple, list[PaidLine]] = {}
    for line, pooled_label in paid:
        if line.shared_with:
            key = (pooled_label, tuple(sorted([line.player_id, *line.shared_with])))
            groups.setdefault(key, []).append(line)
    shares = []
    for (pooled_label, _players), lines in groups.items():
        parts = [by_label.get(part) for part in pooled_label.split(" et ")]
        pooled = [[part.label, part.cents] for part in parts if part is not None]
        shares.append(
            ShareLine(
                label=lines[0].label,
                prizes=pooled if len(pooled) == len(parts) else [],
                total_cents=sum(line.cents for line in lines),
                players=[[line.name, line.cents] for line in lines],
            )
        )
    return shares


def _name(player) -> str:
    record = player.registration.player
    return f"{record.last_name.upper()} {record.first_name}"


def prizes_stamp(tournament: Tournament) -> str:
    """What changes whenever the prize list may: the tournament (its ranking, its players'
    records) and the prize table (its every write is a line of the prizes' journal)."""
    # A document asked for changes nothing it shows: its line would move its own stamp.
    last = (
        PrizeJournalEntry.objects.filter(tournament=tournament)
        .exclude(action__startswith="document.")
        .aggregate(last=Max("pk"))
    )
    return f"{tournament_stamp(tournament)}.{last['last'] or 0}"


def prize_journal(tournament: Tournament, limit: int = 20) -> list[PrizeJournalEntry]:
    """The prizes' journal of ``tournament``, newest first."""
    return list(
        PrizeJournalEntry.objects.filter(tournament=tournament)
        .exclude(action__startswith="document.")
        .select_related("actor_user")[:limit]
    )
