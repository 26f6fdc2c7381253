"""The feuilles de marque as printed, read in a few queries: each table's deals, totals,
corrections, and the layers its document shares (``tournaments.prints.pdf``, Stamp).

A sheet carries its table's code and QR code only when the caller passes ``access_url``,
which the views (``tournaments.views.prints``) do for the arbitre alone.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import zip_longest

import segno
from django.db.models import Count, Prefetch, Q
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from scoring.club import SeatMarques
from scoring.sheet import SeatTotals, sheet_totals
from scoring.values import signed
from tournaments.championship import hall_of, stage_name, tournament_halls
from tournaments.deal_scoring import stored_seats
from tournaments.deal_words import prime_words, result_words, sentence, short_name, shown_by_place
from tournaments.models import Deal, Position, Seat, Table, Tournament
from tournaments.prints.fonts import ELLIPSIS, fit, wrap
from tournaments.prints.layout import (
    SIGNATURE_GAP,
    FigureLines,
    SheetLayout,
    figure_lines,
    hall_line,
    sheet_event,
    sheet_layout,
)
from tournaments.prints.pdf import Stamp
from tournaments.prints.qr import make_qr, qr_drawing, qr_svg
from tournaments.prints.sheet_rows import (
    CELL_SIZE_PT,
    CONTRACT_TEXT_WIDTH,
    SIGN_SIZE_PT,
    TAKER_TEXT_WIDTH,
    PrintedRow,
    printed_rows,
    shown_size_pt,
)
from tournaments.selectors.sheets import in_place_order


@dataclass(frozen=True)
class PrintedDeal:
    """One row of a printed sheet: who took what, the result, the primes in words, marques."""

    number: int
    taker: str
    partner: str
    sitting_out: str
    contract: str
    result: str
    primes: str
    marques: list[int | None]
    corrected: bool
    # Under the club's rules with misères, each seat's poignée and misères (« Poignée triple »,
    # « Pas d'atout »), in seat order, printed in the player's column; () without.
    shown: tuple[tuple[str, ...], ...] = ()
    # What each seat marks for the individual primes (club rules), in seat order; () without.
    seat_primes: tuple[int, ...] = ()

    # A row is two blocks of words: the taker's and the contract's columns, then the detail's
    # (print.css, .s-deal and .s-detail), rather than a block a cell and a span for the primes.

    @property
    def taker_and_contract(self) -> str:
        """The taker's column (the taker, « avec » the partner, the « mort »), each line cut or
        wrapped to its width, and after a tab stop on the same lines, the contract's column."""
        return self._columns([fit(self.taker, TAKER_TEXT_WIDTH, CELL_SIZE_PT)])

    def taker_and_contract_in(self, room: int) -> str:
        """The same, the taker's name broken over lines rather than cut when its pieces fit the
        column and all the lines fit the ``room`` lines of the row."""
        takers = _taker_lines(self.taker)
        if len(takers) <= 1:  # on one line, whole or cut: as the taker_and_contract
            return self._columns(takers)
        if ELLIPSIS not in "".join(takers):
            whole = self._columns(takers)
            if whole.count("\n") < room:
                return whole
        return self.taker_and_contract

    def _columns(self, takers: list[str]) -> str:
        takers = takers if self.taker else [""]
        if self.partner:
            takers = takers + _taker_lines(_("avec %(partner)s") % {"partner": self.partner})
        if self.sitting_out:
            takers = takers + _taker_lines(_("mort : %(mort)s") % {"mort": self.sitting_out})
        contracts = wrap(self.contract or "", CONTRACT_TEXT_WIDTH, CELL_SIZE_PT)
        lines = zip_longest(takers, contracts, fillvalue="")
        return "\n".join(f"{taker}\t{contract}" if contract else taker for taker, contract in lines)

    @property
    def detail(self) -> str:
        """The points and bouts, then on the next lines the primes, in a smaller size."""
        return f"{self.result}\n{self.primes}" if self.primes else self.result


@dataclass(frozen=True)
class Correction:
    """Why a row carries the correction mark: its last change after the result was saved."""

    number: int
    when: object  # an aware datetime
    who: str


@dataclass(frozen=True)
class PrintedSheet:
    """One feuille de marque as printed: filled as far as the table has played."""

    tournament: Tournament
    position: Position
    table: Table
    seats: list[Seat]
    deals: list[PrintedDeal]
    blank_numbers: list[int]
    totals: list[SeatTotals] | None
    bilans_sum: int | None
    corrections: list[Correction]
    code: str | None
    qr: segno.QRCode | None
    layout: SheetLayout
    layers: int  # the index of its first page of layers in the document (sheet_layers)
    event: tuple[str, str, str] = ("", "", "")  # the title box's words (layout.sheet_event)
    hall: str = ""  # the hall of its table, in a tournament with halls

    @property
    def qr_svg(self) -> str | None:
        return qr_svg(self.qr) if self.qr else None

    @property
    def blank(self) -> bool:
        """Nothing played nor signed yet: the sheet the arbitre puts on the table."""
        return not self.deals and not any(seat.confirmed_at for seat in self.seats)

    @property
    def layer_key(self) -> tuple:
        """What this sheet has in common with others of the same document: the layers."""
        return (self.position.pk, self.layout, self.blank, self.places)

    @property
    def places(self) -> str:
        return "\t".join(seat.get_place_display().upper() for seat in self.seats)

    @property
    def layer_urls(self) -> list[str]:
        return [layer_stamp(self.layers + part).url for part in range(len(LAYERS))]

    @property
    def qr_url(self) -> str:
        return Stamp(name=f"qr-{self.table.pk}").url

    @property
    def signers(self) -> list[tuple[Seat, SeatTotals | None]]:
        return list(zip(self.seats, self.totals or [None] * len(self.seats), strict=True))

    @property
    def rows(self) -> list[PrintedRow]:
        """Each deal's row as its blocks print it (tournaments.prints.sheet_rows)."""
        return printed_rows(self.deals, self.layout)

    @property
    def shown_size_pt(self) -> float:
        """The size of the poignées and misères in the players' columns (club rules)."""
        return shown_size_pt(self.layout)

    # The columns and lines of words, one block each (tournaments.prints.layout says why).

    @property
    def seat_heads(self) -> str:
        """Place, last name, first name and number of each player, a tab between seats."""
        width = self.layout.seat_width - 2.5
        lines = [
            [fit(seat.registration.player.last_name.upper(), width, 8.5) for seat in self.seats],
            [fit(seat.registration.player.first_name, width, 8) for seat in self.seats],
            [f"n° {seat.registration.number}" for seat in self.seats],
        ]
        return "\n".join("\t".join(line) for line in lines)

    @property
    def deal_numbers(self) -> str:
        numbers = [f"{deal.number}{'*' if deal.corrected else ''}" for deal in self.deals]
        return "\n".join([*numbers, *(str(number) for number in self.blank_numbers)])

    @property
    def prime_columns(self) -> list[tuple[float, str]]:
        """Under each marque, what the player marks for the individual primes (club rules):
        « primes −60 », one line per deal, a column per seat; none without such primes."""
        if not any(deal.seat_primes for deal in self.deals):
            return []
        columns = []
        for index, left in enumerate(self.layout.seat_lefts):
            lines = [
                _("primes %(points)s") % {"points": signed(deal.seat_primes[index])}
                if deal.seat_primes and deal.seat_primes[index]
                else ""
                for deal in self.deals
            ]
            columns.append((left, "\n".join(lines)))
        return columns

    # The figures, a block each across the seats (tournaments.prints.layout, figure_lines).
    MARGIN = 2.0  # between a figure and its column's right rule, in mm

    @property
    def marques(self) -> FigureLines:
        """A line a deal: each seat's marque, signed."""
        return figure_lines(
            [[signed(marque) for marque in deal.marques] for deal in self.deals], size_pt=11
        )

    @property
    def marques_left(self) -> float:
        return self.marques.left(self.layout.seats_left + self.layout.seat_width - self.MARGIN)

    @property
    def totals_lines(self) -> FigureLines:
        """Each seat's total + then total − (unsigned, as the sheet writes them)."""
        rows = [[str(totals.plus) for totals in self.totals or []],
                [str(totals.minus) for totals in self.totals or []]]  # fmt: skip
        return figure_lines(rows, size_pt=11)

    @property
    def totals_left(self) -> float:
        return self.totals_lines.left(self.layout.seats_left + self.layout.seat_width - self.MARGIN)

    @property
    def bilans(self) -> FigureLines:
        """Each seat's bilan, signed, in bold."""
        return figure_lines([[signed(t.bilan) for t in self.totals or []]], size_pt=11, bold=True)

    @property
    def bilans_left(self) -> float:
        return self.bilans.left(self.layout.seats_left + self.layout.seat_width - self.MARGIN)

    @property
    def signature_bilan_boxes(self) -> list[tuple[float, float]]:
        """Where each bilan goes in its box under the signatures: left edge, width. A block
        each: WeasyPrint's tab stops drift by some tenths of a millimetre a stop, which the
        boxes' wide pitch would carry into their right edge."""
        pitch = self.layout.signature_pitch
        return [
            (index * pitch + 14, pitch - SIGNATURE_GAP - 17) for index in range(self.layout.seats)
        ]

    @property
    def signature_bilans(self) -> list[str]:
        return [signed(totals.bilan) for totals in self.totals or []]

    @property
    def signature_heads(self) -> str:
        width = self.layout.signature_pitch - 7
        lines = [
            [
                f"{seat.get_place_display().upper()} · n° {seat.registration.number}"
                for seat in self.seats
            ],
            [fit(str(seat.registration.player), width, 8.5) for seat in self.seats],
        ]
        return "\n".join("\t".join(line) for line in lines)

    @property
    def bilan_labels(self) -> str:
        """« Bilan » beside each box."""
        return "\t".join([_("Bilan")] * len(self.seats))

    @property
    def signature_lines(self) -> str:
        """Under each line « Signature », or when the player confirmed online, broken to the
        width of its box (a tab between boxes: five boxes cannot hold it on one line)."""
        width = 0.97 * (self.layout.signature_pitch - SIGNATURE_GAP - 4)  # its margins
        boxes = [
            wrap(
                _("Confirmé en ligne à %(when)s")
                % {"when": localtime(seat.confirmed_at).strftime("%H:%M")},
                width,
                SIGN_SIZE_PT,
            )
            if seat.confirmed_at
            else [_("Signature")]
            for seat in self.seats
        ]
        lines = zip_longest(*boxes, fillvalue="")
        return "\n".join("\t".join(line).rstrip("\t") for line in lines)


def _taker_lines(text: str) -> list[str]:
    return wrap(text, TAKER_TEXT_WIDTH, CELL_SIZE_PT)


def _printed_deal(
    table: Table, deal: Deal, places: list[str], names: dict[str, str], corrected: bool
):
    if deal.all_pass:
        return PrintedDeal(
            number=deal.number,
            taker="",
            partner="",
            sitting_out="",
            contract=_("Tous passent"),
            result="",
            primes="",
            marques=[deal.marque(place) for place in places],
            corrected=corrected,
        )
    # With the club's individual primes, each player's prime is printed with what they and
    # every other player mark for it: the deal is scored again (no query) to say so.
    profile = table.position.tournament.rule_profile
    seats = stored_seats(table, deal, places) if profile.individual_primes else None
    # Under rules with misères, the poignées and misères are each printed in the column of the
    # player who showed them, above their marque: no name to write, and the points and bouts'
    # column keeps its width (tournaments.prints.layout).
    shown_apart = profile.miseres
    primes = prime_words(deal, names, poignees=not shown_apart, miseres=False)
    shown = shown_by_place(deal) if shown_apart else {}
    return PrintedDeal(
        number=deal.number,
        taker=names.get(deal.taker, deal.taker or ""),
        partner=names.get(deal.partner, "") if deal.partner else "",
        sitting_out=names.get(deal.sitting_out, "") if deal.sitting_out else "",
        contract=deal.get_contract_display(),
        result=result_words(deal),
        primes=sentence(primes),
        marques=[deal.marque(place) for place in places],
        corrected=corrected,
        shown=tuple(tuple(shown.get(place, ())) for place in places) if shown else (),
        seat_primes=_seat_primes(seats, places, deal.sitting_out),
    )


def _seat_primes(
    seats: SeatMarques | None, places: list[str], sitting_out: str | None
) -> tuple[int, ...]:
    """What each seat marks for the individual primes of a deal, in seat order (the mort 0)."""
    if seats is None or not seats.primes:
        return ()
    totals = dict.fromkeys(places, 0)
    for prime in seats.primes:
        for place in places:
            if place == prime.seat:
                totals[place] += prime.gain
            elif place != sitting_out:
                totals[place] += prime.each
    return tuple(totals[place] for place in places)


def _corrections(tables: Iterable[Table]) -> dict[int, Correction]:
    """The deals changed after their first save, by deal id, with their last change.

    A deal's history (django-simple-history) holds one row per save. Entering a deal at the
    bidding and its result after play is two saves, and no correction: a deal is corrected
    when it was saved more than once with a result, or more than once without one.
    """
    played = Q(points__isnull=False) | Q(all_pass=True)
    counts = (
        Deal.history.filter(table_id__in=[table.pk for table in tables])
        .exclude(history_type="-")
        .values("id")
        .annotate(
            played=Count("history_id", filter=played), bid=Count("history_id", filter=~played)
        )
        .filter(Q(played__gt=1) | Q(bid__gt=1))
    )
    corrected_ids = [row["id"] for row in counts]
    if not corrected_ids:
        return {}
    last_changes = (
        Deal.history.filter(id__in=corrected_ids)
        .exclude(history_type="-")
        .select_related("history_user")
        .order_by("id", "-history_date", "-history_id")
    )
    corrections = {}
    for record in last_changes:
        if record.id in corrections:
            continue
        who = record.history_change_reason or (
            record.history_user.get_username() if record.history_user else ""
        )
        corrections[record.id] = Correction(number=record.number, when=record.history_date, who=who)
    return corrections


def printed_sheets(
    tables, *, access_url: Callable[[Table], str] | None = None
) -> list[PrintedSheet]:
    """The feuilles de marque of ``tables`` (a queryset of one position's tables), in order.

    With ``access_url`` (the arbitre's copy), each sheet carries its table's code and a QR
    code to ``access_url(table)``, the page where a phone types that code; without it, neither.
    """
    seats = Prefetch("seats", queryset=Seat.objects.select_related("registration__player"))
    tables = list(
        tables.select_related("position__tournament")
        .prefetch_related(seats, "deals")
        .order_by("number")
    )
    corrections = _corrections(tables)
    halls = tournament_halls(tables[0].position.tournament) if tables else []
    events: dict[int, tuple[str, str, str]] = {}
    sheets = []
    for table in tables:
        position = table.position
        tournament = position.tournament
        if position.pk not in events:
            events[position.pk] = sheet_event(tournament, position.number, stage_name(position))
        table_seats = in_place_order(table.seats.all())
        hall = hall_of(halls, table.number)
        places = [seat.place for seat in table_seats]
        names = {seat.place: short_name(seat) for seat in table_seats}
        deals = list(table.deals.all())
        rows = [
            _printed_deal(table, deal, places, names, corrected=deal.pk in corrections)
            for deal in deals
        ]
        last = max((deal.number for deal in deals), default=0)
        totals = sheet_totals(places, {deal.number: deal.marques() for deal in deals})
        sheets.append(
            PrintedSheet(
                tournament=tournament,
                position=position,
                table=table,
                seats=table_seats,
                deals=rows,
                blank_numbers=list(range(last + 1, tournament.deals_per_position + 1)),
                totals=list(totals.seats) if deals else None,
                bilans_sum=totals.bilans_sum if deals else None,
                corrections=sorted(
                    (corrections[deal.pk] for deal in deals if deal.pk in corrections),
                    key=lambda correction: correction.number,
                ),
                code=table.code if access_url else None,
                qr=make_qr(access_url(table)) if access_url else None,
                layout=sheet_layout(
                    seats=len(table_seats),
                    deals=max(tournament.deals_per_position, last),
                    with_code=access_url is not None,
                    miseres=tournament.rule_profile.miseres,
                ),
                layers=0,
                event=events[position.pk],
                hall=hall_line(hall.name) if hall else "",
            )
        )
    keys: dict[tuple, int] = {}
    return [
        replace(sheet, layers=keys.setdefault(sheet.layer_key, len(LAYERS) * len(keys)))
        for sheet in sheets
    ]


# What a sheet has in common with the other sheets of its document is laid out once, as three
# pages of layers that every sheet shows (tournaments.prints.pdf, Stamp): the ruled form and the
# header, the heads of the columns, then the rest of the form's words. The sheet's own words
# come between them, so that its text reads in order: « … Table » 7, « … Ouest » DUPONT…
LAYERS = ("form", "heads", "foot")


def layer_stamp(index: int) -> Stamp:
    return Stamp(name=f"sheet-layer-{index}", page=index)


@dataclass(frozen=True)
class SheetLayer:
    """One page of layers: ``part`` (one of LAYERS) of sheets like ``sheet``."""

    sheet: PrintedSheet
    part: str


def sheet_layers(sheets: list[PrintedSheet]) -> list[SheetLayer]:
    """The pages of layers of ``sheets`` (printed_sheets), in the order their stamps name."""
    firsts = {sheet.layers: sheet for sheet in sheets}
    return [SheetLayer(sheet=firsts[index], part=part)
            for index in sorted(firsts) for part in LAYERS]  # fmt: skip


def sheet_stamps(sheets: list[PrintedSheet]) -> list[Stamp]:
    """The stamps of ``sheets``: their layers, and their QR codes drawn as vectors."""
    layers = [layer_stamp(index) for index in range(len(sheet_layers(sheets)))]
    codes = [
        Stamp(name=f"qr-{sheet.table.pk}", drawing=qr_drawing(sheet.qr), size=len(sheet.qr.matrix))
        for sheet in sheets
        if sheet.qr
    ]
    return layers + codes


def sheets_document(sheets: list[PrintedSheet]) -> tuple[dict, list[Stamp]]:
    """The context of prints/sheets.html and the stamps to draw it with."""
    groups = list({sheet.layers: sheet for sheet in sheets}.values())
    context = {"sheets": sheets, "layers": sheet_layers(sheets), "layer_groups": groups}
    return context, sheet_stamps(sheets)
