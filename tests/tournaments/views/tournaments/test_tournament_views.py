"""Creating and editing a tournament: every setting, kept on error, never a 500."""

import datetime

import pytest

from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of, plan_committed, start
from tests.htmx import HTMX
from tournaments.choices import Formula
from tournaments.models import Tournament
from tournaments.services.tournaments import update_tournament

SETTINGS = {
    "name": "Open de Lyon",
    "date": "2026-12-12",
    "venue": "Salle Rameau",
    "organiser": "Tarot Club Lyonnais",
    "positions_count": "4",
    "deals_per_position": "6",
    "formula": "duo",
    "allow_five": "on",
    "five_mode": "mort",
    "counts_all_pass": "on",
    "status": "preparation",
    "published": "on",
}


@pytest.mark.usefixtures("tournament")
def test_arbitre_home_lists_only_their_tournaments(arbitre_client, other_arbitre):
    Tournament.objects.create(
        name="Celui d'un autre",
        date=datetime.date(2026, 1, 1),
        arbitre=other_arbitre,
        club=club_of(other_arbitre),
    )

    page = arbitre_client.get("/arbitre/").content.decode()

    assert "Tournoi du club" in page
    assert "Celui d'un autre" not in page


def test_create_form_renders_as_a_full_page(arbitre_client):
    response = arbitre_client.get("/arbitre/tournois/nouveau/")

    assert response.status_code == 200
    assert "<html" in response.content.decode()
    assert 'name="positions_count"' in response.content.decode()


def test_creating_a_tournament_stores_every_setting_and_makes_the_user_its_arbitre(
    arbitre_client, arbitre
):
    response = arbitre_client.post("/arbitre/tournois/nouveau/", SETTINGS)

    tournament = Tournament.objects.get(name="Open de Lyon")
    assert response.status_code == 302
    assert response.url == f"/arbitre/tournois/{tournament.pk}/"
    assert tournament.arbitre == arbitre
    assert tournament.date == datetime.date(2026, 12, 12)
    assert (tournament.positions_count, tournament.deals_per_position) == (4, 6)
    assert tournament.formula == Formula.DUO
    assert tournament.allow_five and tournament.counts_all_pass and tournament.published
    assert tournament.five_mode == "mort"


def test_creating_under_htmx_redirects_the_whole_page(arbitre_client):
    response = arbitre_client.post("/arbitre/tournois/nouveau/", SETTINGS, headers=HTMX)

    assert response.status_code == 200
    assert response["HX-Redirect"].startswith("/arbitre/tournois/")


def test_a_refused_tournament_keeps_the_values_and_says_why_in_french(arbitre_client):
    response = arbitre_client.post(
        "/arbitre/tournois/nouveau/", {**SETTINGS, "date": "", "positions_count": "0"}
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Ce champ est obligatoire." in page
    assert "supérieure ou égale à 1" in page
    assert 'value="Open de Lyon"' in page
    assert not Tournament.objects.exists()


def test_a_refused_tournament_under_htmx_returns_only_the_form(arbitre_client):
    response = arbitre_client.post(
        "/arbitre/tournois/nouveau/", {**SETTINGS, "name": ""}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<form id="tournament-form"')
    assert "Ce champ est obligatoire." in page


def test_edit_form_shows_the_current_settings(arbitre_client, tournament):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/modifier/")

    assert response.status_code == 200
    assert 'value="Tournoi du club"' in response.content.decode()


def test_editing_changes_the_settings(arbitre_client, tournament):
    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/modifier/", {**SETTINGS, "published": ""}
    )

    tournament.refresh_from_db()
    assert response.status_code == 302
    assert tournament.name == "Open de Lyon"
    assert not tournament.published


@pytest.mark.usefixtures("registrations")
def test_positions_cannot_drop_below_the_last_position_seated(tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    with pytest.raises(Refused) as refused:
        update_tournament(tournament=tournament, settings={"positions_count": 1}, by=TESTS)

    assert refused.value.field == "positions_count"


@pytest.mark.usefixtures("registrations")
def test_editing_below_the_seated_positions_is_a_form_error(arbitre_client, tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/modifier/",
        {**SETTINGS, "formula": "individuel", "positions_count": "1"},
    )

    assert response.status_code == 200
    assert "déjà placée" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.positions_count == 3


@pytest.mark.usefixtures("registrations")
def test_the_formula_is_fixed_once_a_position_is_seated(tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)

    with pytest.raises(Refused) as refused:
        update_tournament(tournament=tournament, settings={"formula": Formula.DUO}, by=TESTS)

    assert refused.value.code == "formula_fixed"


def test_dashboard_links_every_step_and_every_position(arbitre_client, tournament):
    page = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/").content.decode()

    assert f"/arbitre/tournois/{tournament.pk}/joueurs/" in page
    assert f"/arbitre/tournois/{tournament.pk}/pointage/" in page
    for number in (1, 2, 3):
        assert f"/arbitre/tournois/{tournament.pk}/positions/{number}/placement/" in page


@pytest.mark.usefixtures("client")
def test_publishing_from_the_dashboard_shows_the_tournament_to_everyone(arbitre_client, tournament):
    tournament.published = False
    tournament.save()

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/publier/", {"published": "1"}, headers=HTMX
    )

    tournament.refresh_from_db()
    assert response["HX-Redirect"] == f"/arbitre/tournois/{tournament.pk}/"
    assert tournament.published


def test_hiding_a_tournament(arbitre_client, tournament):
    arbitre_client.post(f"/arbitre/tournois/{tournament.pk}/publier/", {"published": "0"})

    tournament.refresh_from_db()
    assert not tournament.published


def test_creating_a_tournament_by_the_club_rules_stores_its_options(arbitre_client):
    arbitre_client.post(
        "/arbitre/tournois/nouveau/",
        {**SETTINGS, "rules": "club", "club_miseres": "on", "club_round_to_ten": "on"},
    )

    tournament = Tournament.objects.get(name="Open de Lyon")
    assert tournament.rules_label == "Règles du club : misères, arrondi à la dizaine"


def test_the_create_form_offers_the_rules_and_their_options(arbitre_client):
    page = arbitre_client.get("/arbitre/tournois/nouveau/").content.decode()

    assert 'name="rules"' in page
    assert "Règles du club" in page
    for option in ("homologable", "club_miseres", "club_individual_primes", "club_round_to_ten"):
        assert f'name="{option}"' in page


def test_a_homologable_tournament_by_the_club_rules_is_a_form_error(arbitre_client):
    response = arbitre_client.post(
        "/arbitre/tournois/nouveau/", {**SETTINGS, "homologable": "on", "rules": "club"}
    )

    assert response.status_code == 200
    assert "Un tournoi homologable se joue aux règles FFT" in response.content.decode()
    assert not Tournament.objects.filter(name="Open de Lyon").exists()


@pytest.mark.usefixtures("registrations")
def test_changing_the_rules_after_the_first_deal_is_a_form_error_with_the_reason(
    arbitre_client, tournament
):
    tournament.rules = "fft"
    tournament.save()
    plan_committed(tournament=tournament, number=1, by=TESTS)
    start(tournament.positions.get(number=1))

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/modifier/",
        {**SETTINGS, "formula": tournament.formula, "five_mode": "appel", "rules": "club"},
    )

    assert response.status_code == 200
    assert "les règles du tournoi ne peuvent plus changer" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.rules == "fft"


@pytest.mark.usefixtures("registrations")
def test_switching_a_played_tournament_to_the_fft_rules_gives_the_played_reason(
    arbitre_client, tournament
):
    tournament.rules, tournament.club_miseres = "club", True
    tournament.save()
    plan_committed(tournament=tournament, number=1, by=TESTS)
    start(tournament.positions.get(number=1))

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/modifier/",
        {**SETTINGS, "formula": tournament.formula, "five_mode": "appel", "rules": "fft",
         "club_miseres": "on"},
    )  # fmt: skip

    page = response.content.decode()
    assert "Des donnes sont déjà inscrites" in page
    assert "choisissez « Règles du club » pour les jouer" not in page
    tournament.refresh_from_db()
    assert (tournament.rules, tournament.club_miseres) == ("club", True)
