"""The draws of the seatings (docs/tirage.md): fixing a commitment before a position is
drawn, drawing from it, revealing its secret once the plan is published, and keeping the
hand swaps made after it. The seating service (``services.seating``) calls them inside its
own transaction, under the tournament's lock."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from championships.models import Draw
from championships.selectors.draws import draw_in_force, pending_draw
from common.actors import Actor
from common.refusals import Refused
from seating.draw import (
    GENERATOR_VERSION,
    commitment_of,
    fingerprint,
    new_secret,
    plan_of,
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
    )
    journal.record(
        tournament=tournament,
        action=journal.Action.DRAW_COMMITTED,
        by=by,
        subject=draw,
        after={"commitment": draw.commitment, "reason": draw.reason},
    )
    return draw


def commit_first_draw(*, tournament: Tournament, number: int, by: Actor) -> None:
    """Fix the commitment of position ``number``'s first draw, unless it has one already."""
    if not Draw.objects.filter(tournament=tournament, position_number=number).exists():
        commit_draw(tournament=tournament, number=number, by=by)


def make_draw(*, draw: Draw, input_document: dict, stored: int) -> list[list[list[int]]]:
    """Draw from ``draw``'s commitment: the seed from the secret, the input's fingerprint,
    the position and the generator's version; the plan of every position planned, of which
    the first ``stored`` are kept on the draw. Raises ``seating.SeatingError``."""
    input_fingerprint = fingerprint(input_document)
    seed = seed_of(
        secret=draw.secret,
        input_fingerprint=input_fingerprint,
        position=draw.position_number,
        version=GENERATOR_VERSION,
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
    if draw is not None:
        _reveal(draw, by=by)


def note_swap(*, position: Position, first_player: int, second_player: int) -> None:
    """Keep a hand swap on the draw in force, for the public page and the check."""
    draw = draw_in_force(tournament=position.tournament, number=position.number)
    if draw is None:
        return
    draw.swaps = [
        *draw.swaps,
        {"position": position.number, "players": [first_player, second_player]},
    ]
    draw.save(update_fields=["swaps"])
