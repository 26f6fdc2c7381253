"""The club's members for its arbitres, and the tick list that fills an evening from them.

They live here, not in ``clubs``, because they read the tournaments: which players the club
may find and add (``registrations.players_visible_to``: its members, the players of its own
and of published tournaments), the club's evenings each member played, and the players of
its last evening. Every page needs a login and finds the club through
``arbitre_club_or_404``: an account that is not an arbitre of the club gets a 404.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.forms import MemberEditForm, ask_another_person
from clubs.member_forms import KEEP_OTHER, MemberForm, MergeForm, TickForm
from clubs.models import Club
from clubs.permissions import arbitre_club_or_404, club_member_or_404
from clubs.selectors.clubs import club_member
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal
from tournaments.forms.registrations import search_query
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.clubs import (
    Homonym,
    club_members,
    club_record_ids,
    club_records,
    homonyms,
    member_evenings,
    member_tick_list,
    offered_players,
    players_visible_to,
    record_evenings,
    record_homonyms,
    search_directory,
)
from tournaments.services.members import (
    add_member,
    merge_players,
    register_members,
    update_member,
)

SEARCH_LIMIT = 20


def _members_context(request: HtmxHttpRequest, club: Club, form: MemberForm) -> dict:
    query = search_query(request.GET)
    found = []
    if query.split():
        found = search_directory(club=club, query=query, limit=SEARCH_LIMIT)
    return {
        "club": club,
        "query": query,
        "found": found,
        "found_records": club_record_ids(club.pk, among=found),
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
    known = []
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
                    email=data["email"],
                    another_person=data["another_person"],
                    by=Actor.arbitre(request.user),
                )
            except Refused as refusal:
                known = refused_with_homonyms(form, refusal, club_id=club.pk)
            else:
                messages.success(
                    request, _("%(player)s est membre du club.") % {"player": member.player}
                )
                # « #top » (HTML's name for the page's top): a redirect keeps the form's
                # « #ajouter » otherwise, and the message above would be out of sight.
                return redirect_page(request, reverse("club_members", args=[club.pk]) + "#top")
    context = _members_context(request, club, form) | {"homonyms": known}
    return render_page(request, "clubs/members.html", context, partial="members", status=status)


@require_http_methods(["GET", "POST"])
@login_required
def club_member_edit(request: HtmxHttpRequest, club_id: int, member_id: int) -> HttpResponse:
    """One member: correct their name and licence; the club's evenings they played."""
    club = arbitre_club_or_404(request, club_id)
    member = club_member_or_404(club, member_id)
    player = member.player
    initial = {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "licence": player.licence,
        "email": member.email,
    }
    form = MemberEditForm(request.POST if request.method == "POST" else None, initial=initial)
    status = 200
    known = []
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                member = update_member(
                    member=member, **form.cleaned_data, by=Actor.arbitre(request.user)
                )
            except Refused as refusal:
                if refusal.code == "homonym":
                    data = form.cleaned_data
                    known = homonyms(
                        club_id=club.pk,
                        last_name=data["last_name"],
                        first_name=data["first_name"],
                        licence=data["licence"],
                        other_than=player,
                    )
                    ask_another_person(form)
                add_refusal(form, refusal)
            else:
                messages.success(
                    request, _("Membre enregistré : %(player)s.") % {"player": member.player}
                )
                return redirect_page(request, reverse("club_members", args=[club.pk]))
    context = {
        "club": club,
        "member": member,
        "form": form,
        "known": known,
        "evenings": member_evenings(member),
        "homonyms": record_homonyms(member.player, club_id=club.pk),
    }
    return render_page(request, "clubs/member.html", context, partial="member-form", status=status)


@require_http_methods(["GET", "POST"])
@login_required
def club_record_merge(request: HtmxHttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """Two records of the club that are one person, members or players of its evenings: choose
    the other record (GET), compare both and confirm which to keep, then merge (POST:
    ``merge_players``). A record that is not the club's own is a 404."""
    club = arbitre_club_or_404(request, club_id)
    records = club_records(club.pk)
    player = get_object_or_404(records, pk=player_id)
    data = request.POST if request.method == "POST" else request.GET
    others = club_records(club.pk, besides=player)
    form = MergeForm(data if "other" in data else None, records=others)
    other = form.cleaned_data["other"] if form.is_valid() else None
    if request.method == "POST" and other is not None:
        keep_other = form.cleaned_data["kept"] == KEEP_OTHER
        kept, merged = (other, player) if keep_other else (player, other)
        try:
            kept = merge_players(
                club=club, kept=kept, merged=merged, by=Actor.arbitre(request.user)
            )
        except Refused as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(
                request,
                _("Fiches fusionnées : %(player)s garde toutes ses soirées.") % {"player": kept},
            )
            kept_member = club_member(club=club, player=kept)
            if kept_member is None:
                return redirect_page(request, reverse("club_members", args=[club.pk]))
            return redirect_page(
                request, reverse("club_member_edit", args=[club.pk, kept_member.pk])
            )
    context = {
        "club": club,
        "record": player,
        "member": club_member(club=club, player=player),
        "form": form,
        "other": other,
        "records": [
            (record, record_evenings(record, club_id=club.pk))
            for record in ([player, other] if other else [player])
        ],
    }
    status = 422 if form.errors else 200
    return render_page(request, "clubs/member_merge.html", context, partial="merge", status=status)


def refused_with_homonyms(form: forms.Form, refusal: Refused, *, club_id: int) -> list[Homonym]:
    """The refusal of a player typed in (a member added, a participant registered), beside its
    field; a homonym's also asks whether this is another person, and gives the players of the
    club's directory under that name, to show."""
    known = []
    if refusal.code == "homonym":
        data = form.cleaned_data
        known = homonyms(
            club_id=club_id,
            last_name=data["last_name"],
            first_name=data["first_name"],
            licence=data["licence"],
        )
        ask_another_person(form)
    add_refusal(form, refusal)
    return known


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
    form = TickForm(request.POST, players=offered_players(lines))
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
