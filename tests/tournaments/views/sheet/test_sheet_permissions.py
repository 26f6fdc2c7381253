"""Every sheet URL walked with each role: who may read, who may write, who sees nothing.

Roles: the public (anonymous), a device holding another table's code, an arbitre of no club,
an arbitre of a second club, the table's own device, the tournament's arbitre, and another
arbitre of the tournament's club.
"""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests import fft_example
from tests.at_the_table import fill_sheet, grant
from tests.factories import club_tournament
from tests.pdfs import pdf_text

ROLES = [
    "anonymous",
    "other_table_code",
    "other_arbitre",
    "second_club_arbitre",
    "table_code",
    "arbitre",
    "club_mate",
]
# Every arbitre of the tournament's club is the arbitre here; an arbitre of no club, or of
# a second club with tournaments of its own, is nobody.
ARBITRES = ("arbitre", "club_mate")
OUTSIDERS = ("other_arbitre", "second_club_arbitre")
WRITERS = {"table_code", *ARBITRES}


@pytest.fixture
def as_role(client, table, other_table, arbitre, other_arbitre):
    def log_in(role: str):
        if role == "other_table_code":
            grant(client, other_table)
        elif role == "table_code":
            grant(client, table)
        elif role == "other_arbitre":
            client.force_login(other_arbitre)
        elif role == "second_club_arbitre":
            club_tournament(other_arbitre, name="Tournoi de l'autre club", published=False)
            client.force_login(other_arbitre)
        elif role == "arbitre":
            client.force_login(arbitre)
        elif role == "club_mate":
            mate = get_user_model().objects.create_user(username="collegue", password="x")
            table.position.tournament.club.arbitres.add(mate)
            client.force_login(mate)
        return client

    return log_in


def urls(table):
    """Method, path, data, and the status for a writer / for anyone else."""
    base = f"/tables/{table.pk}"
    tournament = table.position.tournament
    room = f"/arbitre/tournois/{tournament.pk}/positions/1/salle/"
    new = {"number": 5, **fft_example.POSTS[4]}
    edit = {"number": 4, "version": 1, **fft_example.POSTS[3]}
    return {
        "sheet": ("get", f"{base}/", {}, 200, 200),
        "access": ("get", f"{base}/acces/", {}, 200, 200),
        "deal_new": ("post", f"{base}/donnes/nouvelle/", new, 302, 403),
        "deal_new_get": ("get", f"{base}/donnes/nouvelle/", {}, 302, 302),
        "preview": ("post", f"{base}/apercu/", new, 200, 403),
        "deal_edit_page": ("get", f"{base}/donnes/4/", {}, 200, 302),
        "deal_edit": ("post", f"{base}/donnes/4/", edit, 302, 403),
        "deal_delete": ("post", f"{base}/donnes/4/supprimer/", {"version": 1}, 302, 403),
        "sign_off": ("post", f"{base}/signature/", {"place": "N"}, 409, 403),
        "history": ("get", f"{base}/historique/", {}, 200, 302),
        "unlock": ("post", f"{base}/reouverture/", {}, None, 403),
        "room": ("get", room, {}, None, None),
        # Printing: anyone reads the sheet of a published tournament as a PDF (the arbitre's
        # copy, with the code, for the arbitre only); the position's prints are the arbitre's.
        "sheet_pdf": ("get", f"{base}/feuille.pdf", {}, 200, 200),
        "position_sheets_pdf": ("get", room.replace("salle/", "feuilles.pdf"), {}, None, None),
        "plan_pdf": ("get", room.replace("salle/", "plan.pdf"), {}, None, None),
        "cards_pdf": ("get", f"/arbitre/tournois/{tournament.pk}/cartes.pdf", {}, None, None),
    }


ARBITRE_ONLY = ["room", "position_sheets_pdf", "plan_pdf", "cards_pdf"]

SPECIAL = {
    # Only the arbitre reopens a signed sheet, watches the room and prints the position.
    ("unlock", "table_code"): 403,
    **{("unlock", role): 302 for role in ARBITRES},
    **{(name, role): 200 for name in ARBITRE_ONLY for role in ARBITRES},
    **{(name, role): 404 for name in ARBITRE_ONLY for role in OUTSIDERS},
    **{(name, role): 302 for name in ARBITRE_ONLY
       for role in ("anonymous", "other_table_code", "table_code")},
}  # fmt: skip


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", [
    "sheet", "access", "deal_new", "deal_new_get", "preview", "deal_edit_page", "deal_edit",
    "deal_delete", "sign_off", "history", "unlock", "room",
    "sheet_pdf", "position_sheets_pdf", "plan_pdf", "cards_pdf",
])  # fmt: skip
def test_every_sheet_url_with_each_role(as_role, table, role, name):
    fill_sheet(table, fft_example.RESULTS[:4])
    client = as_role(role)
    method, path, data, writer_status, other_status = urls(table)[name]

    response = getattr(client, method)(path, data)

    expected = SPECIAL.get((name, role), writer_status if role in WRITERS else other_status)
    assert response.status_code == expected, (name, role)
    if name.endswith("_pdf") and expected == 200:
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF-")
    if expected != 302:
        assert table.deals.count() == 4


@pytest.mark.parametrize("role", ["anonymous", "other_table_code", *OUTSIDERS])
def test_an_unpublished_tournament_shows_its_sheets_to_nobody_else(as_role, table, role):
    table.position.tournament.published = False
    table.position.tournament.save()
    client = as_role(role)

    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert client.get(f"/tables/{table.pk}/feuille.pdf").status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_only_the_arbitre_prints_the_sheet_with_its_code(as_role, table, role):
    client = as_role(role)

    text = pdf_text(client.get(f"/tables/{table.pk}/feuille.pdf").content, raw=True)

    assert "JOUEUR1" in text
    assert (table.code in text) is (role in ARBITRES)


@pytest.mark.parametrize("role", ["table_code", *ARBITRES])
def test_an_unpublished_tournament_shows_its_sheets_to_the_table_and_arbitre(as_role, table, role):
    table.position.tournament.published = False
    table.position.tournament.save()
    client = as_role(role)

    assert client.get(f"/tables/{table.pk}/").status_code == 200


def test_the_public_sheet_shows_no_edit_link(client, table):
    fill_sheet(table, fft_example.RESULTS[:4])

    html = client.get(f"/tables/{table.pk}/").content.decode()

    assert f"/tables/{table.pk}/donnes/" not in html
    assert "/signature/" not in html


def test_the_public_tournament_page_links_each_read_only_sheet(client, table, other_table):
    table.position.seating_published_at = timezone.now()
    table.position.save()

    html = client.get(f"/tournois/{table.position.tournament.pk}/").content.decode()

    assert f'href="/tables/{table.pk}/"' in html
    assert f'href="/tables/{other_table.pk}/"' in html


@pytest.mark.parametrize("role", ROLES)
def test_a_one_time_link_not_made_for_the_table_lets_nobody_in(as_role, table, role):
    client = as_role(role)
    url = f"/tables/{table.pk}/acces/pas-un-jeton/"

    shown, tapped = client.get(url), client.post(url)

    assert (shown.status_code, tapped.status_code) == (410, 410)


@pytest.mark.parametrize("role", ROLES)
def test_the_sheets_offline_files_are_open_to_every_device(as_role, table, role):
    client = as_role(role)

    manifest = client.get(f"/tables/{table.pk}/manifest.webmanifest")
    worker = client.get("/tables/service-worker.js")

    assert (manifest.status_code, worker.status_code) == (200, 200)
