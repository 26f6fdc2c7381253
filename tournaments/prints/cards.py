"""The player cards: each player's seats so far and a QR code to their page."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import segno

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
    def rules_url(self) -> str:
        return rules_stamp(len(self.lines) + 1).url

    @property
    def line_runs(self) -> list[tuple[bool, list[CardLine]]]:
        """The lines in order, in runs of seated (True) and not yet seated positions: a run is
        printed in one style, one span however many lines it has."""
        runs: list[tuple[bool, list[CardLine]]] = []
        for line in self.lines:
            seated = line.table is not None
            if runs and runs[-1][0] == seated:
                runs[-1][1].append(line)
            else:
                runs.append((seated, [line]))
        return runs

    @cached_property
    def qr_stamp(self) -> Stamp:
        """The QR code as PDF drawing operators, written once in the file where the card
        shows ``qr_stamp.url``: WeasyPrint would lay out and draw each module of an SVG."""
        return Stamp(
            name=f"card-qr-{self.registration.number}",
            drawing=qr_drawing(self.qr),
            size=len(self.qr.matrix),
        )


# The seats of a card are one block of lines (WeasyPrint lays out a table cell by cell); the
# rule under each of its lines, the heads' and the positions', is drawn once, a stamp its
# background shows, stretched to the block: a unit square of RULES_SIZE, the y axis up.
RULES_SIZE = 1000
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


def card_stamps(cards: list[PlayerCard]) -> list[Stamp]:
    """The stamps the cards' document is drawn with: their QR codes, the rules of their seats."""
    rules = {len(card.lines) + 1 for card in cards}
    return [card.qr_stamp for card in cards] + [rules_stamp(lines) for lines in sorted(rules)]


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
