"""« Aide »: the French guides of docs/ rendered in the app, and each page's link to its
section."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import get_resolver
from django.utils.html import escape

from guides.pages import GUIDES, HELP, guide, help_target

pytestmark = pytest.mark.django_db


def test_the_guides_home_is_the_documentation_s_home_in_french(client):
    response = client.get("/aide/")

    assert response.status_code == 200
    assert "<h1" in response.content.decode()
    assert "Par où commencer" in response.content.decode()


@pytest.mark.parametrize("path", GUIDES)
def test_every_guide_is_served_with_its_title(client, path):
    response = client.get(f"/aide/{path}/")

    assert response.status_code == 200
    assert f"<title>{escape(guide(path).title)} · Aide" in response.content.decode()


def test_a_page_that_is_no_guide_is_not_found(client):
    assert client.get("/aide/deploying/index/").status_code == 404
    assert client.get("/aide/../settings/").status_code == 404


def test_the_guides_link_to_one_another_as_the_app_s_pages(client):
    html = client.get("/aide/guide-arbitre/index/").content.decode()

    assert 'href="/aide/guide-arbitre/soiree/"' in html
    assert ".md" not in re.sub(r'data-docs="[^"]*"', "", html)


def test_a_guide_s_pictures_are_served_as_the_site_s_static_files(client):
    html = client.get("/aide/guide-arbitre/salle/").content.decode()

    assert "<img alt=\"La salle de l'arbitre" in html
    assert 'src="/static/captures/salle-ordinateur.png"' in html
    assert finders.find("captures/salle-ordinateur.png").endswith(
        "docs/captures/salle-ordinateur.png"
    )


def test_a_link_to_the_technical_reference_leads_to_the_guides_home(client):
    html = client.get("/aide/").content.decode()

    assert 'href="/aide/" data-docs="docs/deploying/index.md"' in html


@pytest.mark.parametrize("url_name", sorted(HELP))
def test_each_page_s_help_leads_to_a_section_that_exists(url_name):
    page, _, anchor = help_target(url_name).partition("/#")
    page = page.rstrip("/")

    assert page in GUIDES
    if anchor:
        assert f'id="{anchor}"' in guide(page).html


@pytest.mark.parametrize("url_name", sorted(HELP))
def test_each_page_named_for_help_is_a_page_of_the_app(url_name):
    assert url_name in _url_names()


def _url_names() -> set[str]:
    return {name for name in get_resolver().reverse_dict if isinstance(name, str)}


def test_the_login_page_links_the_arbitre_s_guide(client):
    response = client.get("/connexion/")

    assert 'href="/aide/guide-arbitre/index/">Aide</a>' in response.content.decode()


def test_the_home_page_links_the_player_s_guide(client):
    response = client.get("/")

    assert 'href="/aide/guide-joueur/">Aide</a>' in response.content.decode()
