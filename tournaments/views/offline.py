"""What a table's phone needs to keep its sheet when the room's Wi-Fi drops (docs, « Hors
connexion »): the service worker that keeps the sheet page and the static files, and the web
app manifest that puts a table's sheet on the phone's home screen. The queue of deals typed
offline lives in the browser (static/js/offline.js); the server only makes each send count
once (``submission_id``, tournaments.services.deals)."""

import hashlib
import json
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.models import Table

# Every static file the sheet page loads: the worker keeps them from its installation on.
SHEET_STATIC_FILES = [
    "css/app.css",
    "css/offline.css",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "js/offline.js",
    "js/live.js",
    "js/vendor/htmx-ext-sse-2.2.4.js",
    "icons/icon.svg",
    "icons/icon-192.png",
]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, served under /tables/ so that its scope covers every table's sheet. Its
    text names the static files by their hashed names: a new deployment is a new worker."""
    files = [staticfiles_storage.url(name) for name in SHEET_STATIC_FILES]
    context = {
        "static_files_json": json.dumps(files),
        "static_prefix_json": json.dumps(staticfiles_storage.base_url),
        "version": _version(),
        "icon_json": json.dumps(staticfiles_storage.url("icons/icon-192.png")),
    }
    response = render(
        request,
        "sheets/service_worker.js",
        context,
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response


def _version() -> str:
    """Changes with any of the files kept: hashed names in production, contents locally."""
    digest = hashlib.sha256()
    for name in SHEET_STATIC_FILES:
        path = finders.find(name)
        digest.update(Path(path).read_bytes() if path else name.encode())
    return digest.hexdigest()[:12]


@require_GET
def manifest(_request: HttpRequest, table_id: int) -> JsonResponse:
    """« Ajouter à l'écran d'accueil »: the icon opens this table's sheet, as an app. It names
    the table's number only, as the code page does, never the tournament."""
    table = get_object_or_404(Table, pk=table_id)
    name = _("Table %(number)s") % {"number": table.number}
    sheet = reverse("sheet", kwargs={"table_id": table.pk})
    icons = [
        ("icons/icon-192.png", "192x192", "image/png", "any"),
        ("icons/icon-512.png", "512x512", "image/png", "any"),
        ("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
        ("icons/icon.svg", "any", "image/svg+xml", "any"),
    ]
    response = JsonResponse(
        {
            "id": sheet,
            "name": _("%(table)s — Tarot en donnes libres") % {"table": name},
            "short_name": name,
            "lang": "fr",
            "start_url": sheet,
            "scope": reverse("sheet_service_worker").rsplit("/", 1)[0] + "/",
            "display": "standalone",
            "background_color": "#fbfaf7",
            "theme_color": "#1d2330",
            "icons": [
                {"src": staticfiles_storage.url(src), "sizes": sizes, "type": kind, "purpose": use}
                for src, sizes, kind, use in icons
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    return response
