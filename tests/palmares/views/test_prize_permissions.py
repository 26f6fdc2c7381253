"""Every prize URL, walked by each role: anonymous, another club's arbitre, the club's
arbitre, a role of the room; the public ones by anyone once the tournament is published."""

from django.contrib.auth import get_user_model

from championships.services.halls import give_role
from palmares.models import PrizeTable
from tests.at_the_table import TESTS
from tests.palmares.conftest import amounts
from tests.walks import walk


def urls(tournament):
    base = f"/arbitre/tournois/{tournament.pk}/prix/"
    gets = [base, f"{base}rouvrir/"]
    posts = [
        (base, {"pot_kind": "montants", "lignes-TOTAL_FORMS": "1", "lignes-INITIAL_FORMS": "0",
                "lignes-0-category": "general", "lignes-0-value": "999"}),
        (f"{base}arreter/", {}),
        (f"{base}rouvrir/", {"reason": "Piraté"}),
    ]  # fmt: skip
    return gets, posts


def public_urls(tournament):
    return [
        f"/tournois/{tournament.pk}/prix/",
        f"/tournois/{tournament.pk}/prix.json",
        f"/tournois/{tournament.pk}/prix.pdf",
        f"/tournois/{tournament.pk}/prix/projection/",
    ]


def unchanged(tournament) -> bool:
    table = PrizeTable.objects.get(tournament=tournament)
    return not table.locked and [row.amount for row in table.rows.all()] == [100]


def test_anonymous_users_are_sent_to_the_login_page(client, evening):
    amounts(evening, "100")
    gets, posts = urls(evening)

    for url, response in walk(client, gets, posts):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url
    assert unchanged(evening)


def test_another_clubs_arbitre_gets_not_found_and_changes_nothing(client, evening, other_arbitre):
    amounts(evening, "100")
    client.force_login(other_arbitre)
    gets, posts = urls(evening)

    for url, response in walk(client, gets, posts):
        assert response.status_code == 404, url
    assert unchanged(evening)


def test_a_pointeur_of_the_tournament_gets_not_found(client, evening):
    amounts(evening, "100")
    get_user_model().objects.create_user(username="pointeur", password="x")
    give_role(tournament=evening, username="pointeur", role="pointeur", hall=None, by=TESTS)
    client.force_login(get_user_model().objects.get(username="pointeur"))
    gets, posts = urls(evening)

    for url, response in walk(client, gets, posts):
        assert response.status_code == 404, url
    assert unchanged(evening)


def test_the_clubs_arbitre_and_a_superuser_get_every_page(client, arbitre, evening):
    amounts(evening, "100")
    gets, _posts = urls(evening)
    admin = get_user_model().objects.create_superuser(username="admin", password="mot-de-passe")

    for user in (arbitre, admin):
        client.force_login(user)
        for url in gets:
            assert client.get(url).status_code == 200, url


def test_anyone_reads_the_published_prize_list(client, evening):
    amounts(evening, "100")

    for url in public_urls(evening):
        assert client.get(url).status_code == 200, url


def test_nobody_but_its_arbitres_reads_an_unpublished_prize_list(client, evening, other_arbitre):
    amounts(evening, "100")
    evening.published = False
    evening.save(update_fields=["published"])
    client.force_login(other_arbitre)

    for url in public_urls(evening):
        assert client.get(url).status_code == 404, url
