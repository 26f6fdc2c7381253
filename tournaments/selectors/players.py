"""A player's own page: every position they sat, every deal with their marque, their rank,
their penalties, their running total and where they sit next."""

from collections import defaultdict
from dataclasses import dataclass, field
from operator import attrgetter

from common.db import one_snapshot
from common.names import by_name, name_matches
from scoring.values import signed
from tournaments.championship import Hall, hall_of, tournament_halls
from tournaments.choices import seat_order
from tournaments.models import Deal, Penalty, Registration, Seat, Tournament
from tournaments.selectors.ranking import RankedPlayer, Ranking


@dataclass
class DealLine:
    deal: Deal
    marque: int | None
    role: str  # « preneur », « partenaire », « mort » or empty
    taker: str  # the taker's name, as the table calls them


@dataclass
class PositionPage:
    number: int
    seat: Seat
    others: list[Seat]
    deals: list[DealLine]
    bilan: int
    penalties: list[Penalty]
    signed: bool
    closed: bool
    hall: Hall | None = None  # the hall of its table, in a tournament with halls


@dataclass
class ChartPoint:
    label: str
    total: int
    x: float = 0
    y: float = 0
    labelled: bool = True  # its label drawn under the axis (a long chart labels a few)
    carried: bool = False  # a stage's start: the points carried over from the stage before
    penalty: int = 0  # the points taken off at this position, counted in this point


@dataclass
class PlayerPage:
    registration: Registration
    standing: RankedPlayer | None
    ranking: Ranking
    positions: list[PositionPage]
    penalties: list[Penalty]
    next_seat: Seat | None
    next_hall: Hall | None = None
    chart: list[ChartPoint] = field(default_factory=list)
    chart_zero: float = 0
    # What the chart's points mean beyond « total after the position »: each carry-over at a
    # stage's start, each penalty (in French, for the caption).
    chart_notes: list[str] = field(default_factory=list)


def _role(deal: Deal, place: str) -> str:
    if deal.sitting_out == place:
        return "mort"
    if deal.taker == place:
        return "preneur"
    if deal.partner == place:
        return "partenaire"
    return ""


@one_snapshot
def player_page(*, tournament: Tournament, ranking: Ranking, number: int) -> PlayerPage | None:
    """The page of participant ``number``, or None if nobody has that number."""
    standing = ranking.by_number.get(number)
    if standing is not None:
        registration = standing.registration
    else:
        registration = (
            tournament.registrations.select_related("player", "team").filter(number=number).first()
        )
        if registration is None:
            return None
    seats = list(
        registration.seats.select_related("table", "position").order_by("position__number")
    )
    table_ids = [seat.table_id for seat in seats]
    neighbours: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("registration__player"):
        neighbours[seat.table_id].append(seat)
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in Deal.objects.filter(table_id__in=table_ids).order_by("number"):
        deals[deal.table_id].append(deal)
    penalties = list(
        registration.penalties.select_related("position").order_by("position__number", "pk")
    )
    active_by_position: dict[int, list[Penalty]] = defaultdict(list)
    for penalty in penalties:
        active_by_position[penalty.position.number].append(penalty)

    halls = tournament_halls(tournament)
    positions = []
    for seat in seats:
        table_seats = sorted(neighbours[seat.table_id], key=lambda s: seat_order(s.place))
        names = {
            s.place: f"{s.registration.player.first_name} {s.registration.player.last_name}"
            for s in table_seats
        }
        positions.append(
            PositionPage(
                number=seat.position.number,
                seat=seat,
                others=[s for s in table_seats if s.pk != seat.pk],
                deals=[
                    DealLine(
                        deal,
                        marque=deal.marque(seat.place),
                        role=_role(deal, seat.place),
                        taker=names.get(deal.taker, ""),
                    )
                    for deal in deals[seat.table_id]
                ],
                bilan=sum(deal.marque(seat.place) or 0 for deal in deals[seat.table_id]),
                penalties=active_by_position[seat.position.number],
                signed=seat.table.locked_at is not None,
                closed=seat.position.closed_at is not None,
                hall=hall_of(halls, seat.table.number),
            )
        )
    next_seat = _next_seat(seats)
    page = PlayerPage(
        registration=registration,
        standing=standing,
        ranking=ranking,
        positions=positions,
        penalties=penalties,
        next_seat=next_seat,
        next_hall=hall_of(halls, next_seat.table.number) if next_seat else None,
    )
    _draw_chart(page)
    return page


def _next_seat(seats: list[Seat]) -> Seat | None:
    """The seat the player goes to: the first published position not closed whose sheet they
    have not signed yet (the one being played, or the next one once it is published)."""
    for seat in seats:
        position = seat.position
        if position.seating_published_at and not position.closed_at and not seat.table.locked_at:
            return seat
    return None


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 140, 18
CHART_BOTTOM = 30  # room under the line for the positions' labels


def _draw_chart(page: PlayerPage) -> None:
    """The running total after each position, as the ranking counts it, in the SVG's
    coordinates; nothing to draw before a position is played.

    Penalties count at the position they were given. In a tournament with stages, each stage
    after the first starts from the points it carries over from the one before (a point of its
    own, marked as carried), so that the last point is the ranking's total. A position the
    player did not play (the ranking's « non jouée ») has no point, unless a penalty was given
    there.
    """
    results = page.standing.positions if page.standing is not None else {}
    taken = defaultdict(int)
    for penalty in page.penalties:
        if not penalty.is_cancelled:
            taken[penalty.position.number] += penalty.points
    seated = set(page.ranking.position_numbers)
    points = [ChartPoint(label="", total=0)]
    notes = []
    for start, numbers in _chart_spans(page):
        running = start.carried if start is not None else points[-1].total
        if start is not None:
            points.append(ChartPoint(label="rep.", total=running, carried=True))
            notes.append(
                f"« rep. » : au début de la phase « {start.name} », le report de la phase "
                f"précédente, {signed(running)}."
            )
        for number in numbers:
            if number not in seated:
                continue
            running -= taken[number]
            result = results.get(number)
            if (result is not None and result.played) or taken[number]:
                running += result.bilan if result is not None and result.played else 0
                points.append(ChartPoint(label=f"P{number}", total=running, penalty=taken[number]))
                if taken[number]:
                    notes.append(f"P{number} : pénalité de {taken[number]} points, déduite.")
    if len(points) < 2:
        return
    page.chart = points
    page.chart_zero = draw_chart(points)
    page.chart_notes = notes


@dataclass(frozen=True)
class _StageStart:
    name: str
    carried: int


def _chart_spans(page: PlayerPage) -> list[tuple[_StageStart | None, range | list[int]]]:
    """The positions the chart draws, in runs: the whole tournament at once without stages;
    with stages, each stage the player sat, those after the first starting from what they
    carry over (the stage's ranking line)."""
    stages = page.ranking.stages
    if not stages:
        return [(None, page.ranking.position_numbers)]
    runs = []
    for index, stage in enumerate(stages):
        line = stage.by_key.get(page.registration.pk)
        if line is None:
            continue
        start = _StageStart(stage.span.name, line.carried) if index else None
        runs.append((start, stage.span.positions))
    return runs


def draw_chart(points: list[ChartPoint], *, labels: int | None = None) -> float:
    """Place ``points`` (two at least), left to right, in the SVG's coordinates (320 × 140),
    the highest total at the top; at most ``labels`` of them keep their label. Returns the
    height of the zero line. A player's history draws its evenings with it too."""
    low = min(0, *(point.total for point in points))
    high = max(0, *(point.total for point in points))
    span = (high - low) or 1
    step = (CHART_WIDTH - 2 * CHART_PAD) / (len(points) - 1)
    drawn_height = CHART_HEIGHT - CHART_PAD - CHART_BOTTOM
    every = -(-len(points) // labels) if labels else 1
    for index, point in enumerate(points):
        point.x = round(CHART_PAD + index * step, 1)
        point.y = round(CHART_PAD + (high - point.total) * drawn_height / span, 1)
        point.labelled = point.labelled and index % every == 0
    return round(CHART_PAD + high * drawn_height / span, 1)


def find_players(*, tournament: Tournament, query: str) -> list[Registration]:
    """Participants whose name (accents and case aside) or number matches ``query``."""
    query = " ".join((query or "").split())[:100]
    if not query:
        return []
    registrations = tournament.registrations.select_related("player")
    if query.isascii() and query.isdigit():
        return list(registrations.filter(number=int(query)))
    for word in query.split():
        registrations = registrations.filter(name_matches(word, player="player__"))
    return by_name(registrations, player=attrgetter("player"))
