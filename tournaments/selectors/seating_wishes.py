"""Reads of the arbitre's seating wishes (issue 44): the pairs kept apart, the fixed tables,
the players to choose from, what a hand swap would break of them (said before it is made),
and what a seated position does not meet of them, and why."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from tournaments.models import ApartPair, FixedTable, Position, Registration, Seat, Tournament


def apart_pairs(*, tournament: Tournament) -> list[ApartPair]:
    return list(
        tournament.apart_pairs.select_related("first__player", "second__player").order_by(
            "added_at", "pk"
        )
    )


def fixed_tables(*, tournament: Tournament) -> list[FixedTable]:
    return list(tournament.fixed_tables.select_related("registration__player").order_by("table"))


def apart_pair_of(*, tournament: Tournament, pair_id: int) -> ApartPair | None:
    """The tournament's pair kept apart ``pair_id``, its players read; None when it has none
    (removed already)."""
    pairs = tournament.apart_pairs.select_related("first__player", "second__player")
    return pairs.filter(pk=pair_id).first()


def fixed_table_of(*, tournament: Tournament, fixed_id: int) -> FixedTable | None:
    """The tournament's fixed table ``fixed_id``, its player read; None when it has none."""
    fixed = tournament.fixed_tables.select_related("registration__player")
    return fixed.filter(pk=fixed_id).first()


def wish_of_another_tournament(*, tournament: Tournament, model, pk: int) -> bool:
    """Whether ``pk`` names a wish (``ApartPair`` or ``FixedTable``) of another tournament:
    not this one's to remove, nor to tell anything of."""
    return model.objects.filter(pk=pk).exclude(tournament=tournament).exists()


def wishes_count(*, tournament: Tournament) -> int:
    """How many pairs kept apart and fixed tables the arbitre named."""
    return tournament.apart_pairs.count() + tournament.fixed_tables.count()


def wish_choices(*, tournament: Tournament):
    """The players the arbitre chooses from (the forms list them by name, and tell homonyms
    apart by their number): the tournament's registrations, none of another's."""
    return tournament.registrations.select_related("player")


def draw_wishes(
    *, tournament: Tournament, participants: Sequence[Registration]
) -> tuple[list[list[int]], dict[int, int]]:
    """The wishes as the draw's input publishes them, for the players of ``participants``
    only: the pairs kept apart and the fixed tables, by the directory's player ids."""
    present = {registration.pk: registration.player_id for registration in participants}
    apart = [
        [present[first], present[second]]
        for first, second in tournament.apart_pairs.values_list("first_id", "second_id")
        if first in present and second in present
    ]
    fixed = {
        present[registration]: table
        for registration, table in tournament.fixed_tables.values_list("registration_id", "table")
        if registration in present
    }
    return apart, fixed


def fixed_past_tables(
    *, tournament: Tournament, participants: Sequence[Registration], tables: int
) -> list[str]:
    """The fixed tables the players of ``participants`` cannot have, since the position
    counts ``tables`` tables, in French."""
    present = {registration.pk for registration in participants}
    return [
        _(
            "La table fixe de %(player)s est la table %(table)s, mais les %(players)s joueurs "
            "présents ne font que %(tables)s tables."
        )
        % {
            "player": fixed.registration.numbered,
            "table": fixed.table,
            "players": len(participants),
            "tables": tables,
        }
        for fixed in fixed_tables(tournament=tournament)
        if fixed.registration_id in present and fixed.table > tables
    ]


@dataclass(frozen=True)
class ApartSwapped:
    """A pair kept apart that a hand swap would seat together, at table ``table``."""

    first: Registration
    second: Registration
    table: int

    def __str__(self) -> str:
        return _(
            "Cet échange assiérait ensemble %(first)s et %(second)s, à tenir à l'écart, à la "
            "table %(table)s."
        ) % {"first": self.first.numbered, "second": self.second.numbered, "table": self.table}


@dataclass(frozen=True)
class FixedSwapped:
    """A player a hand swap would take from their fixed table ``fixed`` to table ``table``."""

    registration: Registration
    fixed: int
    table: int

    def __str__(self) -> str:
        return _("Cet échange ôterait %(player)s de sa table fixe %(fixed)s.") % {
            "player": self.registration.numbered,
            "fixed": self.fixed,
        }


def swap_breaks_wishes(
    *, position: Position, first: Seat, second: Seat
) -> list[ApartSwapped | FixedSwapped]:
    """The arbitre's wishes a swap of ``first`` and ``second`` would break, that the seating
    keeps now: a pair kept apart seated together, a player taken from their fixed table.
    The seats are read with their table and their registration's player."""
    if first.table_id == second.table_id:
        return []
    tournament = position.tournament
    going_to = {
        first.registration_id: second.table.number,
        second.registration_id: first.table.number,
    }
    table_of = dict(
        Seat.objects.filter(
            position=position, table_id__in=[first.table_id, second.table_id]
        ).values_list("registration_id", "table__number")
    )
    broken: list[ApartSwapped | FixedSwapped] = []
    for pair in apart_pairs(tournament=tournament):
        for mover, other in ((pair.first_id, pair.second_id), (pair.second_id, pair.first_id)):
            # The two players swapped end at different tables: a pair of them stays apart.
            stays = other not in going_to
            if stays and mover in going_to and table_of.get(other) == going_to[mover]:
                broken.append(ApartSwapped(pair.first, pair.second, going_to[mover]))
    for fixed in fixed_tables(tournament=tournament):
        moving = fixed.registration_id
        if moving in going_to and table_of[moving] == fixed.table != going_to[moving]:
            broken.append(FixedSwapped(fixed.registration, fixed.table, going_to[moving]))
    return broken


def unmet_wishes(
    *, position: Position, swapped: set[frozenset[int]], drawn_at: datetime | None
) -> list[str]:
    """What the seating of ``position`` does not meet of the arbitre's wishes, and why, in
    French: a pair kept apart at one table, a player away from their fixed table.
    ``swapped`` holds the pairs (player ids) that hand swaps seated together; ``drawn_at``
    is when the draw in force was made (a wish named after it was not given to it)."""
    tournament = position.tournament
    seats = list(Seat.objects.filter(position=position).select_related("table", "registration"))
    table_of = {seat.registration_id: seat.table.number for seat in seats}
    player_of = {seat.registration_id: seat.registration.player_id for seat in seats}
    size_of: dict[int, int] = {}
    for seat in seats:
        size_of[seat.table.number] = size_of.get(seat.table.number, 0) + 1
    moved = {player for pair in swapped for player in pair}

    def after_draw(wish) -> bool:
        return drawn_at is None or wish.added_at > drawn_at

    return [
        *_apart_unmet(tournament, table_of, player_of, swapped, after_draw),
        *_fixed_unmet(tournament, table_of, player_of, size_of, moved, after_draw),
    ]


def _apart_unmet(tournament, table_of, player_of, swapped, after_draw) -> list[str]:
    found = []
    for pair in apart_pairs(tournament=tournament):
        table = table_of.get(pair.first_id)
        if table is None or table != table_of.get(pair.second_id):
            continue
        if frozenset((player_of[pair.first_id], player_of[pair.second_id])) in swapped:
            why = _("un échange à la main les a réunis.")
        elif after_draw(pair):
            why = _(
                "contrainte demandée après le tirage de cette position : elle vaut pour les "
                "placements tirés ensuite."
            )
        else:
            why = _("le tirage n'a trouvé aucun placement qui les sépare.")
        found.append(
            _(
                "%(first)s et %(second)s, à tenir à l'écart, jouent ensemble à la table "
                "%(table)s : %(why)s"
            )
            % {
                "first": pair.first.numbered,
                "second": pair.second.numbered,
                "table": table,
                "why": why,
            }
        )
    return found


def _fixed_unmet(tournament, table_of, player_of, size_of, moved, after_draw) -> list[str]:
    found = []
    for fixed in fixed_tables(tournament=tournament):
        table = table_of.get(fixed.registration_id)
        if table is None or table == fixed.table:
            continue
        if fixed.table > len(size_of):
            why = _("la position ne compte que %(tables)s tables.") % {"tables": len(size_of)}
        elif player_of[fixed.registration_id] in moved:
            why = _("un échange à la main l'a déplacé.")
        elif after_draw(fixed):
            why = _(
                "contrainte demandée après le tirage de cette position : elle vaut pour les "
                "placements tirés ensuite."
            )
        elif size_of[fixed.table] != size_of[table]:
            why = _(
                "la table %(table)s compte %(size)s joueurs, et aucune place à une table de "
                "%(size)s ne s'est libérée sans rencontre répétée."
            ) % {"table": fixed.table, "size": size_of[fixed.table]}
        else:
            why = _("le tirage ne l'y a pas placé.")
        found.append(
            _("%(player)s, table fixe %(fixed)s, joue à la table %(table)s : %(why)s")
            % {
                "player": fixed.registration.numbered,
                "fixed": fixed.table,
                "table": table,
                "why": why,
            }
        )
    return found
