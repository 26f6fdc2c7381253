"""The federation's licence list, imported by a club's arbitre (docs, « La liste des
licences »): the file sent, its columns mapped (remembered from the club's last list), the
differences shown (new, changed, gone, refused), then applied.

The file waits in the shared cache between its sending and its import, under a key of its
own that only this club's pages read; past an hour it is gone, and the arbitre sends it again.
"""

import re
import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.forms import LicenceColumnsForm, LicenceFileForm
from clubs.licence_files import FIELDS, guessed_columns, missing_columns, read_table
from clubs.models import Club
from clubs.permissions import arbitre_club_or_404
from clubs.selectors.licences import (
    last_licence_list,
    licence_differences,
    remembered_columns,
)
from clubs.services.licences import import_licences
from common.actors import Actor
from common.htmx import HtmxHttpRequest, redirect_page, render_page
from common.refusals import Refused, add_refusal

KEPT_SECONDS = 3600
KEY = re.compile(r"[A-Za-z0-9_-]{16}")
SHOWN = 100  # lines of each kind the preview lists; the others are counted


def _kept(club: Club, key: str) -> str:
    return f"licence-list:{club.pk}:{key}"


@require_http_methods(["GET", "POST"])
@login_required
def club_licences(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's licence list: the last import, and a new file to send."""
    club = arbitre_club_or_404(request, club_id)
    form = LicenceFileForm(*((request.POST, request.FILES) if request.method == "POST" else ()))
    if request.method == "POST" and form.is_valid():
        content = form.cleaned_data["file"].read()
        try:
            read_table(content)
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            key = secrets.token_urlsafe(12)
            cache.set(_kept(club, key), content, KEPT_SECONDS)
            return redirect_page(request, reverse("club_licences_preview", args=[club.pk, key]))
    context = {"club": club, "form": form, "last": last_licence_list(club)}
    status = 422 if request.method == "POST" else 200
    return render_page(request, "clubs/licences.html", context, partial="licences", status=status)


@require_http_methods(["GET", "POST"])
@login_required
def club_licences_preview(request: HtmxHttpRequest, club_id: int, key: str) -> HttpResponse:
    """The file sent: its columns (GET: mapped again), the differences they make, and
    (POST) those differences applied, if nothing changed since they were shown."""
    club = arbitre_club_or_404(request, club_id)
    # Only a key this page made (``token_urlsafe``) is looked up: anything else typed in the
    # address is a file no longer waiting, never a cache key the cache would warn about.
    made_here = KEY.fullmatch(key) is not None
    content = cache.get(_kept(club, key)) if made_here else None
    if content is None:
        messages.error(
            request,
            _(
                "Le fichier envoyé n'est plus en attente (une heure au plus) : "
                "envoyez-le de nouveau."
            ),
        )
        return redirect("club_licences", club.pk)
    table = read_table(content)
    initial = guessed_columns(table.headers, remembered_columns(club))
    data = (
        request.POST
        if request.method == "POST"
        else request.GET
        if "licence" in request.GET
        else None
    )
    form = LicenceColumnsForm(table.headers, data, initial=initial)
    columns = form.columns if form.is_bound and form.is_valid() else initial
    if request.method == "POST" and form.is_valid():
        try:
            done = import_licences(
                club=club,
                table=table,
                columns=columns,
                fingerprint=form.cleaned_data["fingerprint"],
                by=Actor.arbitre(request.user),
            )
        except Refused as refusal:
            add_refusal(form, refusal)
        else:
            cache.delete(_kept(club, key))
            messages.success(
                request,
                _(
                    "Liste des licences importée : %(new)s nouvelle(s), %(changed)s joueur(s) "
                    "modifié(s), %(gone)s licence(s) disparue(s) de la liste."
                )
                % {"new": len(done.new), "changed": len(done.changed), "gone": done.gone_count},
            )
            return redirect_page(request, reverse("club_licences", args=[club.pk]))
    missing = missing_columns(columns)
    differences = None if missing else licence_differences(club=club, table=table, columns=columns)
    context = {
        "club": club,
        "key": key,
        "form": form,
        "columns": columns,
        "fields": FIELDS,
        "missing": missing,
        "rows": len(table.rows),
        "differences": differences,
        "shown": SHOWN,
    }
    return render_page(request, "clubs/licences_preview.html", context, partial="preview")
