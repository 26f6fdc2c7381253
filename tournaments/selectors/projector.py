"""The room's screen: the ranking a page at a time, and « Trouver sa place » while a new
seating waits for its players. How any projector pages its rows and picks its screen
(``projector_pages``, ``shown_screen``) is here too: the seasons' screen pages the same way."""

from tournaments.championship import Hall
from tournaments.models import Deal, Position, Seat, Tournament
from tournaments.selectors.seating import seating_plan
from tournaments.selectors.standings import current_ranking

# What one projector screen holds: rows that always fit whole at any screen height, the
# stylesheet giving each row 1/ROWS of the height (static/css/app.css, « Projecteur »).
PROJECTOR_ROWS = 12
PROJECTOR_SEAT_COLUMNS = 3
# Each screen shows this long before the next one (htmx polls).
PROJECTOR_SECONDS = 10


def seating_to_show(tournament: Tournament) -> Position | None:
    """The position whose seats the room is looking for: published, not closed, not started."""
    return (
        tournament.positions.filter(seating_published_at__isnull=False, closed_at__isnull=True)
        .exclude(pk__in=Deal.objects.values("table__position"))
        .order_by("number")
        .first()
    )


def _pages(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)] or [[]]


def projector_pages(rows: list) -> list[list]:
    """The rows a projector screen at a time: always one screen, empty when there are none."""
    return _pages(rows, PROJECTOR_ROWS)


def shown_screen(asked: str, count: int) -> int:
    """The screen asked for (« ?ecran= », counted from 0) among ``count``, wrapping round;
    the first for anything that is no number."""
    try:
        return int(asked) % count
    except ValueError:
        return 0


def projector_screens(
    tournament: Tournament, hall: Hall | None = None
) -> tuple[list[dict], object]:
    """Every screen the projector cycles through: the whole ranking, a page at a time,
    alternating with « Trouver sa place » while a new seating waits for its players (those
    of ``hall``'s tables only, on a hall's screen)."""
    ranking = current_ranking(tournament)
    ranking_pages = projector_pages(ranking.shown_players)
    screens_ranking = [
        {"kind": "ranking", "rows": rows, "page": index, "pages": len(ranking_pages)}
        for index, rows in enumerate(ranking_pages, start=1)
    ]
    position = seating_to_show(tournament)
    screens_seats: list[dict] = []
    if position is not None:
        seats: list[Seat] = seating_plan(position=position).by_name
        if hall is not None:
            seats = [seat for seat in seats if hall.holds(seat.table.number)]
        per_screen = PROJECTOR_ROWS * PROJECTOR_SEAT_COLUMNS
        seat_pages = _pages(seats, per_screen)
        screens_seats = [
            {
                "kind": "seats",
                "position": position,
                "columns": projector_pages(rows),
                "page": index,
                "pages": len(seat_pages),
            }
            for index, rows in enumerate(seat_pages, start=1)
        ]
    screens = []
    for index in range(max(len(screens_ranking), len(screens_seats))):
        screens += screens_ranking[index : index + 1] + screens_seats[index : index + 1]
    return screens, ranking
