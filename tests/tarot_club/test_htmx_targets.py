"""A crafted ``HX-Target`` never breaks a page (issue 31, item 7): a view picks a fragment by
the target only among the targets its page has; any other target gets the page (or, under
htmx, the page's own fragment). Every page an arbitre or a table's phone may GET is asked
with htmx's headers and targets that no page has, or that another page has."""

import re

import pytest
from django.urls import URLPattern, get_resolver

from clubs.models import Member
from common.actors import Actor
from seasons.models import Season
from tests.at_the_table import grant, play, prise_by
from tests.factories import seated_room
from tournaments.services.penalties import add_penalty

TARGETS = ["member-results", "search-results", "members", "placement", "nimporte-quoi", ""]
# Files and downloads: no fragment to pick (the prints are slow, and tested on their own).
FILES = re.compile(r"\.(pdf|csv|xlsx|json|js|webmanifest|ico)$")


def _routes(resolver=None, prefix: str = "") -> list[str]:
    routes = []
    for pattern in (resolver or get_resolver()).url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLPattern):
            routes.append(route)
        else:
            routes.extend(_routes(pattern, route))
    return [r for r in routes if not r.startswith("admin/") and not FILES.search(r)]


@pytest.fixture
def ids(arbitre):
    tournament, position, tables, registrations = seated_room(arbitre)
    play(tables[0], prise_by("N"))
    club = tournament.club
    member = Member.objects.create(club=club, player=registrations[0].player)
    season = Season.objects.create(
        club=club, name="Saison", start=tournament.date, end=tournament.date, method="cumul"
    )
    penalty = add_penalty(
        registration=registrations[1],
        position=position,
        points=5,
        reason="x",
        by=Actor.arbitre(arbitre),
    )
    return {
        "tournament_id": tournament.pk,
        "number": 1,
        "table_id": tables[0].pk,
        "registration_id": registrations[0].pk,
        "club_id": club.pk,
        "member_id": member.pk,
        "user_id": arbitre.pk,
        "season_id": season.pk,
        "player_id": registrations[0].player_id,
        "deal_id": tables[0].deals.get().pk,
        "penalty_id": penalty.pk,
        "team_id": 1,
        "table": tables[0],
        "token": "jeton",
        "key": "cle-du-fichier-envoye",
        "uidb64": "MQ",
        "hall_number": 1,
        "role_id": 1,
        "stage_id": 1,
        "entry_id": 1,
        "evening_id": 1,
        "pair_id": 1,
        "fixed_id": 1,
        "path": "guide-arbitre/salle",
    }


def _path(route: str, ids: dict) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(ids[m[1]]), route)


def test_no_page_answers_a_crafted_htmx_target_with_a_server_error(client, arbitre, ids):
    client.force_login(arbitre)
    grant(client, ids["table"])
    failures = []
    for route in _routes():
        path = _path(route, ids)
        for target in TARGETS:
            response = client.get(
                path + "?q=Joueur", headers={"HX-Request": "true", "HX-Target": target}
            )
            if response.status_code >= 500:
                failures.append((path, target, response.status_code))

    assert failures == []
