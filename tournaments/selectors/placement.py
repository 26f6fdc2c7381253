"""Reads of the placement page: a position's plan, its quality and what changing it does."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from common.names import name_key
from seating import SeatingReport
from tournaments.championship import span_of, tournament_stages
from tournaments.models import Position, Registration, Seat, Tournament


def swappable_seats(*, position: Position):
    """The position's seats, by player name: the choices of the swap form."""
    return position.seats.select_related("registration__player", "table").order_by(
        "registration__player__last_name", "registration__player__first_name"
    )


def registration_players(*, tournament: Tournament) -> dict:
    """Each registration's player, by the registration's key: the names of a seating report."""
    return {r.pk: r.player for r in tournament.registrations.select_related("player")}


def seated_ahead(number: int, last_seated: int) -> str:
    """What generating position ``number`` again does to the positions seated after it."""
    if last_seated <= number:
        return ""
    if last_seated == number + 1:
        return _("La position %(next)s, déjà placée, sera placée de nouveau en même temps.") % {
            "next": last_seated
        }
    return _(
        "Les positions %(positions)s, déjà placées, seront placées de nouveau en même temps."
    ) % {"positions": positions_span(number + 1, last_seated)}


def positions_span(first: int, last: int) -> str:
    """« 2 et 3 », « 2 à 4 »: positions from ``first`` to ``last``."""
    joined = _("%(first)s et %(last)s") if last == first + 1 else _("%(first)s à %(last)s")
    return joined % {"first": first, "last": last}


def odd_table_turns(report: SeatingReport, names: dict) -> list[tuple[int, list]]:
    """Who sat at a table of 3 or 5 how often, most often first, names in French order."""
    by_count: dict[int, list] = {}
    for registration_id, count in report.odd_tables.items():
        by_count.setdefault(count, []).append(names[registration_id])
    if set(by_count) <= {0}:
        return []
    return [
        (count, sorted(by_count[count], key=name_key)) for count in sorted(by_count, reverse=True)
    ]


def stage_repeats(*, position: Position, report: SeatingReport, history: list, names: dict) -> str:
    """What the report says of the repeat meetings of a later stage's position: its players
    have met before, in the earlier stages, and a small field may leave no seating without
    a repeat. It says « inévitables » only when it can show it: a player who has already met
    all but fewer of the stage's players than one table needs."""
    spans = tournament_stages(position.tournament)
    span = span_of(spans, position.number)
    if span is None or span.number == 1 or not report.repeat_meetings:
        return ""
    tables = list(position.tables.prefetch_related("seats"))
    field = {seat.registration_id for table in tables for seat in table.seats.all()}
    met: dict[int, set[int]] = {player: set() for player in field}
    for past in history:
        for table in past:
            for player in table:
                if player in met:
                    met[player].update(other for other in table if other != player)
    needed = min(table.seats.count() for table in tables) - 1
    unmet, stuck = min(
        ((len(field) - 1 - len(met[player] & field), player) for player in field),
        key=lambda pair: (pair[0], name_key(names[pair[1]])),
    )
    if unmet < needed:
        return _(
            "Phase « %(stage)s » : rencontres répétées inévitables. %(player)s a déjà "
            "rencontré %(met)s des %(others)s autres joueurs de la phase."
        ) % {
            "stage": span.name,
            "player": names[stuck],
            "met": len(field) - 1 - unmet,
            "others": len(field) - 1,
        }
    return _(
        "Phase « %(stage)s » : ses %(count)s joueurs se sont en partie déjà rencontrés dans "
        "les phases précédentes, et le tirage n'a pas trouvé de placement sans rencontre "
        "répétée sur l'ensemble de l'épreuve."
    ) % {"stage": span.name, "count": len(field)}


@dataclass(frozen=True)
class SwapRepeat:
    """Two players a hand swap would seat together who already met: at ``position``'s table
    ``table``."""

    first: Registration
    second: Registration
    position: int
    table: int

    def __str__(self) -> str:
        return _(
            "%(first)s et %(second)s, déjà à la table %(table)s de la position %(position)s"
        ) % {
            "first": self.first.numbered,
            "second": self.second.numbered,
            "table": self.table,
            "position": self.position,
        }


def swap_repeats(*, position: Position, first: Seat, second: Seat) -> list[SwapRepeat]:
    """The meetings a swap of ``first`` and ``second`` would repeat: each player moved beside
    someone they already sat with at another position of the tournament."""
    if first.table_id == second.table_id:
        return []
    seats = list(
        Seat.objects.filter(position=position, table__in=[first.table_id, second.table_id])
        .select_related("registration__player")
        .order_by("pk")
    )
    moving = {first.registration_id: second.table_id, second.registration_id: first.table_id}
    pairs = []
    for seat in seats:
        if seat.registration_id in moving:
            continue
        for mover in (first, second):
            if moving[mover.registration_id] == seat.table_id:
                pairs.append((mover.registration, seat.registration))
    involved = {registration.pk for pair in pairs for registration in pair}
    tables: dict[tuple[int, int], set[int]] = {}
    rows = (
        Seat.objects.filter(position__tournament_id=position.tournament_id)
        .exclude(position=position)
        .filter(registration_id__in=involved)
        .values_list("position__number", "table__number", "registration_id")
    )
    for number, table, registration_id in rows:
        tables.setdefault((number, table), set()).add(registration_id)
    found = []
    for mover, other in pairs:
        for (number, table), seated in sorted(tables.items()):
            if mover.pk in seated and other.pk in seated:
                found.append(SwapRepeat(mover, other, number, table))
    return found
