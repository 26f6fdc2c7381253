"""The club's pages: its public page (its published evenings), and for its arbitres the club
itself (its arbitres, its members, its journal) and the tick list that fills an evening from
the members.

Every arbitre page needs a login and finds the club through ``arbitre_club_or_404``: an
account that is not an arbitre of the club gets a 404, as for a tournament.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.actors import Actor
from clubs.models import Club, Member, Player
from clubs.selectors.journal import club_journal_entries
from clubs.services.errors import Refused
from tournaments.club_forms import ArbitreForm, ClubForm, MemberEditForm, MemberForm, TickForm
from tournaments.forms import add_refusal, search_query
from tournaments.permissions import arbitre_club_or_404, arbitre_tournament_or_404
from tournaments.selectors.clubs import (
    club_members,
    member_evenings,
    member_tick_list,
    players_visible_to,
    published_evenings,
    search_directory,
)
from tournaments.selectors.journal import with_changes
from tournaments.services.clubs import (
    add_arbitre,
    add_member,
    create_club,
    register_members,
    remove_arbitre,
    remove_member,
    update_club,
    update_member,
)
from tournaments.views.htmx import HtmxHttpRequest, redirect_page, render_page

ENTRIES_PER_PAGE = 50
SEARCH_LIMIT = 20


@require_GET
def club_detail(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's public page: its published evenings (and, from ``seasons``, its seasons)."""
    club = get_object_or_404(Club, pk=club_id)
    return render(
        request, "clubs/club.html", {"club": club, "tournaments": published_evenings(club)}
    )


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


def _manage_context(club: Club, **forms) -> dict:
    return {
        "club": club,
        "arbitres": sorted(club.arbitres.all(), key=lambda user: user.get_username().casefold()),
        "members_count": club.members.count(),
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
        request, "clubs/manage.html", context, partial="club-settings", status=status
    )


@require_POST
@login_required
def club_arbitre_add(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
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
    return render_page(request, "clubs/manage.html", context, partial="club-arbitres", status=422)


@require_POST
@login_required
def club_arbitre_remove(request: HtmxHttpRequest, club_id: int, user_id: int) -> HttpResponse:
    club = arbitre_club_or_404(request, club_id)
    user = get_object_or_404(get_user_model(), pk=user_id, clubs=club)
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


def _members_context(request: HtmxHttpRequest, club: Club, form: MemberForm) -> dict:
    query = search_query(request.GET)
    found = []
    if query.split():
        found = search_directory(club=club, query=query, limit=SEARCH_LIMIT)
    return {
        "club": club,
        "query": query,
        "found": found,
        "members": club_members(club, query=query),
        "form": form,
    }


@require_http_methods(["GET", "POST"])
@login_required
def club_members_page(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's members: search them (accents aside), add one (found or typed in)."""
    club = arbitre_club_or_404(request, club_id)
    players = players_visible_to(club_ids=[club.pk])
    form = MemberForm(request.POST if request.method == "POST" else None, players=players)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            try:
                member = add_member(
                    club=club,
                    player=data["player"],
                    last_name=data["last_name"],
                    first_name=data["first_name"],
                    licence=data["licence"],
                    by=Actor.arbitre(request.user),
                )
            except Refused as refusal:
                add_refusal(form, refusal)
            else:
                messages.success(
                    request, _("%(player)s est membre du club.") % {"player": member.player}
                )
                return redirect_page(request, reverse("club_members", args=[club.pk]))
    context = _members_context(request, club, form)
    if request.htmx and request.htmx.target == "member-results":
        return render(request, "clubs/members.html#member-results", context)
    return render_page(request, "clubs/members.html", context, partial="members", status=status)


def _member(club: Club, member_id: int) -> Member:
    return get_object_or_404(club.members.select_related("player"), pk=member_id)


@require_http_methods(["GET", "POST"])
@login_required
def club_member_edit(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    """One member: correct their name and licence; the club's evenings they played."""
    club = arbitre_club_or_404(request, club_id)
    member = _member(club, member_id)
    player = member.player
    initial = {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "licence": player.licence,
    }
    form = MemberEditForm(request.POST if request.method == "POST" else None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                member = update_member(
                    member=member, **form.cleaned_data, by=Actor.arbitre(request.user)
                )
            except Refused as refusal:
                add_refusal(form, refusal)
            else:
                messages.success(
                    request, _("Membre enregistré : %(player)s.") % {"player": member.player}
                )
                return redirect_page(request, reverse("club_members", args=[club.pk]))
    context = {"club": club, "member": member, "form": form, "evenings": member_evenings(member)}
    return render_page(request, "clubs/member.html", context, partial="member-form", status=status)


@require_POST
@login_required
def club_member_remove(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    club = arbitre_club_or_404(request, club_id)
    member = _member(club, member_id)
    remove_member(member=member, by=Actor.arbitre(request.user))
    messages.success(
        request, _("%(player)s n'est plus membre du club.") % {"player": member.player}
    )
    return redirect_page(request, reverse("club_members", args=[club.pk]))


@require_GET
@login_required
def club_journal(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's journal: every write to the club (and its seasons), newest first."""
    club = arbitre_club_or_404(request, club_id)
    page = Paginator(club_journal_entries(club=club), ENTRIES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"club": club, "page": page, "entries": with_changes(page.object_list)}
    return render_page(request, "clubs/journal.html", context, partial="entries")


def tick_context(request: HtmxHttpRequest, tournament, form: TickForm | None = None) -> dict:
    """The tick list of the tournament's players page: the club's members and last evening's
    players; ``?memes=1`` ticks those of the last evening."""
    lines, previous = member_tick_list(tournament)
    same = request.GET.get("memes") == "1" and previous is not None
    ticked = set()
    if form is not None and form.is_bound:
        ticked = {str(value) for value in form.data.getlist("players")}
    elif same:
        ticked = {str(line.player.pk) for line in lines if line.last_time and not line.registered}
    return {
        "tick_lines": lines,
        "tick_previous": previous,
        "tick_same": same,
        "tick_ticked": ticked,
        "tick_form": form,
    }


@require_POST
@login_required
def register_ticked(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Register the players ticked on the players page, through the registration service."""
    tournament = arbitre_tournament_or_404(request, tournament_id)
    lines, _previous = member_tick_list(tournament)
    offered = Player.objects.filter(pk__in=[line.player.pk for line in lines])
    form = TickForm(request.POST, players=offered)
    if form.is_valid():
        try:
            registrations = register_members(
                tournament=tournament,
                players=sorted(form.cleaned_data["players"], key=lambda player: player.search_name),
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            messages.error(request, refusal.message)
        else:
            count = len(registrations)
            messages.success(
                request,
                ngettext("%(count)s joueur inscrit.", "%(count)s joueurs inscrits.", count)
                % {"count": count}
                if count
                else _("Les joueurs cochés étaient déjà inscrits."),
            )
            return redirect_page(request, reverse("setup_players", args=[tournament.pk]))
    else:
        for error in form.errors.get("players", []):
            messages.error(request, error)
    return redirect_page(request, reverse("setup_players", args=[tournament.pk]))
