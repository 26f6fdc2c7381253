"""« Me prévenir » and « Ne plus me prévenir », posted by the player's page (static/js/push.js)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.actors import Actor
from common.addresses import client_address
from common.refusals import Refused
from notifications.services.push import subscribe_phone, unsubscribe_phone
from tournaments.permissions import visible_tournaments
from tournaments.selectors.registrations import registration_numbered


def _text(message: str, status: int = 200) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _registration(request: HttpRequest, tournament_id: int):
    tournament = get_object_or_404(visible_tournaments(request), pk=tournament_id)
    number = request.POST.get("number", "")
    if not number.isdigit() or len(number) > 5:
        return None
    return registration_numbered(tournament=tournament, number=int(number))


@require_POST
def subscribe(request: HttpRequest, tournament_id: int) -> HttpResponse:
    registration = _registration(request, tournament_id)
    if registration is None:
        return _text(_("Aucun participant ne porte ce numéro."), status=400)
    try:
        subscribe_phone(
            registration=registration,
            endpoint=request.POST.get("endpoint", ""),
            p256dh=request.POST.get("p256dh", "")[:200],
            auth=request.POST.get("auth", "")[:100],
            by=Actor.of_request(request),
            address=client_address(request),
        )
    except Refused as refusal:
        return _text(refusal.message, status=400)
    return _text(_("Ce téléphone sera prévenu."))


@require_POST
def unsubscribe(request: HttpRequest, tournament_id: int) -> HttpResponse:
    registration = _registration(request, tournament_id)
    if registration is None:
        return _text(_("Aucun participant ne porte ce numéro."), status=400)
    unsubscribe_phone(
        registration=registration,
        endpoint=request.POST.get("endpoint", "")[:1000],
        by=Actor.of_request(request),
    )
    return _text(_("Ce téléphone ne sera plus prévenu."))
