"""The player cards: each player's seats so far and a QR code to their page."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

import segno
from django.template.defaultfilters import date as date_filter
from django.utils.translation import gettext as _
from PIL import ImageFont

from clubs.names import name_key
from tournaments.models import (
    Registration,
    Seat,
    Tournament,
)
from tournaments.prints.pdf import Stamp
from tournaments.prints.qr import make_qr, qr_drawing


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
    qr: segno.QRCode

    @property
    def seats_head_url(self) -> str:
        return seats_head_stamp(len(self.lines)).url

    @property
    def seat_lines(self) -> str:
        """A line a position, a tab between its columns: « 1 → 34 → Sud », or « 2 → pas encore
        placé ». One style for them all: a run of bold or italic lines would be a box of its own
        to lay out, 400 cards over."""
        return "\n".join(
            f"{line.position}\t{line.table}\t{line.place}"
            if line.table is not None
            else f"{line.position}\t{_('pas encore placé')}"
            for line in self.lines
        )

    @cached_property
    def qr_stamp(self) -> Stamp:
        """The QR code as PDF drawing operators, written once in the file where the card
        shows ``qr_stamp.url``: WeasyPrint would lay out and draw each module of an SVG."""
        return Stamp(
            name=f"card-qr-{self.registration.number}",
            drawing=qr_drawing(self.qr),
            size=len(self.qr.matrix),
        )


# The seats of a card are one block of lines (WeasyPrint lays out a table cell by cell). What is
# the same on every card with as many positions, the heads of the columns and the rule under
# each line, is a page of layers (a stamp) behind the block: the heads are laid out once, and
# the rules drawn once, stretched to the head's block: a unit square of RULES_SIZE, y axis up.
RULES_SIZE = 1000
SEAT_LINE_MM = 4.6  # print.css, .player-card .seats
RULE_THICKNESS = 5  # 0.14 mm under 6 lines of 4.6 mm


def rules_stamp(lines: int) -> Stamp:
    """The rules under ``lines`` lines of a card's seats (the heads, then one a position)."""
    pitch = RULES_SIZE / lines
    rectangles = " ".join(
        f"0 {RULES_SIZE - index * pitch:g} {RULES_SIZE} {RULE_THICKNESS} re"
        for index in range(1, lines + 1)
    )
    return Stamp(
        name=f"card-rules-{lines}", drawing=f"0.6 g {rectangles} f".encode(), size=RULES_SIZE
    )


def seats_head_stamp(positions: int, page: int | None = None) -> Stamp:
    """The page of layers behind the seats of a card with ``positions`` lines: the heads of
    its columns and the rules (page ``page`` of the document, once it is known)."""
    return Stamp(name=f"card-seats-head-{positions}", page=page)


CARDS_A_PAGE = 8
# The event's line at the top of each card (print.css, .player-card .event): DejaVu Sans 7.5pt,
# 1.25 line height, 58 mm wide; a long event name takes two lines or more.
EVENT_SIZE_PT = 7.5
EVENT_LINE_PT = 1.25 * EVENT_SIZE_PT
EVENT_WIDTH_PT = 58 / 25.4 * 72


@dataclass(frozen=True)
class CardPage:
    """A page of cards, and the page of layers behind it: what its cards have in common (their
    borders, the event, the words under the QR code), laid out and drawn once for the document
    rather than once a card."""

    cards: list[PlayerCard]
    layer: Stamp


@cache
def _event_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype("DejaVuSans.ttf", 1000)


def event_lines(event: str) -> int:
    """How many lines ``event`` takes at the top of a card, its words wrapped as WeasyPrint
    wraps them; a line within 3 % of the width is counted as wrapped, so that the card's own
    words may start a line lower than needed, never over the event's last line."""
    lines = 1
    line = ""
    for word in event.split(" "):
        longer = f"{line} {word}" if line else word
        if line and _event_font().getlength(longer) / 1000 * EVENT_SIZE_PT > 0.97 * EVENT_WIDTH_PT:
            lines += 1
            longer = word
        line = longer
    return lines


def cards_document(cards: list[PlayerCard], tournament: Tournament) -> tuple[dict, list[Stamp]]:
    """The context of prints/cards.html and the stamps to draw it with: the cards' QR codes, and
    the pages of layers placed after the pages of cards and left out of the PDF: one for each
    number of cards a page has (eight, and those of a last page less full), then one for each
    number of positions a card shows (the heads and rules of its seats)."""
    chunks = [cards[start : start + CARDS_A_PAGE] for start in range(0, len(cards), CARDS_A_PAGE)]
    counts = sorted({len(chunk) for chunk in chunks}, reverse=True)
    layers = {
        count: Stamp(name=f"card-layer-{count}", page=len(chunks) + index)
        for index, count in enumerate(counts)
    }
    positions = sorted({len(card.lines) for card in cards})
    heads = [
        seats_head_stamp(count, page=len(chunks) + len(counts) + index)
        for index, count in enumerate(positions)
    ]
    event = f"{tournament.name} · {date_filter(tournament.date, 'j F Y')}"
    context = {
        "tournament": tournament,
        "event": event,
        "event_height_pt": event_lines(event) * EVENT_LINE_PT,
        "pages": [CardPage(cards=chunk, layer=layers[len(chunk)]) for chunk in chunks],
        "layers": [range(count) for count in counts],
        # The heads' block of each page of heads: its rules, and its height (a line a position
        # and the heads' line).
        "seats_heads": [
            (rules_stamp(count + 1), round((count + 1) * SEAT_LINE_MM, 2)) for count in positions
        ],
    }
    stamps = [card.qr_stamp for card in cards] + [rules for rules, _height in context["seats_heads"]]
    return context, stamps + list(layers.values()) + heads


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
        key=lambda registration: name_key(registration.player),
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
        cards.append(PlayerCard(registration=registration, lines=lines, url=url, qr=make_qr(url)))
    return cards
