"""The placement page's swap that breaks a seating wish: warned before as a repeat meeting is
(who and where, the same swap and a reason asked), done with its reason, told after in the
report, and public on the draws page."""

import pytest

from tests.at_the_table import TESTS
from tests.factories import kept_apart, plan_committed
from tests.htmx import HTMX
from tournaments.services.seating import publish_seating
from tournaments.services.seating_wishes import fix_table


@pytest.fixture
def apart_swap(tournament, registrations):
    """Players 1 and 2 kept apart, position 1 seated: (the seat of player 2, a seat beside
    player 1), whose swap would seat them together."""
    kept_apart(registrations[0], registrations[1])
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    table = position.seats.get(registration=registrations[0]).table
    beside = position.seats.filter(table=table).exclude(registration=registrations[0]).first()
    return position.seats.get(registration=registrations[1]), beside


def swap_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/positions/1/placement/echanger/"


def placement_url(tournament):
    return f"/arbitre/tournois/{tournament.pk}/positions/1/placement/"


def test_a_swap_seating_a_pair_kept_apart_together_shows_the_warning_and_asks_a_reason(
    arbitre_client, tournament, apart_swap
):
    moving, beside = apart_swap

    response = arbitre_client.post(
        swap_url(tournament), {"first": moving.pk, "second": beside.pk}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="swap-warning"' in page
    assert (
        "Cet échange assiérait ensemble JOUEUR1 Prénom (n° 1) et JOUEUR2 Prénom (n° 2), à tenir "
        f"à l&#x27;écart, à la table {beside.table.number}."
    ) in page
    assert f'name="first" value="{moving.pk}"' in page
    assert 'name="reason"' in page and "Échanger quand même" in page
    assert tournament.positions.get().seats.get(pk=moving.pk).registration == moving.registration


def test_without_javascript_the_warning_is_the_page_itself(arbitre_client, tournament, apart_swap):
    moving, beside = apart_swap

    response = arbitre_client.post(swap_url(tournament), {"first": moving.pk, "second": beside.pk})

    assert response.status_code == 200
    assert "Échange à confirmer" in response.content.decode()


def test_a_swap_taking_a_player_from_their_fixed_table_warns_naming_them(
    arbitre_client, tournament, registrations
):
    fix_table(registration=registrations[4], table=1, reason="Fauteuil roulant", by=TESTS)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    fixed_seat = position.seats.get(registration=registrations[4])
    elsewhere = position.seats.exclude(table=fixed_seat.table).first()

    response = arbitre_client.post(
        swap_url(tournament), {"first": fixed_seat.pk, "second": elsewhere.pk}, headers=HTMX
    )

    assert "Cet échange ôterait JOUEUR5 Prénom (n° 5) de sa table fixe 1." in (
        response.content.decode()
    )


def test_the_swap_with_its_reason_is_done_and_the_report_says_a_hand_swap_did_it(
    arbitre_client, tournament, registrations, apart_swap
):
    moving, beside = apart_swap

    arbitre_client.post(
        swap_url(tournament),
        {"first": moving.pk, "second": beside.pk, "reason": "À leur demande"},
        headers=HTMX,
    )
    page = arbitre_client.get(placement_url(tournament)).content.decode()

    position = tournament.positions.get()
    assert position.seats.get(registration=registrations[1]).table == beside.table
    assert "un échange à la main les a réunis." in page


def test_the_draws_page_shows_the_wish_a_swap_broke_and_its_reason(
    arbitre_client, client, tournament, apart_swap
):
    moving, beside = apart_swap
    arbitre_client.post(
        swap_url(tournament),
        {"first": moving.pk, "second": beside.pk, "reason": "À leur demande"},
        headers=HTMX,
    )
    publish_seating(position=tournament.positions.get(), by=TESTS)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    assert "Contrainte de placement non respectée" in page
    assert (
        "JOUEUR1 Prénom (n° 1) et JOUEUR2 Prénom (n° 2), à tenir à l&#x27;écart, ensemble à la "
        f"table {beside.table.number}"
    ) in page
    assert "Motif : À leur demande" in page


@pytest.mark.usefixtures("registrations")
def test_every_reason_to_confirm_a_swap_is_listed_in_the_one_warning(arbitre_client, tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    fixed, beside = position.seats.filter(table__number=1)[:2]
    moving = position.seats.filter(table__number=2).first()
    fix_table(registration=fixed.registration, table=1, reason="Fauteuil", by=TESTS)
    kept_apart(moving.registration, beside.registration)

    response = arbitre_client.post(
        swap_url(tournament), {"first": fixed.pk, "second": moving.pk}, headers=HTMX
    )

    page = response.content.decode()
    assert page.count("<li>Cet échange ") == 2
    assert "<li>Cet échange assiérait ensemble " in page
    player, number = fixed.registration.player, fixed.registration.number
    assert f"<li>Cet échange ôterait {player} (n° {number}) de sa table fixe 1.</li>" in page
    assert "Pour échanger quand même, écrivez le motif : il sera public." in page
