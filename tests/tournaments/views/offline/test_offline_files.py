"""What a table's phone keeps to work offline: the service worker, the web app manifest and
its icons, and the sheet page that links them (docs, « Hors connexion »)."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from PIL import Image

from tests import fft_example
from tests.at_the_table import post_deal


@pytest.mark.usefixtures("db")
def test_the_worker_is_served_under_tables_so_that_it_covers_every_sheet(client):
    response = client.get("/tables/service-worker.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response.wsgi_request.path.rsplit("/", 1)[0] + "/" == "/tables/"


@pytest.mark.usefixtures("db")
def test_the_worker_keeps_the_static_files_the_sheet_loads(client):
    text = client.get("/tables/service-worker.js").content.decode()

    for name in ("css/app.css", "css/offline.css", "js/offline.js", "django_htmx/htmx-2.min.js"):
        assert f'"{staticfiles_storage.url(name)}"' in text


def test_the_manifest_opens_this_tables_sheet_as_an_app(client, table):
    response = client.get(f"/tables/{table.pk}/manifest.webmanifest")

    manifest = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["start_url"] == f"/tables/{table.pk}/"
    assert manifest["scope"] == "/tables/"
    assert manifest["short_name"] == "Table 1"
    assert manifest["display"] == "standalone"


def test_every_icon_of_the_manifest_is_a_static_file_of_its_size(client, table):
    manifest = json.loads(client.get(f"/tables/{table.pk}/manifest.webmanifest").content)

    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix(staticfiles_storage.base_url))
        assert path is not None, icon["src"]
        if icon["type"] == "image/png":
            width, height = (int(side) for side in icon["sizes"].split("x"))
            assert Image.open(path).size == (width, height)


def test_the_sheet_links_its_manifest_its_worker_and_the_queue(client, table):
    html = client.get(f"/tables/{table.pk}/").content.decode()

    assert f'<link rel="manifest" href="/tables/{table.pk}/manifest.webmanifest">' in html
    assert 'data-worker-url="/tables/service-worker.js"' in html
    assert f'src="{staticfiles_storage.url("js/offline.js")}"' in html
    assert 'class="offline-banner" role="status"' in html


def test_new_deals_may_wait_offline_but_corrections_go_online_only(table_client, table):
    sheet = table_client.get(f"/tables/{table.pk}/").content.decode()
    post_deal(table_client, table, 1, fft_example.POSTS[0])
    correction = table_client.get(f"/tables/{table.pk}/donnes/1/").content.decode()

    assert re.search(r'<form class="deal-form"[^>]* data-offline-queue', sheet)
    assert re.search(r'<form class="deal-form"', correction)
    assert "data-offline-queue" not in correction
