"""Check-in by QR code (docs, « Pointage par QR code »): the pointeur's scan page, which reads
the cards' codes with the phone's own camera, and the check-in link itself, opened by a
phone's camera app.

Both check a player in for the tournament's arbitres and pointeurs only; anyone else opening a
link reads what it is for, and a forged or damaged link is told so, never an error page.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from common.htmx import HtmxHttpRequest, render_page
from common.refusals import Refused
from tournaments.checkin_links import token_registration
from tournaments.models import Tournament
from tournaments.permissions import acting, checkin_tournament_or_404
from tournaments.selectors.checkin import scanned_registration
from tournaments.services.checkin_scans import check_in_scanned

# The token as the scan page posts it: a whole link, or its last part (a code typed by hand).
TOKEN_MAX_LENGTH = 300


def _token(text: str) -> str:
    """The token of a scanned text: the last segment of a link's path, or the text itself."""
    text = text.strip()[:TOKEN_MAX_LENGTH]
    path = text.split("?", 1)[0].rstrip("/")
    return path.rsplit("/", 1)[-1]


def _answer(request, token: str, *, tournament: Tournament | None = None) -> dict:
    """The scan of ``token``: its outcome in words (``state``: « ok », « already », « refused »),
    for the scan page (``tournament``, the one it checks in for) or the link opened."""
    ids = token_registration(token)
    if ids is None:
        return {"state": "refused", "message": _("Ce QR code n'est pas un lien de pointage.")}
    tournament_id, registration_id = ids
    if tournament is not None and tournament.pk != tournament_id:
        return {"state": "refused", "message": _("Ce QR code est celui d'un autre tournoi.")}
    registration = scanned_registration(
        tournament_id=tournament_id, registration_id=registration_id
    )
    if registration is None:
        return {
            "state": "refused",
            "message": _("Ce joueur n'est plus inscrit à ce tournoi : voyez l'arbitre."),
        }
    if tournament is None:
        try:
            tournament = checkin_tournament_or_404(request, tournament_id)
        except Http404:
            return {"state": "stranger", "registration": registration}
    try:
        scanned = check_in_scanned(registration=registration, by=acting(request.user, tournament))
    except Refused as refusal:
        return {"state": "refused", "message": refusal.message, "registration": registration}
    player = scanned.registration.player
    if not scanned.already:
        message = _("%(player)s pointé(e)") % {"player": player}
    elif scanned.at is not None:
        at = timezone.localtime(scanned.at)
        message = _("%(player)s : déjà pointé(e) à %(hour)s h %(minute)02d") % {
            "player": player,
            "hour": at.hour,
            "minute": at.minute,
        }
    else:
        message = _("%(player)s : déjà pointé(e)") % {"player": player}
    return {
        "state": "already" if scanned.already else "ok",
        "message": message,
        "registration": scanned.registration,
        "tournament": tournament,
    }


@require_http_methods(["GET", "POST"])
@login_required
def checkin_scan(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The pointeur's scan page: the camera reads a card's QR code and posts it here; a code
    may be typed too (a phone without a camera, a card too worn to read)."""
    tournament = checkin_tournament_or_404(request, tournament_id)
    context = {"tournament": tournament}
    if request.method == "POST":
        context["result"] = _answer(
            request, _token(request.POST.get("code", "")), tournament=tournament
        )
    return render_page(request, "setup/checkin_scan.html", context, partial="scan-result")


@require_GET
def checkin_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The link of a card's QR code, opened by a phone's own camera app: the player checked in
    for the tournament's arbitres and pointeurs, and what the link is for to anyone else.

    A GET that writes: the link is all a camera app opens, and checking in is idempotent (a
    second opening changes nothing and says since when the player is present); it writes
    only for the accounts that run the check-in."""
    forged = token_registration(token) is None
    if forged:
        result = {"state": "refused", "message": _("Ce QR code n'est pas un lien de pointage.")}
    elif not request.user.is_authenticated:
        result = {"state": "stranger"}
    else:
        result = _answer(request, token)
    status = 400 if forged else 403 if result["state"] == "stranger" else 200
    context = {"result": result, "login_next": request.get_full_path()}
    return render_page(
        request, "setup/checkin_link.html", context, partial="link-result", status=status
    )
