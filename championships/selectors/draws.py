"""Reads about the draws of a tournament's seatings (docs/tirage.md): the commitment waiting
for a position, the draw in force, the public list of every draw, and the check of every
plan against the public data alone (``manage.py verify_draw``)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from championships.models import Draw
from seating.draw import DrawPlayer, PublicDraw, differences, input_document, with_swaps
from tournaments.choices import PLACES_BY_TABLE_SIZE
from tournaments.models import JournalEntry, Position, Registration, Seat, Tournament
from tournaments.selectors.seating_wishes import draw_wishes


def pending_draw(*, tournament: Tournament, number: int) -> Draw | None:
    """The commitment fixed for position ``number`` and not drawn yet, if any."""
    return (
        Draw.objects.filter(tournament=tournament, position_number=number, drawn_at__isnull=True)
        .order_by("-attempt")
        .first()
    )


def journalled_commitments(*, tournament: Tournament) -> dict[int, str]:
    """Each draw's commitment as the journal first published it (its ``draw.committed``
    line), by the draw's id: what the room saw before the draw, whatever the draw's row says
    since."""
    return _first_journalled(tournament, JournalEntry.Action.DRAW_COMMITTED, "commitment")


def journalled_room_seeds(*, tournament: Tournament) -> dict[int, str]:
    """Each draw's room seed as the journal first wrote it, by the draw's id."""
    return _first_journalled(tournament, JournalEntry.Action.DRAW_ROOM_SEED, "room_seed")


def _first_journalled(tournament: Tournament, action: str, key: str) -> dict[int, str]:
    first: dict[int, str] = {}
    lines = (
        JournalEntry.objects.filter(
            tournament=tournament, action=action, subject_type=Draw._meta.model_name
        )
        .order_by("pk")
        .values_list("subject_id", "after")
    )
    for draw_id, after in lines:
        if isinstance(after, dict) and isinstance(after.get(key), str):
            first.setdefault(draw_id, after[key])
    return first


def commitment_published(draw: Draw) -> bool:
    """Whether ``draw``'s commitment is the one its journal line published."""
    return journalled_commitments(tournament=draw.tournament).get(draw.pk) == draw.commitment


def draw_in_force(*, tournament: Tournament, number: int) -> Draw | None:
    """The last draw whose plan seated position ``number`` (its own, or an earlier
    position's draw that seated it ahead of time). Its input is read only if asked for: it
    holds every meeting so far (18,000 seats at the last position of a championship of
    2,000), and the room reads the draw of its position at every refresh."""
    drawn = (
        Draw.objects.filter(
            tournament=tournament, drawn_at__isnull=False, position_number__lte=number
        )
        .defer("input")
        .order_by("-drawn_at", "-pk")
    )
    for draw in drawn:
        if draw.position_number + len(draw.plan) > number:
            return draw
    return None


def draw_players(registrations: Sequence[Registration]) -> list[DrawPlayer]:
    """The players of a draw in public identifiers: the directory's id, the licence, the
    team's name, the club's (as the directory writes it; none when blank)."""
    return [
        DrawPlayer(
            player_id=registration.player_id,
            licence=registration.player.licence,
            team=registration.team.name if registration.team_id else None,
            club=registration.player.club.strip() or None,
        )
        for registration in registrations
    ]


def seated_ids(position: Position) -> list[list[int]]:
    """A seated position in public identifiers: the directory's player ids by table, in seat
    order."""
    return _seated_by_position(Seat.objects.filter(position=position), [position.number])[0]


def draw_history(tournament: Tournament, before: int) -> list[list[list[int]]]:
    """The meetings so far: every position before ``before``, as ``seated_ids``, in two
    queries (a query per position read 18,000 seats in nine at the last position of a
    championship of 2,000)."""
    numbers = list(
        tournament.positions.filter(number__lt=before)
        .order_by("number")
        .values_list("number", flat=True)
    )
    seats = Seat.objects.filter(position__tournament=tournament, position__number__lt=before)
    return _seated_by_position(seats, numbers)


def _seated_by_position(seats, numbers: list[int]) -> list[list[list[int]]]:
    """For each position of ``numbers``, its ``seats`` as ``seated_ids`` gives them."""
    order = {place: index for index, place in enumerate(PLACES_BY_TABLE_SIZE[5])}
    tables: dict[int, dict[int, list[tuple[int, int]]]] = {number: {} for number in numbers}
    rows = seats.values_list(
        "position__number", "table__number", "place", "registration__player_id"
    ).order_by()
    for number, table, place, player_id in rows:
        if number in tables:  # a position created between the two reads waits for the next
            tables[number].setdefault(table, []).append((order[place], player_id))
    return [
        [[player for _, player in sorted(seated)] for _, seated in sorted(tables[number].items())]
        for number in numbers
    ]


def draw_input(
    *, tournament: Tournament, number: int, positions: int, participants: Sequence[Registration]
) -> dict:
    """The public input document of a draw of position ``number`` (seating.draw), with the
    arbitre's wishes among ``participants`` (the pairs kept apart and the fixed tables, by
    player id), which a document publishes from version 3 on."""
    apart, fixed = draw_wishes(tournament=tournament, participants=participants)
    return input_document(
        position=number,
        positions=positions,
        allow_five=tournament.allow_five,
        players=draw_players(participants),
        history=draw_history(tournament, number),
        apart=apart,
        fixed=fixed,
    )


@dataclass(frozen=True)
class SwapRow:
    """One hand swap as the public page lists it: the two players named with their
    participant number (two players may share a name), when, by whom, and the reason and the
    meetings it repeats when it repeats some."""

    position: int
    first: str
    second: str
    at: datetime | None
    by: str
    reason: str
    repeats: list[str]
    wishes: list[str]  # the seating wishes it broke, in French


@dataclass(frozen=True)
class DrawRow:
    """One draw as the public page lists it; the secret only once revealed."""

    draw: Draw
    swaps: list[SwapRow]

    @property
    def positions(self) -> range:
        count = len(self.draw.plan or []) or 1
        return range(self.draw.position_number, self.draw.position_number + count)


def public_draws(*, tournament: Tournament) -> list[DrawRow]:
    """Every draw of ``tournament``, by position then attempt, with the hand swaps made after
    each in the players' names and numbers."""
    draws = list(Draw.objects.filter(tournament=tournament).order_by("position_number", "attempt"))
    ids = {
        pid
        for draw in draws
        for swap in draw.swaps
        for pid in [
            *swap["players"],
            *(pid for r in swap.get("repeats", []) for pid in r[:2]),
            *(pid for a in swap.get("apart", []) for pid in a[:2]),
            *(f[0] for f in swap.get("fixed", [])),
        ]
    }
    names = {
        registration.player_id: registration.numbered
        for registration in tournament.registrations.filter(player_id__in=ids).select_related(
            "player"
        )
    }
    return [
        DrawRow(draw=draw, swaps=[_swap_row(swap, names) for swap in draw.swaps]) for draw in draws
    ]


def _swap_row(swap: dict, names: dict[int, str]) -> SwapRow:
    first, second = (names.get(pid, "?") for pid in swap["players"])
    at = swap.get("at")
    return SwapRow(
        position=swap["position"],
        first=first,
        second=second,
        at=datetime.fromisoformat(at) if at else None,
        by=swap.get("by", ""),
        reason=swap.get("reason", ""),
        repeats=[
            _("%(first)s et %(second)s, déjà à la table %(table)s de la position %(position)s")
            % {
                "first": names.get(a, "?"),
                "second": names.get(b, "?"),
                "table": table,
                "position": number,
            }
            for a, b, number, table in swap.get("repeats", [])
        ],
        wishes=[
            *(
                _("%(first)s et %(second)s, à tenir à l'écart, ensemble à la table %(table)s")
                % {"first": names.get(a, "?"), "second": names.get(b, "?"), "table": table}
                for a, b, table in swap.get("apart", [])
            ),
            *(
                _("%(player)s, table fixe %(fixed)s, à la table %(table)s")
                % {"player": names.get(player, "?"), "fixed": fixed, "table": table}
                for player, fixed, table in swap.get("fixed", [])
            ),
        ],
    )


def public_draw(draw: Draw) -> PublicDraw:
    return PublicDraw(
        position=draw.position_number,
        attempt=draw.attempt,
        commitment=draw.commitment,
        secret=draw.secret,
        version=draw.generator,
        input=draw.input,
        input_fingerprint=draw.input_fingerprint,
        seed=draw.seed,
        plan=draw.plan,
        plan_fingerprint=draw.plan_fingerprint,
        room_seed=draw.room_seed,
    )


@dataclass(frozen=True)
class Verification:
    checked: int  # draws re-derived
    differences: list[str]


def verify_draws(*, tournament: Tournament, number: int | None = None) -> Verification:
    """Every revealed draw of ``tournament`` (of position ``number`` only, when given)
    re-derived from its public data, and every published position compared with the plan
    of the draw in force and the hand swaps made after it."""
    found: list[str] = []
    draws = Draw.objects.filter(tournament=tournament)
    if number is not None:
        draws = draws.filter(position_number=number)
    journalled = journalled_commitments(tournament=tournament)
    room_seeds = journalled_room_seeds(tournament=tournament)
    checked = 0
    for draw in draws.order_by("position_number", "attempt"):
        found.extend(_commitment_differences(draw, journalled.get(draw.pk)))
        if draw.room_seed and room_seeds.get(draw.pk) != draw.room_seed:
            found.append(
                _(
                    "Position %(number)s, tirage n° %(attempt)s : sa graine de la salle n'est "
                    "pas celle que le journal a écrite à sa saisie."
                )
                % {"number": draw.position_number, "attempt": draw.attempt}
            )
        if not draw.is_drawn or not draw.is_revealed:
            continue
        checked += 1
        found.extend(differences(public_draw(draw)))
        history = draw_history(tournament, draw.position_number)
        if draw.input["history"] != history:
            found.append(
                _(
                    "Position %(number)s, tirage n° %(attempt)s : les rencontres des données "
                    "d'entrée ne sont pas celles des positions publiées avant elle."
                )
                % {"number": draw.position_number, "attempt": draw.attempt}
            )
    positions = tournament.positions.filter(seating_published_at__isnull=False)
    if number is not None:
        positions = positions.filter(number=number)
    for position in positions.order_by("number"):
        found.extend(_published_differences(tournament, position))
    return Verification(checked=checked, differences=found)


def _commitment_differences(draw: Draw, journalled: str | None) -> list[str]:
    """A draw whose commitment is not the one the journal published first, before it was
    drawn: the room saw another one."""
    names = {"number": draw.position_number, "attempt": draw.attempt}
    if journalled is None:
        return [
            _(
                "Position %(number)s, tirage n° %(attempt)s : le journal ne garde pas "
                "l'engagement publié avant ce tirage."
            )
            % names
        ]
    if journalled != draw.commitment:
        return [
            _(
                "Position %(number)s, tirage n° %(attempt)s : son engagement n'est pas celui "
                "que le journal a publié avant le tirage (%(journalled)s)."
            )
            % {**names, "journalled": journalled}
        ]
    return []


def _published_differences(tournament: Tournament, position: Position) -> list[str]:
    draw = draw_in_force(tournament=tournament, number=position.number)
    if draw is None:
        return [
            _("Position %(number)s : placée sans tirage vérifiable.") % {"number": position.number}
        ]
    if not draw.is_revealed:
        return [
            _("Position %(number)s : publiée, mais le secret de son tirage n'est pas révélé.")
            % {"number": position.number}
        ]
    offset = position.number - draw.position_number
    swaps = [swap["players"] for swap in draw.swaps if swap["position"] == position.number]
    expected = with_swaps(draw.plan[offset], swaps)
    if seated_ids(position) != expected:
        return [
            _(
                "Position %(number)s : le placement publié n'est pas celui du tirage n° "
                "%(attempt)s et des échanges publiés."
            )
            % {"number": position.number, "attempt": draw.attempt}
        ]
    return []


def commitment_to_show(*, tournament: Tournament) -> Draw | None:
    """The commitment the room's screen shows: the last one whose secret is still hidden
    (a draw to come, or a plan drawn and not published yet)."""
    return (
        Draw.objects.filter(tournament=tournament, revealed_at__isnull=True)
        .order_by("-position_number", "-attempt")
        .first()
    )


def pairs_made_by_swaps(*, tournament: Tournament, upto: int) -> set[frozenset[int]]:
    """The pairs of players (directory ids) seated together, at a position up to ``upto``,
    by a hand swap and not by the draw in force: what the report tells apart from the
    draw's repeats."""
    made: set[frozenset[int]] = set()
    positions = tournament.positions.filter(number__lte=upto, tables__isnull=False).distinct()
    for position in positions.order_by("number"):
        draw = draw_in_force(tournament=tournament, number=position.number)
        if draw is None or not draw.swaps:
            continue
        drawn_pairs = _pairs(draw.plan[position.number - draw.position_number])
        made |= _pairs(seated_ids(position)) - drawn_pairs
    return made


def _pairs(tables: Sequence[Sequence[int]]) -> set[frozenset[int]]:
    return {
        frozenset((first, second))
        for table in tables
        for i, first in enumerate(table)
        for second in table[i + 1 :]
    }
