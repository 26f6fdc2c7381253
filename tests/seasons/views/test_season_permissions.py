"""Every arbitre season URL, walked by each role: anonymous, another club's arbitre, the
club's arbitre, a superuser. Another club's arbitre gets a 404 and changes nothing."""

from django.contrib.auth import get_user_model

from tests.walks import walk


def urls(club, season):
    pages = [f"/arbitre/clubs/{club.pk}/saisons/nouvelle/", f"/arbitre/saisons/{season.pk}/"]
    return pages, pages


PIRATE = {"name": "Piraté", "start": "2026-01-01", "end": "2026-12-31", "method": "moyenne",
          "minimum": "1", "evenings": "dates"}  # fmt: skip


def test_anonymous_users_are_sent_to_the_login_page(client, club, season):
    gets, posts = urls(club, season)

    for url, response in walk(client, gets, [(url, PIRATE) for url in posts]):
        assert response.status_code == 302, url
        assert response.url.startswith("/connexion/"), url


def test_another_clubs_arbitre_gets_not_found_and_changes_nothing(
    client, club, season, other_arbitre
):
    client.force_login(other_arbitre)
    gets, posts = urls(club, season)

    for url, response in walk(client, gets, [(url, PIRATE) for url in posts]):
        assert response.status_code == 404, url
    season.refresh_from_db()
    assert (season.name, season.method) == ("Saison 2026", "cumul")
    assert club.seasons.count() == 1


def test_the_clubs_arbitre_and_a_superuser_get_every_page(client, arbitre, club, season):
    gets, _posts = urls(club, season)
    admin = get_user_model().objects.create_superuser(username="admin", password="mot-de-passe")

    for user in (arbitre, admin):
        client.force_login(user)
        for url in gets:
            assert client.get(url).status_code == 200, url


def test_the_arbitre_changes_the_season_from_its_page(arbitre_client, season):
    response = arbitre_client.post(f"/arbitre/saisons/{season.pk}/", PIRATE | {"name": "Hiver"})

    season.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == f"/saisons/{season.pk}/"
    assert (season.name, season.method) == ("Hiver", "moyenne")


def public_urls(season) -> list[str]:
    base = f"/saisons/{season.pk}"
    return [
        f"{base}/",
        f"{base}/classement.csv",
        f"{base}/classement.pdf",
        f"{base}/classement.json",
        f"{base}/projection/",
    ]


def test_a_seasons_pages_are_everyones_since_they_count_only_published_evenings(
    client, season, other_arbitre
):
    anonymous = [client.get(url).status_code for url in public_urls(season)]
    client.force_login(other_arbitre)
    outsider = [client.get(url).status_code for url in public_urls(season)]

    assert anonymous == outsider == [200] * 5


def test_a_season_that_does_not_exist_is_not_found_on_any_of_its_pages(client, season):
    urls = public_urls(season)
    season.delete()

    assert [client.get(url).status_code for url in urls] == [404] * 5
