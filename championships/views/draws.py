"""The public list of a tournament's draws (docs/tirage.md): each commitment, and once the
plan is published its secret, input and fingerprints, so that anyone can check it. Public
like the ranking: published tournaments, and the club's arbitres always."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from championships.selectors.draws import public_draws
from common.htmx import HtmxHttpRequest
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
    return render(request, "results/draws.html", context)


@require_GET
def draws_json(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Every draw as ``seating.draw.PublicDraw`` reads it; the secret, the input and the plan
    only once revealed (fixed: docs, « Résultats »)."""
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
            }
        )
    return JsonResponse(
        {"tournament": tournament.pk, "draws": listed}, json_dumps_params={"ensure_ascii": False}
    )
