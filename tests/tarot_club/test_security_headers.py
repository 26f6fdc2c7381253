"""Every page carries the Content-Security-Policy, and the pages live within it."""

import re

import pytest
from django.conf import settings


def csp(response) -> dict[str, str]:
    policy = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


def test_every_page_sends_the_content_security_policy(client, tournament):
    for url in ("/", f"/tournois/{tournament.pk}/", "/connexion/"):
        policy = csp(client.get(url))

        assert policy["script-src"] == "'self'"
        assert policy["style-src"] == "'self'"
        assert policy["frame-ancestors"] == "'none'"
        assert policy["object-src"] == "'none'"


def test_an_htmx_fragment_carries_the_policy_too(client, table):
    response = client.get(f"/tables/{table.pk}/", HTTP_HX_REQUEST="true")

    assert "Content-Security-Policy" in response


def test_the_pages_need_no_inline_script_nor_inline_style(arbitre_client, table):
    position = table.position
    for url in (
        "/",
        f"/tables/{table.pk}/",
        f"/arbitre/tournois/{position.tournament_id}/",
        f"/arbitre/tournois/{position.tournament_id}/positions/1/salle/",
    ):
        html = arbitre_client.get(url).content.decode()

        scripts = re.findall(r"<script\\b[^>]*>", html)
        assert all("src=" in tag for tag in scripts), url
        assert not re.search(r"<script\\b[^>]*>\\s*\\S", html), url
        assert " style=" not in html and "<style" not in html, url


@pytest.mark.usefixtures("db")
def test_htmx_is_served_from_this_site(client):
    html = client.get("/").content.decode()

    sources = re.findall(r'<script\b[^>]*\bsrc="([^"]+)"', html)
    assert any("htmx" in source for source in sources)
    assert all(source.startswith(settings.STATIC_URL) for source in sources)
