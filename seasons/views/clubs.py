"""The club's pages with their seasons: the seasons app composes them over the club's own.

``tournaments`` knows nothing of seasons: its club pages leave a block for them
(``club_seasons``, ``club_seasons_link``). These views answer the same URLs, listed before
``tournaments``' in the root URLconf, and render templates that extend the club's and fill
those blocks; anything else (a rename posted, an htmx fragment) is the club's own view.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_http_methods

from clubs.models import Club
from clubs.permissions import arbitre_club_or_404
from clubs.views.htmx import HtmxHttpRequest
from tournaments.selectors.clubs import published_evenings
from tournaments.views import clubs as club_views


@require_GET
def club_page(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's public page, its seasons listed under its evenings."""
    club = get_object_or_404(Club, pk=club_id)
    context = {
        "club": club,
        "tournaments": published_evenings(club),
        "seasons": list(club.seasons.all()),
    }
    return render(request, "seasons/club.html", context)


@require_http_methods(["GET", "POST"])
def club_manage(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club for its arbitres, with its seasons and the link to create one."""
    if request.method != "GET" or request.htmx or not request.user.is_authenticated:
        return club_views.club_manage(request, club_id)
    club = arbitre_club_or_404(request, club_id)
    # The club's own page context, its seasons added: the page is the club's, extended.
    context = club_views._manage_context(club) | {"seasons": list(club.seasons.all())}
    return render(request, "seasons/club_manage.html", context)
