"""A club member's own page of the club's evenings (a signed link, no account), and the
arbitre's side of it: each member's address, link and answers, and the links sent by e-mail
from the club's pages or an evening's. Only the club's arbitres: anyone else gets a 404."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.permissions import arbitre_club_or_404, club_member_or_404
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused
from entries.selectors.entries import member_evenings
from entries.selectors.members import (
    evening_or_none,
    link_journal_lines,
    member_of_token,
    members_overview,
)
from entries.services.members import (
    answer_from_member_page,
    renew_evenings_link,
    send_evenings_links,
)
from tournaments.permissions import arbitre_tournament_or_404

MEMBER_PAGE = "entries/member_evenings.html"
REFUSED = "entries/member_link_refused.html"
ARBITRE_PAGE = "entries/member_links.html"


def _refused(request: HtmxHttpRequest) -> HttpResponse:
    """A link forged, damaged, of another club or renewed since: said in French, a 404."""
    return render_page(request, REFUSED, {}, partial="refused", status=404)


@require_GET
def member_evenings_page(request: HtmxHttpRequest, club_id: int, token: str) -> HttpResponse:
    """/clubs/<club>/mes-soirees/<token>/: the club's coming evenings, « je viens » or « je ne
    viens pas » for each."""
    member = member_of_token(club_id, token)
    if member is None:
        return _refused(request)
    context = {
        "member": member,
        "club": member.club,
        "token": token,
        "evenings": member_evenings(member.player, club_id=member.club_id),
    }
    return render_page(request, MEMBER_PAGE, context, partial="evenings")


@require_POST
def member_evening_answer(
    request: HtmxHttpRequest, club_id: int, token: str, evening_id: int
) -> HttpResponse:
    member = member_of_token(club_id, token)
    if member is None:
        return _refused(request)
    evening = evening_or_none(evening_id)
    coming = request.POST.get("vient") == "oui"
    try:
        if evening is None:
            raise Refused(_("Cette soirée n'existe pas, ou plus."), code="unknown")
        answer_from_member_page(
            member=member, tournament=evening, coming=coming, by=Actor.visitor()
        )
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        done = (
            _("C'est noté : vous venez à « %(evening)s ».")
            if coming
            else _("C'est noté : vous ne venez pas à « %(evening)s ».")
        )
        messages.success(request, done % {"evening": evening.name})
    return redirect_page(request, reverse("member_evenings", args=[club_id, token]))


@require_GET
@login_required
def club_member_links(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The members' answers to the club's coming evenings, who has no address, the links."""
    club = arbitre_club_or_404(request, club_id)
    context = {
        "club": club,
        "overview": members_overview(club),
        "entries": link_journal_lines(club),
    }
    return render_page(request, ARBITRE_PAGE, context, partial="answers")


def _sent(request: HtmxHttpRequest, send) -> None:
    try:
        sent = send()
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            ngettext(
                "Lien de ses soirées envoyé à %(count)s membre.",
                "Liens de leurs soirées envoyés à %(count)s membres.",
                len(sent),
            )
            % {"count": len(sent)},
        )


@require_POST
@login_required
def club_links_send(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """« Envoyer aux membres le lien de leurs soirées », from the club's members' pages."""
    club = arbitre_club_or_404(request, club_id)
    by = Actor.arbitre(request.user)
    _sent(request, lambda: send_evenings_links(club=club, by=by))
    return redirect_page(request, reverse("club_member_links", args=[club.pk]))


@require_POST
@login_required
def club_link_send(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    """One member's link, from the members' answers or from the member's page (``retour``)."""
    club = arbitre_club_or_404(request, club_id)
    member = club_member_or_404(club, member_id)
    by = Actor.arbitre(request.user)
    _sent(request, lambda: send_evenings_links(club=club, member=member, by=by))
    if request.POST.get("retour") == "fiche":
        return redirect_page(request, reverse("club_member_edit", args=[club.pk, member.pk]))
    return redirect_page(request, reverse("club_member_links", args=[club.pk]))


@require_POST
@login_required
def club_link_renew(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    club = arbitre_club_or_404(request, club_id)
    member = club_member_or_404(club, member_id)
    renew_evenings_link(member=member, by=Actor.arbitre(request.user))
    messages.success(
        request,
        _(
            "Nouveau lien pour %(player)s : les liens envoyés avant ne marchent plus. "
            "Envoyez-lui le nouveau."
        )
        % {"player": member.player},
    )
    return redirect_page(request, reverse("club_member_links", args=[club.pk]))


@require_POST
@login_required
def evening_links_send(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The same sending from the evening's page of online registration."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    # The club's members are its arbitres' to write to, not a role's given in one evening.
    club = arbitre_club_or_404(request, tournament.club_id)
    by = Actor.arbitre(request.user)
    _sent(request, lambda: send_evenings_links(club=club, by=by))
    return redirect_page(request, reverse("entries_manage", args=[tournament.pk]))
