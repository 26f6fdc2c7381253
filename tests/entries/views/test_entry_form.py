"""/tournois/<id>/inscription/ (fixed): the public form, closed or full said before it is
filled, what was typed kept when refused, hostile input answered in French, never a 500."""

import datetime
import html

import pytest
from django.utils import timezone

from entries.models import Entry
from entries.services.openings import close_opening_early, set_opening
from tests.at_the_table import TESTS
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter
from tests.factories import club_tournament

TYPED = {
    "last_name": "Martin",
    "first_name": "Claire",
    "licence": "0412345",
    "club": "TC Lyon",
    "email": "claire@example.org",
}


def read(response) -> str:
    """The page's text as a reader reads it (its entities unescaped)."""
    return html.unescape(response.content.decode())


def form_url(tournament) -> str:
    return f"/tournois/{tournament.pk}/inscription/"


def test_the_open_form_shows_the_note_and_the_places_left(client, arbitre):
    tournament = open_evening(arbitre, capacity=30)

    page = read(client.get(form_url(tournament)))

    assert "Accueil dès 20 h, buvette sur place." in page
    assert "Il reste 30 places." in page
    assert 'name="licence"' in page


def test_an_entry_sent_goes_to_the_players_own_page(client, evening):
    response = client.post(form_url(evening), TYPED)

    entry = Entry.objects.get()
    assert response.status_code == 302
    assert response.url.startswith(f"/tournois/{evening.pk}/inscription/")
    page = read(client.get(response.url))
    assert "Vous êtes inscrit(e)." in page
    assert entry.registration is not None


def test_an_htmx_entry_is_redirected_by_htmx(client, evening):
    response = client.post(form_url(evening), TYPED, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(f"/tournois/{evening.pk}/inscription/")


def test_a_closed_tournament_says_so_before_the_form(client, evening):
    close_opening_early(tournament=evening, by=TESTS)

    page = read(client.get(form_url(evening)))

    assert "Les inscriptions sont closes." in page
    assert 'name="last_name"' not in page


def test_a_post_to_a_closed_tournament_registers_nobody(client, evening):
    close_opening_early(tournament=evening, by=TESTS)

    client.post(form_url(evening), TYPED)

    assert not Entry.objects.exists()


def test_a_full_tournament_says_so_and_offers_the_waiting_list(client, arbitre):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")

    page = read(client.get(form_url(tournament)))

    assert "Le tournoi est complet" in page
    assert "M'inscrire en liste d'attente" in page


def test_a_tournament_not_yet_open_says_when_it_opens(client, arbitre):
    tournament = open_evening(arbitre)
    now = timezone.now()
    set_opening(
        tournament=tournament,
        opens_at=now + datetime.timedelta(days=2),
        closes_at=now + datetime.timedelta(days=3),
        capacity=None,
        eligibility="everyone",
        by=TESTS,
    )

    assert "Les inscriptions ouvriront le" in read(client.get(form_url(tournament)))


def test_a_published_tournament_without_online_registration_says_so(client, arbitre):
    tournament = club_tournament(arbitre)

    page = read(client.get(form_url(tournament)))

    assert "ne prend pas d'inscription en ligne" in page


def test_an_unpublished_tournament_without_online_registration_is_not_found(client, arbitre):
    tournament = club_tournament(arbitre, published=False)

    assert client.get(form_url(tournament)).status_code == 404


def test_the_same_licence_twice_is_told_deja_inscrit_and_keeps_what_was_typed(client, evening):
    client.post(form_url(evening), TYPED)

    page = client.post(form_url(evening), {**TYPED, "email": "autre@example.org"})

    text = read(page)
    assert page.status_code == 200
    assert "Déjà inscrit(e) à ce tournoi." in text
    assert 'value="autre@example.org"' in text
    assert Entry.objects.count() == 1


@pytest.mark.parametrize(
    "hostile",
    [
        {"last_name": "x" * 100_000},
        {"first_name": "Cl\u202eaire"},
        {"licence": "０４１２３４５"},
        {"email": "claire@@example"},
        {"licence": "9" * 5000},
    ],
)
def test_hostile_input_is_refused_in_french_with_the_form_kept(client, evening, hostile):
    response = client.post(form_url(evening), {**TYPED, **hostile})

    assert response.status_code == 200
    assert 'class="errorlist' in read(response)
    assert 'value="claire@example.org"' in read(response) or "email" in hostile
    assert not Entry.objects.exists()


def test_a_nul_byte_is_answered_in_french_not_a_500(client, evening):
    response = client.post(form_url(evening), {**TYPED, "last_name": "Mar\x00tin"})

    assert response.status_code == 400
    assert not Entry.objects.exists()


def test_a_flood_from_one_address_is_slowed_with_what_was_typed_kept(client, evening, settings):
    settings.ENTRIES_PER_MINUTE = 3
    for number in range(3):
        client.post(form_url(evening), {**TYPED, "licence": f"{number}", "last_name": f"J{number}"})

    response = client.post(form_url(evening), {**TYPED, "licence": "77", "last_name": "Dernier"})

    assert response.status_code == 429
    assert "Trop d'inscriptions envoyées depuis cette adresse" in read(response)
    assert 'value="Dernier"' in read(response)
    assert Entry.objects.count() == 3


def test_the_arbitre_logged_in_is_never_slowed(arbitre_client, evening, settings):
    settings.ENTRIES_PER_MINUTE = 1
    for number in range(3):
        arbitre_client.post(
            form_url(evening), {**TYPED, "licence": f"{number}", "last_name": f"J{number}"}
        )

    assert Entry.objects.count() == 3


def test_the_tournaments_public_page_links_to_the_form(client, evening):
    page = read(client.get(f"/tournois/{evening.pk}/"))

    assert f'href="/tournois/{evening.pk}/inscription/"' in page
