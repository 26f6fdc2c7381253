"""The public list of a tournament's draws (docs/tirage.md): each commitment and when it was
shown, the room seed as soon as it is entered, and once the plan is published its secret,
input and fingerprints, so that anyone can check it. Public like the ranking: published
tournaments, and the club's arbitres always."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from championships.selectors.draws import public_draws
from championships.selectors.halls import tournament_halls
from common.htmx import HtmxHttpRequest, render_page
from seating.draw import GENERATOR_VERSION
from tournaments.permissions import visible_tournaments


@require_GET
def draws(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    context = {
        "tournament": tournament,
        "rows": public_draws(tournament=tournament),
        "version": GENERATOR_VERSION,
    }
    return render_page(request, "results/draws.html", context, partial="draws")


def _when(moment) -> str | None:
    return moment.isoformat() if moment is not None else None


@require_GET
def draws_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every draw as ``seating.draw.PublicDraw`` and ``python -m seating.verify`` read it; the
    secret, the input and the plan only once revealed (fixed: docs, « Résultats »; keys are
    added, never renamed)."""
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    listed = []
    for row in public_draws(tournament=tournament):
        draw = row.draw
        revealed = draw.is_revealed
        listed.append(
            {
                "position": draw.position_number,
                "attempt": draw.attempt,
                "reason": draw.reason,
                "commitment": draw.commitment,
                "committed_at": draw.committed_at.isoformat(),
                "drawn": draw.is_drawn,
                "secret": draw.secret if revealed else None,
                "version": draw.generator or None,
                "input": draw.input if revealed else None,
                "input_fingerprint": draw.input_fingerprint or None,
                "seed": draw.seed if revealed else None,
                "plan": draw.plan if revealed else None,
                "plan_fingerprint": draw.plan_fingerprint or None,
                "swaps": draw.swaps if revealed else [],
                # Added by issue 41: the room seed, shown as soon as it is entered, and when
                # each step was made.
                "committed_while_unpublished": draw.committed_unpublished,
                "room_seed": draw.room_seed or None,
                "room_seed_at": _when(draw.room_seed_at),
                "drawn_at": _when(draw.drawn_at),
                "seating_published_at": _when(draw.seating_published_at),
                "revealed_at": _when(draw.revealed_at),
            }
        )
    halls = [
        {
            "number": hall.number,
            "name": hall.name,
            "first_table": hall.first_table,
            "last_table": hall.last_table,
        }
        for hall in tournament_halls(tournament)
    ]
    return JsonResponse(
        {"tournament": tournament.pk, "draws": listed, "halls": halls},
        json_dumps_params={"ensure_ascii": False},
    )
