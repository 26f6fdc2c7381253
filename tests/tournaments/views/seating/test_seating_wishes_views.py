"""« Contraintes de placement »: the arbitre names the pairs kept apart and the fixed tables,
by name and number, each with its reason; bad input is said in French, nothing typed lost."""

import pytest

from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import club_tournament, kept_apart, plan_committed
from tests.htmx import HTMX
from tournaments.models import ApartPair, FixedTable, Registration
from tournaments.services.seating import swap_seats
from tournaments.services.seating_wishes import fix_table


def wishes_url(tournament, action=""):
    return f"/arbitre/tournois/{tournament.pk}/contraintes/{action}"


def test_the_page_lists_both_wishes_with_their_reasons(arbitre_client, tournament, registrations):
    kept_apart(registrations[0], registrations[1])
    fix_table(registration=registrations[2], table=2, reason="Fauteuil roulant", by=TESTS)

    page = arbitre_client.get(wishes_url(tournament)).content.decode()

    assert "Joueurs à tenir à l'écart" in page
    assert "Tables fixes" in page
    assert "Même famille" in page and "Fauteuil roulant" in page


def test_under_htmx_the_page_answers_its_fragment(arbitre_client, tournament, registrations):  # noqa: ARG001
    response = arbitre_client.get(wishes_url(tournament), headers=HTMX)

    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="seating-wishes">')


def test_homonyms_are_told_apart_by_their_number(arbitre_client, tournament, registrations):
    Player.objects.filter(pk=registrations[1].player_id).update(
        last_name=registrations[0].player.last_name
    )

    page = arbitre_client.get(wishes_url(tournament)).content.decode()

    assert "JOUEUR1 Prénom (n° 1)" in page
    assert "JOUEUR1 Prénom (n° 2)" in page


def test_a_pair_is_kept_apart_from_the_form(arbitre_client, tournament, registrations):
    response = arbitre_client.post(
        wishes_url(tournament, "ecart/"),
        {"first": registrations[0].pk, "second": registrations[3].pk, "reason": "Conflit"},
    )

    assert response.status_code == 302
    assert ApartPair.objects.get().reason == "Conflit"


def test_the_same_player_twice_is_refused_in_french_keeping_the_reason(
    arbitre_client, tournament, registrations
):
    response = arbitre_client.post(
        wishes_url(tournament, "ecart/"),
        {"first": registrations[0].pk, "second": registrations[0].pk, "reason": "Conflit signalé"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Choisissez deux joueurs différents." in page
    assert 'value="Conflit signalé"' in page
    assert not ApartPair.objects.exists()


def test_another_tournaments_registration_is_refused(
    arbitre_client, arbitre, tournament, registrations
):
    other = club_tournament(arbitre, name="Autre soirée")
    stranger = Registration.objects.create(
        tournament=other, player=registrations[0].player, number=1
    )

    response = arbitre_client.post(
        wishes_url(tournament, "ecart/"),
        {"first": registrations[1].pk, "second": stranger.pk, "reason": "x"},
    )

    assert response.status_code == 422
    assert "Choisissez un joueur inscrit à ce tournoi." in response.content.decode()
    assert not ApartPair.objects.exists()


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("", "Donnez le motif."),
        ("x" * 1000, "Assurez-vous que cette valeur comporte au plus 300 caractères"),
    ],
)
def test_a_bad_reason_is_said_in_french_and_never_a_500(
    arbitre_client, tournament, registrations, reason, message
):
    response = arbitre_client.post(
        wishes_url(tournament, "tables/"),
        {"registration": registrations[0].pk, "table": 1, "reason": reason},
    )

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not FixedTable.objects.exists()


def test_a_nul_byte_is_refused_in_french_and_nothing_is_stored(
    arbitre_client, tournament, registrations
):
    response = arbitre_client.post(
        wishes_url(tournament, "tables/"),
        {"registration": registrations[0].pk, "table": 1, "reason": "a\x00b"},
    )

    assert response.status_code == 400
    assert "caractère nul" in response.content.decode()
    assert not FixedTable.objects.exists()


def test_a_table_past_the_tables_is_refused_keeping_what_was_typed(
    arbitre_client, tournament, registrations
):
    response = arbitre_client.post(
        wishes_url(tournament, "tables/"),
        {"registration": registrations[0].pk, "table": 9, "reason": "Près de la porte"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "ses 8 inscrits font 2 tables au plus" in page
    assert 'value="Près de la porte"' in page


def test_the_remove_buttons_remove_each_wish(arbitre_client, tournament, registrations):
    pair = kept_apart(registrations[0], registrations[1], reason="x")
    fixed = fix_table(registration=registrations[2], table=1, reason="x", by=TESTS)

    arbitre_client.post(wishes_url(tournament, f"ecart/{pair.pk}/retirer/"))
    arbitre_client.post(wishes_url(tournament, f"tables/{fixed.pk}/retirer/"))

    assert not ApartPair.objects.exists() and not FixedTable.objects.exists()


def test_the_wishes_page_removes_nothing_itself_its_retirer_leads_to_a_confirmation(
    arbitre_client, tournament, registrations
):
    pair = kept_apart(registrations[0], registrations[1], reason="x")
    fixed = fix_table(registration=registrations[2], table=1, reason="x", by=TESTS)

    page = arbitre_client.get(wishes_url(tournament)).content.decode()

    remove = wishes_url(tournament, f"ecart/{pair.pk}/retirer/")
    assert f'method="post" action="{remove}"' not in page
    assert f'href="{remove}"' in page
    assert f'href="{wishes_url(tournament, f"tables/{fixed.pk}/retirer/")}"' in page


def test_retirer_a_pair_kept_apart_asks_to_confirm_naming_them_and_removes_nothing(
    arbitre_client, tournament, registrations
):
    pair = kept_apart(registrations[0], registrations[1])

    response = arbitre_client.get(wishes_url(tournament, f"ecart/{pair.pk}/retirer/"))

    page = response.content.decode()
    assert response.status_code == 200
    assert "Ne plus tenir à l'écart JOUEUR1 Prénom (n° 1) et JOUEUR2 Prénom (n° 2) ?" in page
    assert "Même famille" in page
    remove = wishes_url(tournament, f"ecart/{pair.pk}/retirer/")
    assert f'<form method="post" action="{remove}"' in page
    assert "Oui, retirer" in page and f'href="{wishes_url(tournament)}"' in page
    assert ApartPair.objects.filter(pk=pair.pk).exists()


def test_retirer_a_fixed_table_asks_to_confirm_naming_the_player_and_removes_nothing(
    arbitre_client, tournament, registrations
):
    fixed = fix_table(registration=registrations[2], table=2, reason="Fauteuil", by=TESTS)

    response = arbitre_client.get(
        wishes_url(tournament, f"tables/{fixed.pk}/retirer/"), headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Retirer la table fixe 2 de JOUEUR3 Prénom (n° 3) ?" in page
    assert "Non, garder sa table fixe" in page
    assert FixedTable.objects.filter(pk=fixed.pk).exists()


def test_confirming_the_removal_removes_the_wish_and_says_so(
    arbitre_client, tournament, registrations
):
    pair = kept_apart(registrations[0], registrations[1], reason="x")

    response = arbitre_client.post(wishes_url(tournament, f"ecart/{pair.pk}/retirer/"), follow=True)

    assert "ne sont plus tenus à l&#x27;écart" in response.content.decode()
    assert not ApartPair.objects.exists()


def test_another_tournaments_wish_is_not_found(arbitre_client, arbitre, registrations):
    other = club_tournament(arbitre, name="Autre soirée")
    pair = kept_apart(registrations[0], registrations[1], reason="x")

    response = arbitre_client.post(
        f"/arbitre/tournois/{other.pk}/contraintes/ecart/{pair.pk}/retirer/"
    )

    assert response.status_code == 404
    assert ApartPair.objects.exists()


def test_the_placement_report_says_a_pair_kept_apart_a_swap_brought_together(
    arbitre_client, tournament, registrations
):
    kept_apart(registrations[0], registrations[1], reason="x")
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first_table = position.seats.get(registration=registrations[0]).table
    beside = position.seats.filter(table=first_table).exclude(registration=registrations[0])[0]
    swap_seats(
        position=position,
        first=beside,
        second=position.seats.get(registration=registrations[1]),
        by=TESTS,
        reason="Choix de l'arbitre",
    )

    page = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/1/placement/"
    ).content.decode()

    assert "Contraintes de placement non respectées" in page
    assert "un échange à la main les a réunis." in page


@pytest.mark.parametrize("page", ["joueurs/", "positions/1/placement/"])
def test_the_players_and_placement_pages_lead_to_the_wishes(arbitre_client, tournament, page):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/{page}")

    assert f'href="{wishes_url(tournament)}"' in response.content.decode()


def test_a_second_tap_on_oui_retirer_says_the_wish_is_gone_already(
    arbitre_client, tournament, registrations
):
    pair = kept_apart(registrations[0], registrations[1], reason="x")
    url = wishes_url(tournament, f"ecart/{pair.pk}/retirer/")
    arbitre_client.post(url)

    response = arbitre_client.post(url, follow=True)

    assert response.status_code == 200
    assert "elle a déjà été retirée" in response.content.decode().replace("&#x27;", "'")


def test_a_fixed_table_removed_twice_says_it_is_gone_already(
    arbitre_client, tournament, registrations
):
    fixed = fix_table(registration=registrations[0], table=1, reason="porte", by=TESTS)
    url = wishes_url(tournament, f"tables/{fixed.pk}/retirer/")
    arbitre_client.post(url)

    response = arbitre_client.get(url, follow=True)

    assert response.status_code == 200
    assert "elle a déjà été retirée" in response.content.decode().replace("&#x27;", "'")
