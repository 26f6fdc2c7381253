"""Every URL of the results and of the room walked by each role.

The results (ranking, exports, players' pages, projector) are public once the tournament is
published and the arbitre's alone before; the room's writes (closing, calls, penalties) are the
arbitre's only: anonymous users go to the login page, another arbitre gets a 404 and changes
nothing.
"""

import pytest
from django.contrib.auth import get_user_model

from championships.services.halls import add_hall
from common.actors import Actor
from tests.at_the_table import TESTS, play, sign
from tests.factories import club_tournament, seat
from tests.walks import walk
from tournaments.deal_scoring import DealResult
from tournaments.models import HandledCall, Penalty
from tournaments.services.penalties import add_penalty


@pytest.fixture
def room(short_tournament, players, arbitre):
    """Position 1 played with a garde sans to answer, signed, and a penalty in the register."""
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    for table in tables:
        play(table, DealResult(taker="N", contract="garde_sans", bouts=2, points=45))
        sign(table)
    position = tables[0].position
    penalty = add_penalty(
        registration=players[0],
        position=position,
        points=10,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    add_hall(tournament=short_tournament, name="Salle A", first_table=1, last_table=2, by=TESTS)
    return short_tournament, tables[0].deals.get(), penalty


def public_urls(tournament) -> list[str]:
    base = f"/tournois/{tournament.pk}"
    return [
        f"{base}/classement/",
        f"{base}/classement.csv",
        f"{base}/classement.json",
        f"{base}/classement.pdf",
        f"{base}/classement.xlsx",
        f"{base}/classement-equipes.csv",
        f"{base}/classement-equipes.xlsx",
        f"{base}/donnes.csv",
        f"{base}/donnes.xlsx",
        f"{base}/donnes.json",
        f"{base}/plan.json",
        f"{base}/joueurs/?q=joueur",
        f"{base}/joueurs/1/",
        f"{base}/projection/",
        f"{base}/projection/salles/1/",
        f"{base}/tirages/",
        f"{base}/tirages.json",
    ]


def arbitre_urls(tournament, deal, penalty) -> tuple[list[str], list[tuple[str, dict]]]:
    base = f"/arbitre/tournois/{tournament.pk}"
    gets = [f"{base}/penalites/", f"{base}/positions/1/salle/"]
    posts = [
        (f"{base}/positions/1/clore/", {"despite_calls": "on"}),
        (f"{base}/positions/1/rouvrir/", {"reason": "Piraté"}),
        (f"{base}/positions/1/suivante/", {}),
        (f"{base}/donnes/{deal.pk}/appel/", {}),
        (f"{base}/penalites/", {"number": 2, "position": 1, "points": 99, "reason": "Piraté"}),
        (f"{base}/penalites/{penalty.pk}/annuler/", {}),
    ]
    return gets, posts


def test_the_public_reads_the_results_of_a_published_tournament(client, room):
    tournament, _deal, _penalty = room

    for url in public_urls(tournament):
        assert client.get(url).status_code == 200, url


def test_nobody_but_its_arbitre_reads_the_results_of_an_unpublished_tournament(
    client, room, arbitre, other_arbitre
):
    tournament, _deal, _penalty = room
    tournament.published = False
    tournament.save()

    for url in public_urls(tournament):
        assert client.get(url).status_code == 404, url
    client.force_login(other_arbitre)
    for url in public_urls(tournament):
        assert client.get(url).status_code == 404, url
    client.force_login(arbitre)
    for url in public_urls(tournament):
        assert client.get(url).status_code == 200, url


def test_anonymous_users_are_sent_to_the_login_page_from_the_room(client, room):
    for url, response in walk(client, *arbitre_urls(*room)):
        assert response.url.startswith("/connexion/"), url


@pytest.fixture
def second_club_arbitre(other_arbitre):
    """``other_arbitre``, running a second club with a tournament of its own."""
    club_tournament(other_arbitre, name="Tournoi de l'autre club", published=False)
    return other_arbitre


@pytest.mark.parametrize("who", ["other_arbitre", "second_club_arbitre"])
def test_another_clubs_arbitre_gets_not_found_and_changes_nothing(client, room, request, who):
    tournament, deal, penalty = room
    client.force_login(request.getfixturevalue(who))
    for url, response in walk(client, *arbitre_urls(*room)):
        assert response.status_code == 404, url
    assert tournament.positions.get(number=1).closed_at is None
    assert tournament.positions.count() == 1
    assert not HandledCall.objects.exists()
    assert list(Penalty.objects.values_list("points", "cancelled_at")) == [(10, None)]


@pytest.mark.parametrize("who", ["arbitre", "club_mate"])
def test_every_arbitre_of_the_club_writes_everywhere_in_the_room(client, room, request, who):
    tournament, _deal, penalty = room
    if who == "club_mate":
        mate = get_user_model().objects.create_user(username="collegue", password="x")
        tournament.club.arbitres.add(mate)
        client.force_login(mate)
    else:
        client.force_login(request.getfixturevalue("arbitre"))
    gets, posts = arbitre_urls(*room)

    for url in gets:
        assert client.get(url).status_code == 200, url
    # Close, then reopen, seat the next, answer the call, give and cancel a penalty.
    statuses = [client.post(url, data).status_code for url, data in posts]

    assert statuses == [302] * 6
    penalty.refresh_from_db()
    assert penalty.is_cancelled
    assert HandledCall.objects.count() == 1


def test_the_room_refuses_the_wrong_method(arbitre_client, room):
    gets, posts = arbitre_urls(*room)

    assert arbitre_client.get(posts[0][0]).status_code == 405
    assert arbitre_client.post(public_urls(room[0])[0]).status_code == 405


def phone_link_url(tournament, deal) -> str:
    return f"/arbitre/tournois/{tournament.pk}/positions/1/salle/tables/{deal.table_id}/telephone/"


def test_a_tables_phone_link_is_made_by_the_clubs_arbitres_alone(
    client, room, arbitre, other_arbitre
):
    tournament, deal, _penalty = room
    url = phone_link_url(tournament, deal)

    anonymous = client.post(url)
    client.force_login(other_arbitre)
    outsider = client.post(url)
    client.force_login(arbitre)
    own = client.post(url)

    assert anonymous.url.startswith("/connexion/")
    assert (outsider.status_code, own.status_code) == (404, 200)
