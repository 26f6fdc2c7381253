"""The club's pages that show what spans its evenings: its public page (its published
evenings and its seasons), its page for its arbitres (its name and town, its arbitres,
links to its members, its journal and its seasons), with the forms posted there, and its
journal (the club's entries and its seasons').

They are composed here, in the top app, because it may read everything they show: the club
(``clubs``), its evenings (``tournaments``) and its seasons. The club's other pages are
``clubs.views.clubs`` (a new club, an arbitre or a member taken off) and
``tournaments.views.members`` (its members). Every arbitre page needs a login and finds the
club through ``arbitre_club_or_404``: an account that is not an arbitre of the club gets a
404, as for a tournament.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.forms import ArbitreForm, ClubForm
from clubs.models import Club
from clubs.permissions import arbitre_club_or_404
from clubs.selectors.clubs import club_arbitres, member_count
from clubs.services.clubs import add_arbitre, update_club
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from seasons.selectors.clubs import club_seasons
from seasons.selectors.journal import club_journal, with_changes
from tournaments.selectors.clubs import published_evenings

ENTRIES_PER_PAGE = 50


@require_GET
def club_detail(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's public page: its published evenings, then its seasons."""
    club = get_object_or_404(Club, pk=club_id)
    context = {
        "club": club,
        "tournaments": published_evenings(club),
        "seasons": club_seasons(club),
    }
    return render(request, "seasons/club.html", context)


def _manage_context(club: Club, **forms) -> dict:
    return {
        "club": club,
        "arbitres": club_arbitres(club),
        "members_count": member_count(club),
        "seasons": club_seasons(club),
        "club_form": forms.get("club_form")
        or ClubForm(initial={"name": club.name, "town": club.town}),
        "arbitre_form": forms.get("arbitre_form") or ArbitreForm(),
    }


@require_http_methods(["GET", "POST"])
@login_required
def club_manage(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club for its arbitres: its name and town, its arbitres, links to its members,
    its journal and its seasons. A POST here renames the club."""
    club = arbitre_club_or_404(request, club_id)
    club_form = ClubForm(request.POST) if request.method == "POST" else None
    if club_form is not None and club_form.is_valid():
        try:
            club = update_club(club=club, **club_form.cleaned_data, by=Actor.arbitre(request.user))
        except Refused as refusal:
            add_refusal(club_form, refusal)
        else:
            messages.success(request, _("Club enregistré."))
            return redirect_page(request, reverse("club_manage", args=[club.pk]))
    context = _manage_context(club, club_form=club_form)
    status = 422 if club_form is not None else 200
    return render_page(
        request, "seasons/club_manage.html", context, partial="club-settings", status=status
    )


@require_POST
@login_required
def club_arbitre_add(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """Make an account an arbitre of the club, from the club's page (shown again if refused)."""
    club = arbitre_club_or_404(request, club_id)
    form = ArbitreForm(request.POST)
    if form.is_valid():
        try:
            user = add_arbitre(
                club=club, username=form.cleaned_data["username"], by=Actor.arbitre(request.user)
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("%(account)s est maintenant arbitre du club.")
                % {"account": user.get_full_name() or user.get_username()},
            )
            return redirect_page(request, reverse("club_manage", args=[club.pk]))
    context = _manage_context(club, arbitre_form=form)
    return render_page(
        request, "seasons/club_manage.html", context, partial="club-arbitres", status=422
    )


@require_GET
@login_required
def club_journal_page(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's journal: every write to the club and to its seasons, newest first."""
    club = arbitre_club_or_404(request, club_id)
    page = Paginator(club_journal(club=club), ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    context = {"club": club, "page": page, "entries": with_changes(page.object_list)}
    return render_page(request, "clubs/journal.html", context, partial="entries")
