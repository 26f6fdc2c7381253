"""Pages anyone may read: the published tournaments and what they show the room."""

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_safe

from tournaments.permissions import visible_tournaments
from tournaments.selectors.positions import tournament_positions
from tournaments.selectors.registrations import registrations_by_name
from tournaments.selectors.seating import published_seatings


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/home.html", {"tournaments": visible_tournaments(request)})


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "registrations": registrations_by_name(tournament=tournament),
            "positions": tournament_positions(tournament),
            "seatings": published_seatings(tournament=tournament),
        },
    )


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"


@require_safe
@cache_control(public=True, max_age=7 * 24 * 3600)
def favicon(_request: HttpRequest) -> FileResponse:
    """/favicon.ico, which browsers ask for whatever the page links: the spade of favicon.svg."""
    return FileResponse(FAVICON.open("rb"), content_type="image/x-icon")
