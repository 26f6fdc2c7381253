"""The draws of the seatings (docs/tirage.md): fixing a commitment before a position is
drawn, the room seed entered once it is shown, drawing from both, revealing the secret once
the plan is published, and keeping the hand swaps made after it. The seating service
(``services.seating``) calls them inside its own transaction, under the tournament's lock."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from championships.models import Draw
from championships.selectors.draws import commitment_published, draw_in_force, pending_draw
from common.actors import Actor
from common.refusals import Refused
from seating.draw import (
    GENERATOR_VERSION,
    ROOM_SEED_DIGITS,
    commitment_of,
    fingerprint,
    new_secret,
    plan_of,
    room_seed_of,
    seed_of,
)
from tournaments.models import Position, Tournament
from tournaments.services import journal
from tournaments.services.locks import lock_tournament


@transaction.atomic
def commit_draw(*, tournament: Tournament, number: int, by: Actor, reason: str = "") -> Draw:
    """Fix and show the commitment of the next draw of position ``number``.

    The first draw of a position needs no reason; any later one (« tirage n° 2 ») does, and
    reveals the secret of the draw it replaces, whose plan is abandoned. A commitment already
    waiting is kept: the same tap twice fixes one commitment.
    """
    tournament = lock_tournament(tournament)
    waiting = pending_draw(tournament=tournament, number=number)
    if waiting is not None:
        return waiting
    previous = (
        Draw.objects.filter(tournament=tournament, position_number=number)
        .order_by("-attempt")
        .first()
    )
    reason = reason.strip()
    if previous is not None and not reason:
        raise Refused(
            _("Un nouveau tirage se fait avec son motif, écrit : il sera public."),
            code="reason_needed",
            field="reason",
        )
    if previous is not None:
        _reveal(previous, by=by)
    secret = new_secret()
    draw = Draw.objects.create(
        tournament=tournament,
        position_number=number,
        attempt=previous.attempt + 1 if previous else 1,
        reason=reason if previous else "",
        secret=secret,
        commitment=commitment_of(secret),
        committed_at=timezone.now(),
        committed_unpublished=not tournament.published,
    )
    journal.record(
        tournament=tournament,
        action=journal.Action.DRAW_COMMITTED,
        by=by,
        subject=draw,
        after={"commitment": draw.commitment, "reason": draw.reason},
    )
    return draw


@transaction.atomic
def enter_room_seed(*, tournament: Tournament, number: int, room_seed: str, by: Actor) -> Draw:
    """Enter « la graine de la salle » of position ``number``'s waiting draw: digits a player
    typed, or dice thrown in the room, once its commitment is shown (docs/tirage.md).

    Nobody knew it when the secret was fixed, and it is fixed before the draw: entered once,
    it does not change (the same digits again are the same tap twice); other digits need a
    new draw, with its reason, which everyone sees.
    """
    tournament = lock_tournament(tournament)
    draw = pending_draw(tournament=tournament, number=number)
    if draw is None or not commitment_published(draw):
        raise Refused(
            _(
                "Fixez d'abord l'engagement du tirage de la position %(number)s : la graine "
                "de la salle se saisit une fois l'engagement affiché."
            )
            % {"number": number},
            code="commitment_first",
        )
    digits = room_seed_of(room_seed)
    if digits is None:
        low, high = ROOM_SEED_DIGITS
        raise Refused(
            _(
                "La graine de la salle s'écrit en chiffres, de %(low)s à %(high)s (par "
                "exemple les dés lancés dans la salle : 4 2 6 1 5 3)."
            )
            % {"low": low, "high": high},
            code="room_seed_digits",
            field="room_seed",
        )
    if draw.room_seed == digits:
        return draw
    if draw.room_seed:
        raise Refused(
            _(
                "La graine de la salle de ce tirage est déjà saisie (%(seed)s). Pour en "
                "changer, fixez l'engagement d'un nouveau tirage, avec son motif."
            )
            % {"seed": draw.room_seed},
            code="room_seed_entered",
            field="room_seed",
        )
    draw.room_seed = digits
    draw.room_seed_at = timezone.now()
    draw.save(update_fields=["room_seed", "room_seed_at"])
    journal.record(
        tournament=tournament,
        action=journal.Action.DRAW_ROOM_SEED,
        by=by,
        subject=draw,
        after={"commitment": draw.commitment, "room_seed": digits},
    )
    return draw


def commit_first_draw(*, tournament: Tournament, number: int, by: Actor) -> None:
    """Fix the commitment of position ``number``'s first draw, unless it has one already."""
    if not Draw.objects.filter(tournament=tournament, position_number=number).exists():
        commit_draw(tournament=tournament, number=number, by=by)


def make_draw(*, draw: Draw, input_document: dict, stored: int) -> list[list[list[int]]]:
    """Draw from ``draw``'s commitment: the seed from the secret, the room seed, the input's
    fingerprint, the position and the generator's version; the plan of every position
    planned, of which the first ``stored`` are kept on the draw. Raises
    ``seating.SeatingError``."""
    input_fingerprint = fingerprint(input_document)
    seed = seed_of(
        secret=draw.secret,
        input_fingerprint=input_fingerprint,
        position=draw.position_number,
        version=GENERATOR_VERSION,
        room_seed=draw.room_seed,
    )
    plan = plan_of(input_document, seed)
    draw.generator = GENERATOR_VERSION
    draw.input = input_document
    draw.input_fingerprint = input_fingerprint
    draw.seed = seed
    draw.plan = plan[:stored]
    draw.plan_fingerprint = fingerprint(draw.plan)
    draw.drawn_at = timezone.now()
    draw.save()
    return plan


def drawn(draw: Draw) -> dict:
    """A draw as the journal keeps it: the seed's inputs and the plan's fingerprint."""
    return {
        "draw": draw.attempt,
        "commitment": draw.commitment,
        "generator": draw.generator,
        "room_seed": draw.room_seed,
        "input_fingerprint": draw.input_fingerprint,
        "seed": draw.seed,
        "plan_fingerprint": draw.plan_fingerprint,
    }


def _reveal(draw: Draw, *, by: Actor) -> None:
    if not draw.is_drawn or draw.is_revealed:
        return
    draw.revealed_at = timezone.now()
    draw.save(update_fields=["revealed_at"])
    journal.record(
        tournament=draw.tournament,
        action=journal.Action.DRAW_REVEALED,
        by=by,
        subject=draw,
        after={"secret": draw.secret},
    )


def reveal_published(*, position: Position, by: Actor) -> None:
    """The plan of ``position`` is published: reveal the secret of the draw that made it."""
    draw = draw_in_force(tournament=position.tournament, number=position.number)
    if draw is None:
        return
    if draw.seating_published_at is None and draw.position_number == position.number:
        draw.seating_published_at = timezone.now()
        draw.save(update_fields=["seating_published_at"])
    _reveal(draw, by=by)


def note_swap(
    *,
    position: Position,
    first_player: int,
    second_player: int,
    by: Actor,
    reason: str = "",
    repeats: list[list[int]] | None = None,
    apart: list[list[int]] | None = None,
    fixed: list[list[int]] | None = None,
) -> None:
    """Keep a hand swap on the draw in force, for the public page and the check: the two
    players' ids, when, by whom, and, when it makes players meet again or breaks a seating
    wish, the reason the arbitre gave and what it breaks: the pairs met again (``repeats``),
    the pairs kept apart it seats together (``apart``: both ids and the table), the players
    it takes from their fixed table (``fixed``: the id, the fixed table, the table now)."""
    draw = draw_in_force(tournament=position.tournament, number=position.number)
    if draw is None:
        return
    swap = {
        "position": position.number,
        "players": [first_player, second_player],
        "at": timezone.now().isoformat(),
        "by": by.label(),
    }
    if repeats or apart or fixed:
        swap["reason"] = reason
    if repeats:
        swap["repeats"] = repeats
    if apart:
        swap["apart"] = apart
    if fixed:
        swap["fixed"] = fixed
    draw.swaps = [*draw.swaps, swap]
    draw.save(update_fields=["swaps"])
