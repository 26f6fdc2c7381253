"""Which halls a position's tables fill: a hall whose fixed range of tables gets none of them
(the whole final in the first hall) is said so before the position is seated, on its room and
on the halls' page.

Apart from ``selectors.halls``, which the ranking imports: how many play a later stage is read
from the ranking (``stage_field``, which the stages' services check their cut against too).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from championships.models import Hall
from championships.selectors.stages import StageSpan, span_of, tournament_stages
from tournaments.models import Position, Table, Tournament
from tournaments.selectors.ranking import Ranking, tournament_ranking
from tournaments.selectors.seating import count_tables
from tournaments.selectors.standings import current_ranking


def stage_field(
    tournament: Tournament,
    spans: list[StageSpan],
    span: StageSpan,
    *,
    ranking: Callable[[Tournament], Ranking] = tournament_ranking,
) -> int | None:
    """How many play ``span``, as far as it is known now: those seated at its first
    position once it is; for the first stage before that, those checked in (or registered,
    before the check-in); for a later one, those the previous cut qualified (or the cut,
    before the previous stage is played); None when nothing says yet. The previous stage's
    cut is read from ``ranking(tournament)``: a page reads the ranking shared by every
    reader (``current_ranking``), a service the database as it is."""
    seated = tournament.positions.filter(number=span.first).first()
    if seated is not None and seated.seats.exists():
        return seated.seats.count()
    if span.number == 1:
        return _present(tournament)
    previous = ranking(tournament).stages[span.number - 2]
    if previous.seated:
        return previous.qualified_count or previous.span.cut
    return spans[span.number - 2].cut


def _present(tournament: Tournament) -> int:
    present = tournament.registrations.filter(withdrawn_from__isnull=True)
    return present.filter(checked_in=True).count() or present.count()


def _article(hall: Hall) -> str:
    """« La salle Rhône » for a hall named « Salle Rhône », « La salle « Annexe » » else."""
    name = hall.name
    if name.lower().startswith("salle "):
        return _("La salle %(name)s") % {"name": name[len("salle ") :]}
    return _("La salle « %(name)s »") % {"name": name}


@dataclass(frozen=True)
class EmptyHall:
    """A hall that holds none of a position's tables: they are numbered 1 to ``tables``."""

    hall: Hall
    position: int
    tables: int
    seated: bool

    def __str__(self) -> str:
        values = {
            "hall": _article(self.hall),
            "number": self.position,
            "count": self.tables,
            "first": self.hall.first_table,
            "last": self.hall.last_table,
        }
        if self.tables == 1:
            plays = (
                _("la position se joue à une table (la table 1)")
                if self.seated
                else _("la position se jouera à une table (la table 1)")
            )
        elif self.seated:
            plays = _("la position se joue à %(count)s tables (1 à %(count)s)") % values
        else:
            plays = _("la position se jouera à %(count)s tables (1 à %(count)s)") % values
        return _(
            "%(hall)s n'a aucune table à la position %(number)s : %(plays)s et la salle tient "
            "les tables %(first)s à %(last)s."
        ) % {**values, "plays": plays}


class _Fields:
    """Each position's count of tables, its stage's field read once."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self.fields: dict[int, int | None] = {}

    @cached_property
    def spans(self) -> list[StageSpan]:
        return tournament_stages(self.tournament)

    @cached_property
    def seated(self) -> dict[int, int]:
        """The highest table number of each seated position."""
        highest: dict[int, int] = {}
        rows = Table.objects.filter(position__tournament=self.tournament).values_list(
            "position__number", "number"
        )
        for number, table in rows:
            highest[number] = max(highest.get(number, 0), table)
        return highest

    def tables(self, number: int) -> int | None:
        """How many tables position ``number`` has, or will have as far as known now."""
        if number in self.seated:
            return self.seated[number]
        span = span_of(self.spans, number)
        key = span.number if span else 0
        if key not in self.fields:
            self.fields[key] = (
                stage_field(self.tournament, self.spans, span, ranking=current_ranking)
                if span
                else _present(self.tournament)
            )
        field = self.fields[key]
        if not field:
            return None
        count = count_tables(player_count=field, allow_five=self.tournament.allow_five)
        return (count.fours + count.threes + count.fives) or None


def _empty(hall: Hall, number: int, tables: int | None, seated: bool) -> EmptyHall | None:
    if tables is None or hall.first_table <= tables:
        return None
    return EmptyHall(hall=hall, position=number, tables=tables, seated=seated)


def empty_hall(*, position: Position, hall: Hall) -> EmptyHall | None:
    """Whether ``hall`` holds none of ``position``'s tables (seated or to come)."""
    fields = _Fields(position.tournament)
    tables = fields.tables(position.number)
    return _empty(hall, position.number, tables, position.number in fields.seated)


def empty_halls(*, tournament: Tournament, halls: list[Hall]) -> list[EmptyHall]:
    """For each position not yet closed, the halls that hold none of its tables."""
    if not halls:
        return []
    fields = _Fields(tournament)
    closed = set(
        tournament.positions.filter(closed_at__isnull=False).values_list("number", flat=True)
    )
    found = []
    for number in range(1, tournament.positions_count + 1):
        if number in closed:
            continue
        tables = fields.tables(number)
        for hall in halls:
            empty = _empty(hall, number, tables, number in fields.seated)
            if empty is not None:
                found.append(empty)
    return found
