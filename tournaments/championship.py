"""What a tournament asks of the championship it may be part of: its halls and the roles given
in it, its stages, and the verifiable draw of every seating (docs, « Layout »).

The championship (``championships/``) stands above the tournament: its tables name the
tournament, and its services write the tournament's journal. The tournament names none of its
modules; it asks these questions, and ``championships.apps`` answers them at start
(``answer_with``). A tournament without halls or stages is answered by empty lists, so that
its pages, prints and ranking read as they always did.

The rows it is answered with are read by their attributes alone, as the protocols below say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any, Protocol

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Q

# The roles' kinds as their table stores them (``championships.models.halls.Role``; a test
# holds the two together).
HALL_ARBITRE = "salle"
POINTEUR = "pointeur"


class Hall(Protocol):
    """A hall: a run of the tournament's tables, numbered and named."""

    pk: int
    number: int
    name: str
    first_table: int
    last_table: int

    def holds(self, table_number: int) -> bool: ...


class TournamentRole(Protocol):
    """A role an account holds in the tournament: its kind, its hall, its words."""

    pk: int
    role: str
    hall: Hall | None
    acting_as: str


class Draw(Protocol):
    """A seating's verifiable draw: committed, drawn, then revealed."""

    pk: int
    position_number: int
    attempt: int


class StageSpan(Protocol):
    """A stage with the positions it spans."""

    pk: int
    number: int
    name: str
    first: int
    last: int
    cut: int | None
    cut_per_hall: bool
    carry_over: Fraction

    @property
    def positions(self) -> range: ...


class StageLine(Protocol):
    """A player's line in a stage's ranking (the fields the tournament's prints read)."""

    qualified: bool


class StageRanking(Protocol):
    """One stage's ranking: its lines, its cut, whether it is closed and seated."""

    span: StageSpan
    lines: list
    closed: bool
    seated: bool


_answers: ModuleType | None = None


def answer_with(answers: ModuleType) -> None:
    """Called once at start by the championship (``championships.apps``)."""
    global _answers
    _answers = answers


def _championship() -> Any:
    if _answers is None:
        raise ImproperlyConfigured("championships is not in INSTALLED_APPS: nobody answers.")
    return _answers


# The halls and roles.


def tournament_halls(tournament) -> list[Hall]:
    return _championship().tournament_halls(tournament)


def in_hall(hall: Hall | None, prefix: str = "") -> Q:
    """The tables of ``hall`` (every table when None), as a filter on ``<prefix>number``."""
    return _championship().in_hall(hall, prefix)


def hall_of(halls: Sequence[Hall], table_number: int) -> Hall | None:
    return _championship().hall_of(halls, table_number)


def hall_numbered(*, tournament_id: int, number: int) -> Hall:
    """The tournament's hall ``number`` (``DoesNotExist`` when it has none)."""
    return _championship().hall_numbered(tournament_id=tournament_id, number=number)


def hall_holding(*, tournament_id: int, table_number: int) -> Hall | None:
    """The hall that holds table ``table_number`` of the tournament, if it has halls."""
    return _championship().hall_holding(tournament_id=tournament_id, table_number=table_number)


def role_held(*, user_id: int, tournament_id: int) -> TournamentRole | None:
    """The role (with its hall) the account ``user_id`` holds in the tournament, if any."""
    return _championship().role_held(user_id=user_id, tournament_id=tournament_id)


def roles_of(user) -> list[dict]:
    return _championship().roles_of(user)


def empty_hall(*, position, hall: Hall):
    return _championship().empty_hall(position=position, hall=hall)


def empty_halls(*, tournament, halls: list[Hall]) -> list:
    return _championship().empty_halls(tournament=tournament, halls=halls)


# The stages.


def tournament_stages(tournament) -> list[StageSpan]:
    return _championship().tournament_stages(tournament)


def span_of(spans: Sequence[StageSpan], number: int) -> StageSpan | None:
    return _championship().span_of(spans, number)


def stage_name(position) -> str:
    return _championship().stage_name(position)


def for_stage(name: str) -> str:
    return _championship().for_stage(name)


def after_stage(name: str) -> str:
    return _championship().after_stage(name)


def rank_stages(
    spans: Sequence[StageSpan],
    *,
    bilans: Mapping[int, Mapping[int, int]],
    penalties: Mapping[int, Mapping[int, int]],
    closed: set[int],
    seated: set[int],
    order: Mapping[int, tuple],
    halls: Mapping[int, Mapping[int, str]] | None = None,
) -> list[StageRanking]:
    """Each stage's ranking: its carry-over, its positions' bilans less its penalties, its cut."""
    return _championship().rank_stages(
        spans,
        bilans=bilans,
        penalties=penalties,
        closed=closed,
        seated=seated,
        order=order,
        halls=halls,
    )


def final_places(rankings: Sequence[StageRanking]) -> list:
    return _championship().final_places(rankings)


# The seatings' draw (docs/tirage.md).


def pending_draw(*, tournament, number: int) -> Draw | None:
    return _championship().pending_draw(tournament=tournament, number=number)


def draw_in_force(*, tournament, number: int) -> Draw | None:
    return _championship().draw_in_force(tournament=tournament, number=number)


def commitment_published(draw: Draw) -> bool:
    return _championship().commitment_published(draw)


def commitment_to_show(*, tournament) -> Draw | None:
    return _championship().commitment_to_show(tournament=tournament)


def draw_input(*, tournament, number: int, positions: int, participants: Sequence) -> dict:
    """The public input document of a draw of position ``number``."""
    return _championship().draw_input(
        tournament=tournament, number=number, positions=positions, participants=participants
    )


def commit_draw(*, tournament, number: int, by, reason: str = "") -> Draw:
    return _championship().commit_draw(tournament=tournament, number=number, by=by, reason=reason)


def commit_first_draw(*, tournament, number: int, by) -> None:
    return _championship().commit_first_draw(tournament=tournament, number=number, by=by)


def make_draw(*, draw: Draw, input_document: dict, stored: int) -> list[list[list[int]]]:
    return _championship().make_draw(draw=draw, input_document=input_document, stored=stored)


def drawn(draw: Draw) -> dict:
    return _championship().drawn(draw)


def reveal_published(*, position, by) -> None:
    return _championship().reveal_published(position=position, by=by)


def note_swap(
    *,
    position,
    first_player: int,
    second_player: int,
    by,
    reason: str = "",
    repeats: list[list[int]] | None = None,
    apart: list[list[int]] | None = None,
    fixed: list[list[int]] | None = None,
) -> None:
    return _championship().note_swap(
        position=position,
        first_player=first_player,
        second_player=second_player,
        by=by,
        reason=reason,
        repeats=repeats,
        apart=apart,
        fixed=fixed,
    )


def enter_room_seed(*, tournament, number: int, room_seed: str, by) -> Draw:
    """The room's seed (« la graine de la salle ») joins the draw once its commitment shows."""
    return _championship().enter_room_seed(
        tournament=tournament, number=number, room_seed=room_seed, by=by
    )


def pairs_made_by_swaps(*, tournament, upto: int) -> set[frozenset[int]]:
    """The pairs of players that hand swaps, not the draws, made meet, up to position upto."""
    return _championship().pairs_made_by_swaps(tournament=tournament, upto=upto)
