"""Every set-up URL, walked by each role: anonymous, an arbitre of no club, an arbitre of a
second club, the arbitre, another arbitre of the same club, a superuser.

Anonymous users are sent to the login page; an arbitre of another club (or of none) gets a
404, as if the tournament did not exist; every arbitre of the tournament's club (and a
superuser) gets the page.
"""

import pytest
from django.contrib.auth import get_user_model

from championships.services.stages import add_stage
from tests.at_the_table import TESTS
from tests.factories import club_tournament, kept_apart, plan_committed
from tests.walks import walk
from tournaments.services.registrations import create_team
from tournaments.services.seating_wishes import fix_table


@pytest.fixture
def room(tournament, registrations):
    """A DUO tournament with a team and position 1 seated, so every URL has an object."""
    tournament.formula = "duo"
    tournament.save()
    team = create_team(tournament=tournament, name="Les As", by=TESTS)
    plan_committed(tournament=tournament, number=1, by=TESTS)
    stage = add_stage(tournament=tournament, name="Phase unique", positions_count=3, by=TESTS)
    kept_apart(registrations[0], registrations[1])
    fix_table(registration=registrations[2], table=1, reason="Fauteuil", by=TESTS)
    return tournament, registrations[0], team, stage


def urls(tournament, registration, team, stage=None):
    base = f"/arbitre/tournois/{tournament.pk}"
    reg = f"{base}/joueurs/{registration.pk}"
    gets = [
        f"{base}/",
        f"{base}/modifier/",
        f"{base}/joueurs/",
        f"{base}/import/",
        f"{base}/equipes/",
        f"{base}/pointage/",
        f"{base}/pointage/scanner/",
        f"{base}/positions/1/placement/",
        f"{reg}/modifier/",
        f"{base}/journal/",
        f"{base}/journal/?position=1&table=1",
        f"{base}/phases/",
        f"{base}/contraintes/",
        # Their « Retirer » asks to confirm first.
        *(
            f"{base}/contraintes/ecart/{pk}/retirer/"
            for pk in tournament.apart_pairs.values_list("pk", flat=True)
        ),
        *(
            f"{base}/contraintes/tables/{pk}/retirer/"
            for pk in tournament.fixed_tables.values_list("pk", flat=True)
        ),
        # The arbitre's prints (PDF).
        f"{base}/positions/1/feuilles.pdf",
        f"{base}/positions/1/plan.pdf",
        f"{base}/cartes.pdf",
    ]
    posts = [
        f"{base}/modifier/",
        f"{base}/publier/",
        f"{base}/joueurs/",
        f"{reg}/modifier/",
        f"{reg}/desinscrire/",
        f"{reg}/equipe/",
        f"{reg}/retrait/",
        f"{base}/import/",
        f"{base}/equipes/",
        f"{base}/equipes/{team.pk}/supprimer/",
        f"{base}/pointage/{registration.pk}/",
        f"{base}/pointage/scanner/",
        f"{base}/positions/1/placement/generer/",
        f"{base}/positions/1/placement/graine/",
        f"{base}/positions/1/placement/echanger/",
        f"{base}/positions/1/placement/publier/",
        f"{base}/joueurs/cocher/",
        f"{base}/contraintes/ecart/",
        f"{base}/contraintes/tables/",
        *(
            f"{base}/contraintes/ecart/{pk}/retirer/"
            for pk in tournament.apart_pairs.values_list("pk", flat=True)
        ),
        *(
            f"{base}/contraintes/tables/{pk}/retirer/"
            for pk in tournament.fixed_tables.values_list("pk", flat=True)
        ),
        f"{base}/phases/",
    ]
    if stage is not None:
        posts += [f"{base}/phases/{stage.pk}/modifier/", f"{base}/phases/{stage.pk}/supprimer/"]
    return gets, posts


@pytest.fixture
def second_club_arbitre(other_arbitre):
    """``other_arbitre``, running a second club with tournaments of its own."""
    club_tournament(other_arbitre, name="Tournoi de l'autre club")
    club_tournament(other_arbitre, name="Autre, en préparation", published=False)
    return other_arbitre


@pytest.fixture
def club_mate(tournament):
    """A second arbitre of the tournament's club, who did not create it."""
    mate = get_user_model().objects.create_user(username="collegue", password="x")
    tournament.club.arbitres.add(mate)
    return mate


def test_anonymous_users_are_sent_to_the_login_page(client, room):
    gets, posts = urls(*room)

    gets += ["/arbitre/", "/arbitre/tournois/nouveau/"]
    for url, response in walk(client, gets, [(url, {}) for url in posts]):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url


@pytest.mark.parametrize("who", ["other_arbitre", "second_club_arbitre"])
def test_another_clubs_arbitre_gets_not_found_everywhere_and_changes_nothing(
    client, room, request, who
):
    tournament, registration, team, stage = room
    client.force_login(request.getfixturevalue(who))
    gets, posts = urls(*room)

    pirate = {"name": "Piraté", "present": "0"}
    for url, response in walk(client, gets, [(url, pirate) for url in posts]):
        assert response.status_code == 404, url
    tournament.refresh_from_db()
    assert tournament.name == "Tournoi du club"
    assert tournament.registrations.count() == 8
    assert tournament.teams.filter(pk=team.pk).exists()
    assert list(tournament.stages.values_list("name", flat=True)) == [stage.name]
    assert (tournament.apart_pairs.count(), tournament.fixed_tables.count()) == (1, 1)


def test_the_arbitre_gets_every_page(arbitre_client, room):
    gets, _posts = urls(*room)

    for url in gets:
        response = arbitre_client.get(url)
        assert response.status_code == 200, url
        if url.endswith(".pdf"):
            assert response.content.startswith(b"%PDF-"), url


def test_every_arbitre_of_the_club_gets_every_page_and_writes(client, room, club_mate):
    tournament, _registration, _team, _stage = room
    client.force_login(club_mate)
    gets, _posts = urls(*room)

    for url in gets:
        assert client.get(url).status_code == 200, url
    client.post(f"/arbitre/tournois/{tournament.pk}/publier/", {"published": "0"})
    tournament.refresh_from_db()
    assert not tournament.published
    assert tournament.journal.get(action="tournament.hidden").actor_user == club_mate


def test_a_superuser_gets_every_page(client, room):
    client.force_login(
        get_user_model().objects.create_superuser(username="admin", password="mot-de-passe")
    )
    gets, _posts = urls(*room)

    for url in gets:
        assert client.get(url).status_code == 200, url


def test_setup_pages_refuse_the_wrong_method(arbitre_client, room):
    gets, posts = urls(*room)

    assert arbitre_client.post(gets[0]).status_code == 405
    assert arbitre_client.get(posts[-1]).status_code == 405
