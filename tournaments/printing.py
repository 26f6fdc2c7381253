"""What the printed documents show, read in a few queries: sheets, seating plans, player cards.

Selectors only: they read the tournament and return plain values for the templates under
``templates/prints/``; ``tournaments.pdf`` draws them. Who may print what is the views' business
(``tournaments.views.prints``): a sheet carries its table's code and QR code only when the
caller passes ``access_url``, which the views do for the arbitre alone.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import segno
from django.db.models import Count, Prefetch, Q
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.sheet import SeatTotals, sheet_totals
from tournaments.models import (
    PLACES_BY_TABLE_SIZE,
    Camp,
    Chelem,
    Deal,
    Place,
    Position,
    Registration,
    Seat,
    Table,
    Tournament,
)
from tournaments.names import fold
from tournaments.pdf import Stamp
from tournaments.sheet_forms import short_name
from tournaments.sheet_layout import SIGNATURE_GAP, SheetLayout, sheet_layout
from tournaments.templatetags.sheet_tags import points_text, signed

PLACE_ORDER = list(Place.values)


# Every mask makes a valid QR code, read alike by phones; segno tries all eight by default to
# keep the one with the fewest confusing patterns, which costs four times the code itself: a
# 100-table position would spend a quarter of its print time on it. One mask is chosen here.
QR_MASK = 4


def make_qr(url: str) -> segno.QRCode:
    return segno.make_qr(url, error="m", mask=QR_MASK)


def qr_svg(url: str | segno.QRCode) -> str:
    """A QR code for ``url`` as inline SVG markup (segno), sized by the print stylesheet."""
    code = make_qr(url) if isinstance(url, str) else url
    return code.svg_inline(border=0, omitsize=True, dark="#000")


def qr_drawing(code: segno.QRCode) -> bytes:
    """The dark modules of ``code`` as PDF rectangles, a module a unit, the y axis up: what
    segno's SVG path draws, as a stamp (tournaments.pdf) writes it."""
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


def french_sort_key(*names: str) -> tuple[str, ...]:
    """Names in French alphabetical order: accents and case ignored (Écuyer between Dupont
    and Favre), then the exact spelling, so that the order is the same on every print."""
    return (*(fold(name) for name in names), *names)


def player_sort_key(registration: Registration) -> tuple[str, ...]:
    player = registration.player
    return french_sort_key(player.last_name, player.first_name)


# --- Feuilles de marque ------------------------------------------------------------------

PETIT_AU_BOUT = {
    Camp.ATTACK: gettext_lazy("petit au bout à l'attaque"),
    Camp.DEFENSE: gettext_lazy("petit au bout à la défense"),
}
CHELEMS = {
    Chelem.ANNOUNCED_MADE: gettext_lazy("chelem annoncé et réalisé"),
    Chelem.UNANNOUNCED_MADE: gettext_lazy("chelem réalisé sans annonce"),
    Chelem.ANNOUNCED_FAILED: gettext_lazy("chelem annoncé et chuté"),
    Chelem.DEFENSE: gettext_lazy("chelem réalisé par la défense"),
}


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

    # The columns and lines of words, one block each (tournaments.sheet_layout says why).

    @property
    def seat_heads(self) -> str:
        """Place, last name, first name and number of each player, a tab between seats."""
        width = self.layout.seat_width - 2.5
        lines = [
            [_fit(seat.registration.player.last_name.upper(), width, 8.5) for seat in self.seats],
            [_fit(seat.registration.player.first_name, width, 8) for seat in self.seats],
            [f"n° {seat.registration.number}" for seat in self.seats],
        ]
        return "\n".join("\t".join(line) for line in lines)

    @property
    def deal_numbers(self) -> str:
        numbers = [f"{deal.number}{'*' if deal.corrected else ''}" for deal in self.deals]
        return "\n".join([*numbers, *(str(number) for number in self.blank_numbers)])

    @property
    def marque_columns(self) -> list[tuple[float, str]]:
        """Each seat's column of marques, signed, with its left edge."""
        return [
            (left, "\n".join(signed(deal.marques[index]) for deal in self.deals))
            for index, left in enumerate(self.layout.seat_lefts)
        ]

    @property
    def total_columns(self) -> list[tuple[float, str, str]]:
        """Each seat's totals + and − (unsigned, as the sheet writes them) and its bilan."""
        return [
            (left, f"{totals.plus}\n{totals.minus}", signed(totals.bilan))
            for left, totals in zip(self.layout.seat_lefts, self.totals or [], strict=False)
        ]

    @property
    def signature_heads(self) -> str:
        width = self.layout.signature_pitch - 7
        lines = [
            [
                f"{seat.get_place_display().upper()} · n° {seat.registration.number}"
                for seat in self.seats
            ],
            [_fit(str(seat.registration.player), width, 8.5) for seat in self.seats],
        ]
        return "\n".join("\t".join(line) for line in lines)

    @property
    def placed_deals(self) -> list[tuple[PrintedDeal, float]]:
        """Each deal with the top of its row."""
        return list(zip(self.deals, self.layout.rows, strict=False))

    @property
    def bilan_labels(self) -> str:
        """« Bilan » beside each box."""
        return "\t".join([_("Bilan")] * len(self.seats))

    @property
    def signature_lines(self) -> str:
        """Under each line « Signature », or when the player confirmed online."""
        return "\t".join(
            _("Confirmé en ligne à %(when)s")
            % {"when": localtime(seat.confirmed_at).strftime("%H:%M")}
            if seat.confirmed_at
            else _("Signature")
            for seat in self.seats
        )

    @property
    def signature_bilans(self) -> list[tuple[float, float, str]]:
        """Each bilan in its box: left edge, width, the bilan."""
        pitch = self.layout.signature_pitch
        width = pitch - SIGNATURE_GAP - 17
        return [
            (index * pitch + 14, width, signed(totals.bilan))
            for index, totals in enumerate(self.totals or [])
        ]


def _fit(text: str, width_mm: float, size_pt: float) -> str:
    """``text`` cut to what fits ``width_mm`` at ``size_pt`` (a tab-separated column cannot
    wrap). Wide letters assumed (0.75 em), so what is kept always fits."""
    fits = int(width_mm / (size_pt * 0.3528 * 0.75))
    return text if len(text) <= fits else text[: max(fits - 1, 1)].rstrip() + "…"


def _primes_in_words(deal: Deal, names: dict[str, str]) -> str:
    """The primes of a played deal as the sheet spells them (docs/scoring.md §One deal, 4-6)."""
    primes = []
    if deal.petit_au_bout:
        primes.append(PETIT_AU_BOUT[Camp(deal.petit_au_bout)])
    for place, size in deal.poignees().items():
        label = {"simple": _("simple"), "double": _("double"), "triple": _("triple")}[size]
        primes.append(
            _("poignée %(size)s (%(who)s)") % {"size": label, "who": names.get(place, place)}
        )
    if deal.chelem:
        primes.append(CHELEMS[Chelem(deal.chelem)])
    elif deal.chelem_announced:
        primes.append(_("chelem annoncé"))
    text = ", ".join(str(prime) for prime in primes)
    return text[:1].upper() + text[1:]


def _printed_deal(deal: Deal, places: list[str], names: dict[str, str], corrected: bool):
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
    if deal.points is None:
        result = _("résultat à venir")
    else:
        bouts = ngettext("%(bouts)s bout", "%(bouts)s bouts", deal.bouts) % {"bouts": deal.bouts}
        result = _("%(points)s pts, %(bouts)s") % {
            "points": points_text(deal.points),
            "bouts": bouts,
        }
    return PrintedDeal(
        number=deal.number,
        taker=names.get(deal.taker, deal.taker or ""),
        partner=names.get(deal.partner, "") if deal.partner else "",
        sitting_out=names.get(deal.sitting_out, "") if deal.sitting_out else "",
        contract=deal.get_contract_display(),
        result=result,
        primes=_primes_in_words(deal, names),
        marques=[deal.marque(place) for place in places],
        corrected=corrected,
    )


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
    sheets = []
    for table in tables:
        position = table.position
        tournament = position.tournament
        table_seats = sorted(table.seats.all(), key=lambda seat: PLACE_ORDER.index(seat.place))
        places = [seat.place for seat in table_seats]
        names = {seat.place: short_name(seat) for seat in table_seats}
        deals = list(table.deals.all())
        rows = [
            _printed_deal(deal, places, names, corrected=deal.pk in corrections) for deal in deals
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
                ),
                layers=0,
            )
        )
    keys: dict[tuple, int] = {}
    return [
        replace(sheet, layers=keys.setdefault(sheet.layer_key, len(LAYERS) * len(keys)))
        for sheet in sheets
    ]


# What a sheet has in common with the other sheets of its document is laid out once, as three
# pages of layers that every sheet shows (tournaments.pdf, Stamp): the ruled form and the
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


# --- Seating plan ------------------------------------------------------------------------


@dataclass(frozen=True)
class PlanTable:
    table: Table
    seats: list[Seat]


@dataclass(frozen=True)
class PlanEntry:
    """A line of the plan by name: the letter it is filed under, and the player's seat."""

    letter: str
    seat: Seat


@dataclass(frozen=True)
class PrintedPlan:
    """A position's seating for the wall: table by table, and every player by name."""

    tournament: Tournament
    position: Position
    tables: list[PlanTable]
    by_player: list[PlanEntry]


def printed_plan(position: Position) -> PrintedPlan:
    """The seating plan of a seated position; players in French alphabetical order."""
    seats = Prefetch(
        "seats", queryset=Seat.objects.select_related("registration__player", "registration__team")
    )
    tables = []
    for table in position.tables.prefetch_related(seats).order_by("number"):
        table_seats = sorted(table.seats.all(), key=lambda seat: PLACE_ORDER.index(seat.place))
        tables.append(PlanTable(table=table, seats=table_seats))
    by_name = sorted(
        (seat for plan_table in tables for seat in plan_table.seats),
        key=lambda seat: player_sort_key(seat.registration),
    )
    by_player = [
        PlanEntry(letter=player_sort_key(seat.registration)[0][:1].upper(), seat=seat)
        for seat in by_name
    ]
    return PrintedPlan(
        tournament=position.tournament, position=position, tables=tables, by_player=by_player
    )


# --- Player cards ------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """Where the player sits in one position, or nothing yet (``table`` None)."""

    position: int
    table: int | None
    place: str


@dataclass(frozen=True)
class PlayerCard:
    registration: Registration
    lines: list[CardLine]
    url: str
    qr_svg: str


def printed_cards(tournament: Tournament, *, player_url: Callable[[int], str]) -> list[PlayerCard]:
    """A card per player, by name: their table and seat in every position seated so far, and a
    QR code to ``player_url(number)``, their page online. Before the first seating every
    registered player gets one (to hand out at check-in); after it, those who came: checked
    in, or seated once (a player never present gets no card)."""
    seats = Seat.objects.filter(position__tournament=tournament).select_related("table", "position")
    seated = {(seat.registration_id, seat.position.number): seat for seat in seats}
    came = {registration_id for registration_id, _number in seated}
    registrations = sorted(
        (
            registration
            for registration in tournament.registrations.select_related("player", "team")
            if not seated or registration.checked_in or registration.pk in came
        ),
        key=player_sort_key,
    )
    cards = []
    for registration in registrations:
        lines = []
        for number in range(1, tournament.positions_count + 1):
            seat = seated.get((registration.pk, number))
            lines.append(
                CardLine(
                    position=number,
                    table=seat.table.number if seat else None,
                    place=seat.get_place_display() if seat else "",
                )
            )
        url = player_url(registration.number)
        cards.append(
            PlayerCard(registration=registration, lines=lines, url=url, qr_svg=qr_svg(url))
        )
    return cards


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
