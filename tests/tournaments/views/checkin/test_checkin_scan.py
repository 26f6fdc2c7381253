"""Check-in by QR code: the signed link of a registration, scanned on the pointeur's page or
opened by a phone's camera app; forged links, strangers and repeats answered in French."""

import datetime
import html

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import club_tournament
from tests.pointeurs import given_pointeur
from tournaments.checkin_links import checkin_link, checkin_path, checkin_token, token_registration
from tournaments.models import JournalEntry, Registration
from tournaments.services.registrations import withdraw_player


@pytest.fixture
def dupont(tournament, registrations):  # noqa: ARG001 - after the first 8
    """Jean Dupont, registered n° 9, not checked in yet."""
    player = Player.objects.create(last_name="Dupont", first_name="Jean", licence="0412345")
    return Registration.objects.create(tournament=tournament, player=player, number=9)


@pytest.fixture
def pointeur(tournament, arbitre):
    return given_pointeur(tournament, arbitre)


def logged_in(user) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def scan_url(tournament) -> str:
    return f"/arbitre/tournois/{tournament.pk}/pointage/scanner/"


def scan(browser, tournament, code: str, **headers):
    return browser.post(scan_url(tournament), {"code": code}, headers=headers)


def test_a_token_names_its_tournament_and_registration(dupont):
    assert token_registration(checkin_token(dupont)) == (dupont.tournament_id, dupont.pk)


@pytest.mark.parametrize(
    "forged",
    ["", "1.2", "1.2:AAAA", "x" * 5000, "1.2:\x00", "١.٢:abc", "../../admin/"],
)
def test_a_token_not_signed_here_names_no_registration(forged):
    assert token_registration(forged) is None


def test_a_token_changed_to_another_registration_names_none(dupont):
    token = checkin_token(dupont)
    signature = token.split(":", 1)[1]

    assert token_registration(f"{dupont.tournament_id}.{dupont.pk + 1}:{signature}") is None


def test_the_scan_checks_the_player_in_at_once(pointeur, tournament, dupont):
    response = scan(logged_in(pointeur), tournament, checkin_link(dupont, base="https://x.fr").url)

    dupont.refresh_from_db()
    assert dupont.checked_in
    assert response.context["result"]["state"] == "ok"
    assert "DUPONT Jean pointé(e)" in page_of(response)


def test_the_scan_is_journalled_as_the_pointeurs(pointeur, tournament, dupont):
    scan(logged_in(pointeur), tournament, checkin_token(dupont))

    entry = JournalEntry.objects.get(action="registration.checked_in", subject_id=dupont.pk)
    assert entry.actor_label == "Pointeur : pointeur"


def test_a_second_scan_says_since_when_the_player_is_present(pointeur, tournament, dupont):
    browser = logged_in(pointeur)
    scan(browser, tournament, checkin_token(dupont))
    at = timezone.make_aware(datetime.datetime(2026, 11, 21, 13, 42))
    JournalEntry.objects.filter(subject_id=dupont.pk).update(at=at)

    response = scan(browser, tournament, checkin_token(dupont))

    assert response.context["result"]["state"] == "already"
    assert "déjà pointé(e) à 13 h 42" in page_of(response)
    assert JournalEntry.objects.filter(action="registration.checked_in").count() == 1


def test_the_scan_under_htmx_answers_its_result_alone(pointeur, tournament, dupont):
    response = scan(logged_in(pointeur), tournament, checkin_token(dupont), HX_Request="true")

    page = page_of(response)
    assert response.status_code == 200
    assert "pointé(e)" in page
    assert "<h1>" not in page


def test_a_forged_code_is_refused_in_french(pointeur, tournament, dupont):
    response = scan(logged_in(pointeur), tournament, checkin_token(dupont)[:-3] + "abc")

    dupont.refresh_from_db()
    assert response.status_code == 200
    assert "Ce QR code n'est pas un lien de pointage." in page_of(response)
    assert not dupont.checked_in


def test_the_code_of_another_tournament_is_refused_on_the_scan_page(pointeur, tournament, arbitre):
    elsewhere = club_tournament(arbitre, name="Autre tournoi")
    player = Player.objects.create(last_name="Martin", first_name="Luc")
    other = Registration.objects.create(tournament=elsewhere, player=player, number=1)

    response = scan(logged_in(pointeur), tournament, checkin_token(other))

    other.refresh_from_db()
    assert "Ce QR code est celui d'un autre tournoi." in page_of(response)
    assert not other.checked_in


def test_a_withdrawn_player_is_not_checked_in_by_a_scan(pointeur, tournament, dupont):
    withdraw_player(registration=dupont, by=TESTS)

    response = scan(logged_in(pointeur), tournament, checkin_token(dupont))

    dupont.refresh_from_db()
    assert "s'est retiré(e) du tournoi" in page_of(response)
    assert not dupont.checked_in


def test_the_scan_page_is_the_tournaments_pointeurs_and_arbitres_alone(
    tournament, pointeur, arbitre_client, other_arbitre
):
    assert logged_in(pointeur).get(scan_url(tournament)).status_code == 200
    assert arbitre_client.get(scan_url(tournament)).status_code == 200
    assert logged_in(other_arbitre).get(scan_url(tournament)).status_code == 404
    assert Client().get(scan_url(tournament)).status_code == 302


def test_the_link_opened_by_a_pointeur_checks_the_player_in(pointeur, dupont):
    response = logged_in(pointeur).get(checkin_path(dupont))

    dupont.refresh_from_db()
    assert dupont.checked_in
    assert "DUPONT Jean pointé(e)" in page_of(response)


def test_the_link_opened_by_the_arbitre_checks_the_player_in(arbitre_client, dupont):
    arbitre_client.get(checkin_path(dupont))

    dupont.refresh_from_db()
    assert dupont.checked_in


def test_the_link_opened_by_anyone_else_says_what_it_is_for(dupont, other_arbitre):
    for browser in (Client(), logged_in(other_arbitre)):
        response = browser.get(checkin_path(dupont))

        assert response.status_code == 403
        assert "Ce QR code sert au pointage à l’entrée du tournoi" in page_of(response)
    dupont.refresh_from_db()
    assert not dupont.checked_in


@pytest.mark.parametrize("token", ["1.2:forged", "x" * 400, "🃏", "1.999999999999999999:a"])
def test_a_forged_link_is_a_french_page_never_an_error(arbitre_client, token):
    response = arbitre_client.get(f"/pointage/{token}/")

    assert response.status_code == 400
    assert "Ce QR code n'est pas un lien de pointage." in page_of(response)


def test_a_link_with_a_nul_byte_is_refused_in_french(arbitre_client):
    response = arbitre_client.get("/pointage/%00/")

    assert response.status_code == 400
    assert "caractère nul" in page_of(response)


def test_the_links_qr_code_comes_as_svg_and_png_for_the_e_mail(dupont):
    link = checkin_link(dupont, base="https://tarot.example.fr/")

    assert link.url.startswith("https://tarot.example.fr/pointage/")
    assert link.svg.startswith("<svg")
    assert link.png.startswith(b"\x89PNG")
    assert link.png_data_uri.startswith("data:image/png;base64,")


def test_the_template_tag_gives_the_link_and_its_qr_code(dupont):
    from django.template import Context, Template

    rendered = Template(
        "{% load checkin_tags %}{% checkin_link registration base='https://t.fr' as link %}"
        "{{ link.url }}|{{ link.svg }}"
    ).render(Context({"registration": dupont}))

    url, svg = rendered.split("|")
    assert url == f"https://t.fr{checkin_path(dupont)}"
    assert svg.startswith("<svg")


def test_the_pointeurs_home_opens_the_scan_page(pointeur, tournament):
    page = logged_in(pointeur).get("/arbitre/").content.decode()

    assert f'href="{scan_url(tournament)}"' in page


def test_the_check_in_list_opens_the_scan_page(arbitre_client, tournament):
    page = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/pointage/").content.decode()

    assert f'href="{scan_url(tournament)}"' in page


def test_a_visitor_who_logs_in_from_the_link_comes_back_to_it(client, dupont):
    page = page_of(client.get(checkin_path(dupont)))

    assert f"/connexion/?next={checkin_path(dupont).replace(':', '%3A')}" in page


def test_another_tournaments_account_reads_it_cannot_check_this_player_in(dupont, other_arbitre):
    page = page_of(logged_in(other_arbitre).get(checkin_path(dupont)))

    assert "ni arbitre ni pointeur du tournoi de ce joueur" in page
