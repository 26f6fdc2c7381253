"""The player cards: each player's seats so far and a QR code to their page."""

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cached_property

import segno
from django.utils.translation import gettext as _

from common.dates import french_date
from common.names import name_key
from tournaments.championship import StageSpan, after_stage, hall_of, tournament_halls
from tournaments.models import Registration, Seat, Tournament
from tournaments.prints.fonts import PT, fit, width_mm, wrap
from tournaments.prints.pdf import Stamp
from tournaments.prints.qr import make_qr, qr_drawing
from tournaments.selectors.ranking import stage_rankings


@dataclass(frozen=True)
class CardLine:
    """Where the player sits in one position, or nothing yet (``table`` None); ``hall`` is
    the name of the table's hall, in a tournament with halls; or, in place of the positions of
    the stages after it, the stage whose cut left the player out (``eliminated_after``, its
    name)."""

    position: int
    table: int | None
    place: str
    hall: str = ""
    eliminated_after: str = ""

    @property
    def words(self) -> str:
        return self.words_in(WORDS_SIZE_PT, hall_lines=2)

    def words_in(self, size_pt: float, *, hall_lines: int) -> str:
        """The line's words at ``size_pt``, a hall's name cut past ``hall_lines`` lines."""
        if self.eliminated_after:
            return _("Éliminé(e) %(after)s") % {"after": after_stage(self.eliminated_after)}
        values = {"position": self.position, "hall": self.hall, "table": self.table}
        if self.table is None:
            return _("Position %(position)s\N{NO-BREAK SPACE}: pas encore placé") % values
        values["place"] = self.place
        if self.hall:
            # Two lines at most (one on a card of many positions, PlayerCard.fitted): past them
            # a long hall's name is cut with « … », so that the positions still fit the card.
            words = _(
                "Position %(position)s\N{NO-BREAK SPACE}: %(hall)s · table %(table)s · %(place)s"
            )
            rest = width_mm(words % {**values, "hall": ""}, size_pt)
            spare = hall_lines * 0.97 * WORDS_WIDTH - rest
            return words % {**values, "hall": fit(self.hall, spare, size_pt)}
        return _("Position %(position)s\N{NO-BREAK SPACE}: table %(table)s · %(place)s") % values


@dataclass(frozen=True)
class PlayerCard:
    registration: Registration
    lines: list[CardLine]
    url: str
    qr: segno.QRCode
    event_lines: int = 1  # the lines the event takes at the top of the card (event_lines)
    # The player's signed check-in link (``tournaments.checkin_links``), on the card of a
    # player not checked in yet: the pointeur scans it at the door.
    checkin_qr: segno.QRCode | None = None

    @property
    def words(self) -> str:
        """The card's own words, one block of lines in one style but the first (print.css,
        .player-card .words): the name, who the player is, then a line a position, « Position
        1 : table 34 · Sud » (« Position 1 : Salle Loire · table 34 · Sud » in a tournament
        with halls) or « Position 2 : pas encore placé » (« Éliminé(e) à l'issue de la
        Qualification » for the positions of the stages after a cut that left the player
        out). A line of another style, or a column of a table, would be a box of its own to
        lay out, 400 cards over: only a name too long for its line has one, its end in bold on
        the next line (``name_fitted``)."""
        _size_class, name, rest = self.name_fitted
        return "\n".join([name, *([rest] if rest else []), self.under_name])

    @property
    def under_name(self) -> str:
        """The lines under the name: who the player is, then a line a position."""
        return "\n".join(self.fitted[1])

    @property
    def who(self) -> str:
        registration = self.registration
        who = [f"n° {registration.number}"]
        if registration.player.club:
            who.append(registration.player.club)
        if registration.team:
            who.append(_("équipe %(team)s") % {"team": registration.team.name})
        return " · ".join(who)

    @cached_property
    def fitted(self) -> tuple[str, list[str]]:
        """The class of the size of the card's words (print.css) and their lines under the
        name: in the card's size, and when they would run onto its link (many positions, long
        halls' names), in a smaller size, then a smaller one still, then with the halls' names
        beside the QR code cut to one line. Each line is wrapped as WeasyPrint wraps it: 58 mm
        wide beside the QR code, 85 mm under it."""
        rest = self.name_fitted[2]
        for size_class, size, line, cut_beside in WORDS_FITS:
            beside = math.ceil((QR_BOTTOM - _words_top(self.event_lines)) / line)
            # The name's end, in bold: measured a tenth narrower than its line.
            count = 1 + (len(wrap(rest, 0.9 * 0.97 * WORDS_WIDTH, size)) if rest else 0)
            words = []
            for text in [self.who, *self.lines]:
                if isinstance(text, CardLine):
                    text = text.words_in(size, hall_lines=1 if cut_beside and count < beside else 2)
                words.append(text)
                count += len(wrap(text, 0.97 * (WORDS_WIDTH if count < beside else 85), size))
            if count <= room_lines(line, self.event_lines):
                return size_class, words
        return WORDS_FITS[-1][0], words

    @cached_property
    def name_fitted(self) -> tuple[str, str, str]:
        """The class of the name's size (print.css), the name on its line, and what goes on
        the next line: a name too long for its line at every size (« DUPONT-AIGNAN DE LA
        TOUR-MAUBOURG Marie-Charlotte ») is broken between its words in the smallest size,
        its end in bold on the next line, rather than cut."""
        player = self.registration.player
        whole = f"{player.last_name.upper()} {player.first_name}"
        size_class, name = fit_name(whole)
        if name == whole:
            return size_class, name, ""
        size = NAME_SIZES[-1][1]
        words = whole.split()
        count = 1
        while count < len(words) and (
            width_mm(" ".join(words[: count + 1]), size, bold=True) <= 0.97 * NAME_WIDTH
        ):
            count += 1
        first = fit(" ".join(words[:count]), 0.97 * NAME_WIDTH, size, bold=True)
        return size_class, first, " ".join(words[count:])

    @cached_property
    def qr_stamp(self) -> Stamp:
        """The QR code as PDF drawing operators, written once in the file where the card
        shows ``qr_stamp.url``: WeasyPrint would lay out and draw each module of an SVG."""
        return Stamp(
            name=f"card-qr-{self.registration.number}",
            drawing=qr_drawing(self.qr),
            size=len(self.qr.matrix),
        )

    @cached_property
    def checkin_stamp(self) -> Stamp | None:
        """The check-in link's QR code, drawn as the other is; None once the player is in."""
        if self.checkin_qr is None:
            return None
        return Stamp(
            name=f"card-checkin-{self.registration.number}",
            drawing=qr_drawing(self.checkin_qr),
            size=len(self.checkin_qr.matrix),
        )


# The name is the first line of the card's words, in a larger size (print.css,
# .player-card .words::first-line): a name too long for the line at 13 pt takes a smaller size,
# measured with the DejaVu font the PDF is drawn with, and is cut only past the smallest.
NAME_WIDTH = 58.0  # mm
WORDS_WIDTH, WORDS_SIZE_PT = 58.0, 8.5  # the lines under the name
NAME_SIZES = (("", 13.0), ("name-11", 11.0), ("name-9", 9.5))


def fit_name(name: str) -> tuple[str, str]:
    """The class of the size ``name`` fits its line in, and the name (cut with « … » when it
    fits at none)."""
    for size_class, size in NAME_SIZES:
        # A margin, as for the event's lines: WeasyPrint may measure a little wider.
        if width_mm(name, size, bold=True) <= 0.97 * NAME_WIDTH:
            return size_class, name
    size_class, size = NAME_SIZES[-1]
    return size_class, fit(name, 0.97 * NAME_WIDTH, size, bold=True)


# The sizes of the card's words (print.css, .player-card .words and its classes): the class,
# the size in pt, the line's height in mm, whether a hall's name beside the QR code is cut to
# one line (two lines otherwise).
WORDS_FITS = (
    ("", WORDS_SIZE_PT, 4.6, False),
    ("words-75", 7.5, 3.9, False),
    ("words-7", 7.0, 3.4, False),
    ("words-7", 7.0, 3.4, True),
)
# Where the card's words may go, in mm from the card's top: from under the event's lines (4 mm
# of padding, the event, 1.5 mm of margin) to above the link at its foot (3 mm from the foot,
# a line of 6 pt); beside the QR code and its caption (the float .qr-room, 40 mm from under the
# card's padding), 58 mm wide, then 85 mm under it.
WORDS_BOTTOM, QR_BOTTOM = 62.6, 45.5


def _words_top(event_count: int) -> float:
    return 4 + event_count * EVENT_LINE_PT * PT + 1.5


def room_lines(line: float, event_count: int) -> int:
    """How many lines of ``line`` mm the card's words have room for, under an event of
    ``event_count`` lines."""
    return int((WORDS_BOTTOM - _words_top(event_count)) / line)


CARDS_A_PAGE = 8
# The event's line at the top of each card (print.css, .player-card .event): DejaVu Sans 7.5pt,
# 1.25 line height, 58 mm wide; a long event name takes two lines or more.
EVENT_SIZE_PT = 7.5
EVENT_LINE_PT = 1.25 * EVENT_SIZE_PT
EVENT_WIDTH = 58.0  # mm


@dataclass(frozen=True)
class CardPage:
    """A page of cards, and the page of layers behind it: what its cards have in common (their
    borders, the event, the words under the QR code), laid out and drawn once for the document
    rather than once a card."""

    cards: list[PlayerCard]
    layer: Stamp


def card_event(tournament: Tournament) -> str:
    """The event's line at the top of every card: the tournament's name and date."""
    return f"{tournament.name} · {french_date(tournament.date, 'j F Y')}"


def event_lines(event: str) -> int:
    """How many lines ``event`` takes at the top of a card, its words wrapped as WeasyPrint
    wraps them; a line within 3 % of the width is counted as wrapped, so that the card's own
    words may start a line lower than needed, never over the event's last line."""
    return max(1, len(wrap(event, 0.97 * EVENT_WIDTH, EVENT_SIZE_PT)))


def cards_document(
    cards: list[PlayerCard],
    tournament: Tournament,
    *,
    first_page: int = 1,
    page_count: int | None = None,
) -> tuple[dict, list[Stamp]]:
    """The context of prints/cards.html and the stamps to draw it with: the cards' QR codes, and
    a page of layers for each number of cards a page has (eight, and those of a last page less
    full), placed after the pages of cards and left out of the PDF. A part of the cards is
    numbered from its ``first_page`` of the whole's ``page_count``."""
    chunks = [cards[start : start + CARDS_A_PAGE] for start in range(0, len(cards), CARDS_A_PAGE)]
    counts = sorted({len(chunk) for chunk in chunks}, reverse=True)
    layers = {
        count: Stamp(name=f"card-layer-{count}", page=len(chunks) + index)
        for index, count in enumerate(counts)
    }
    event = card_event(tournament)
    context = {
        "tournament": tournament,
        "event": event,
        "event_height_pt": event_lines(event) * EVENT_LINE_PT,
        "pages": [CardPage(cards=chunk, layer=layers[len(chunk)]) for chunk in chunks],
        "first_page": first_page,
        "page_count": page_count or len(chunks),
        "layers": [range(count) for count in counts],
    }
    checkins = [card.checkin_stamp for card in cards if card.checkin_stamp is not None]
    return context, [card.qr_stamp for card in cards] + checkins + list(layers.values())


def _holders(tournament: Tournament, came: Collection[int]) -> list[Registration]:
    """Who gets a card, by name. Before the first seating (nobody ``came``) every registered
    player, to hand out at check-in; after it, those who came: checked in, or seated once (a
    player never present gets no card)."""
    return sorted(
        (
            registration
            for registration in tournament.registrations.select_related("player", "team")
            if not came or registration.checked_in or registration.pk in came
        ),
        key=lambda registration: name_key(registration.player),
    )


def card_holders(tournament: Tournament) -> list[int]:
    """The registrations that get a card, in the cards' order (by name)."""
    seated = Seat.objects.filter(position__tournament=tournament)
    return [
        holder.pk
        for holder in _holders(tournament, set(seated.values_list("registration", flat=True)))
    ]


def printed_cards(
    tournament: Tournament,
    *,
    player_url: Callable[[int], str],
    only: Collection[int] | None = None,
    checkin_url: Callable[[Registration], str] | None = None,
) -> list[PlayerCard]:
    """A card per player (``_holders``; of those ``only``, if given), by name: their table and
    seat in every position seated so far, and a QR code to ``player_url(number)``, their page
    online; for a player not checked in yet, a second one, ``checkin_url(registration)``, their
    check-in link."""
    seats = Seat.objects.filter(position__tournament=tournament).select_related("table", "position")
    seated = {(seat.registration_id, seat.position.number): seat for seat in seats}
    registrations = _holders(tournament, {registration_id for registration_id, _number in seated})
    halls = tournament_halls(tournament)
    if only is not None:
        only = set(only)
        registrations = [registration for registration in registrations if registration.pk in only]
    eliminated = _eliminated(tournament)
    event_count = event_lines(card_event(tournament))
    cards = []
    for registration in registrations:
        lines = []
        for number in range(1, tournament.positions_count + 1):
            out = eliminated.get(registration.pk)
            if out is not None and number > out.last:
                lines.append(
                    CardLine(position=number, table=None, place="", eliminated_after=out.name)
                )
                break
            seat = seated.get((registration.pk, number))
            hall = hall_of(halls, seat.table.number) if seat else None
            lines.append(
                CardLine(
                    position=number,
                    table=seat.table.number if seat else None,
                    place=seat.get_place_display() if seat else "",
                    hall=hall.name if hall else "",
                )
            )
        url = player_url(registration.number)
        checkin = None
        if checkin_url is not None and not registration.checked_in:
            checkin = make_qr(checkin_url(registration))
        cards.append(
            PlayerCard(
                registration=registration,
                lines=lines,
                url=url,
                qr=make_qr(url),
                event_lines=event_count,
                checkin_qr=checkin,
            )
        )
    return cards


def _eliminated(tournament: Tournament) -> dict[int, StageSpan]:
    """For each player a closed stage's cut left out, that stage (by registration): the
    positions after it are not theirs to play. Nothing for a tournament without stages, or
    before a cut is final."""
    eliminated: dict[int, StageSpan] = {}
    for stage in stage_rankings(tournament):
        if stage.span.cut is None or not stage.closed:
            continue
        for line in stage.lines:
            if not line.qualified:
                eliminated.setdefault(line.key, stage.span)
    return eliminated
