"""The club's own pages for its arbitres that need nothing above clubs: a new club, an
arbitre taken off, a member taken off.

The club's public page, its page for its arbitres and its journal show its evenings and
seasons too: they are composed above, where all they show may be read
(``seasons.views.clubs``). The members'
list and a member's page read the directory's tenancy and the evenings they played
(``tournaments.views.members``). Every arbitre page needs a login and finds the club through
``arbitre_club_or_404``: an account that is not an arbitre of the club gets a 404.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.forms import AccountForm, ClubForm
from clubs.permissions import arbitre_club_or_404, club_member_or_404
from clubs.services.accounts import create_account, password_link
from clubs.services.clubs import create_club, remove_arbitre, remove_member
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal


@require_http_methods(["GET", "POST"])
@login_required
def club_create(request: HtmxHttpRequest) -> HttpResponse:
    form = ClubForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            club = create_club(**form.cleaned_data, by=Actor.arbitre(request.user))
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Club créé : vous en êtes l'arbitre."))
            return redirect_page(request, reverse("club_manage", args=[club.pk]))
    return render_page(request, "clubs/club_form.html", {"form": form}, partial="club-form")


@require_http_methods(["GET", "POST"])
@login_required
def club_arbitre_remove(request: HtmxHttpRequest, club_id: int, user_id: int) -> HttpResponse:
    """Take an arbitre off the club: the club page's « retirer » leads here first (GET), a
    page that says what it does and asks to confirm, with no script needed."""
    club = arbitre_club_or_404(request, club_id)
    user = get_object_or_404(get_user_model(), pk=user_id, clubs=club)
    if request.method == "GET":
        context = {"club": club, "account": user, "self_removal": user.pk == request.user.pk}
        return render_page(request, "clubs/arbitre_remove.html", context, partial="confirm")
    try:
        remove_arbitre(club=club, user=user, by=Actor.arbitre(request.user))
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            _("%(account)s n'est plus arbitre du club.")
            % {"account": user.get_full_name() or user.get_username()},
        )
        if user.pk == request.user.pk and not request.user.is_superuser:
            return redirect_page(request, reverse("setup_home"))
    return redirect_page(request, reverse("club_manage", args=[club.pk]))


@require_POST
@login_required
def club_member_remove(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    club = arbitre_club_or_404(request, club_id)
    member = club_member_or_404(club, member_id)
    remove_member(member=member, by=Actor.arbitre(request.user))
    messages.success(
        request, _("%(player)s n'est plus membre du club.") % {"player": member.player}
    )
    return redirect_page(request, reverse("club_members", args=[club.pk]))


@require_http_methods(["GET", "POST"])
@login_required
def club_accounts(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """A new account for a tournament's team, and its one-time link to choose a password,
    shown to the arbitre to hand over (no email is sent)."""
    club = arbitre_club_or_404(request, club_id)
    form = AccountForm(request.POST if request.method == "POST" else None)
    context = {"club": club, "form": form, "created": None, "link": ""}
    if request.method == "POST" and form.is_valid():
        try:
            user = create_account(club=club, **form.cleaned_data, by=Actor.arbitre(request.user))
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            context.update(
                form=AccountForm(),
                created=user,
                link=request.build_absolute_uri(password_link(user)),
            )
            return render(request, "clubs/accounts.html", context)
    status = 422 if request.method == "POST" else 200
    return render(request, "clubs/accounts.html", context, status=status)
