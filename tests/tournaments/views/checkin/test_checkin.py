"""Check-in on the day, late arrivals and withdrawals: past positions never change."""

import pytest

from clubs.models import Player
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import plan_committed, start
from tests.htmx import HTMX
from tournaments.models import Registration
from tournaments.selectors.registrations import position_participants
from tournaments.selectors.seating import count_tables
from tournaments.services.registrations import cancel_withdrawal, check_in, withdraw_player


@pytest.fixture
def absent(tournament, registrations):  # noqa: ARG001 - after the first 8
    """A ninth player, registered but not checked in yet."""
    player = Player.objects.create(last_name="Joueur9", first_name="Prénom", licence="9000009")
    return Registration.objects.create(tournament=tournament, player=player, number=9)


def checkin_url(tournament, registration=None):
    url = f"/arbitre/tournois/{tournament.pk}/pointage/"
    return f"{url}{registration.pk}/" if registration else url


@pytest.mark.usefixtures("tournament")
def test_checking_in_before_any_seating_plays_from_the_first_position(absent):
    check_in(registration=absent, present=True, by=TESTS)

    assert absent.checked_in and absent.joins_from is None


@pytest.mark.usefixtures("registrations")
def test_a_player_checked_in_once_play_started_joins_from_the_next_position(tournament, absent):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))

    check_in(registration=absent, present=True, by=TESTS)

    assert absent.joins_from == 2
    assert absent not in position_participants(tournament=tournament, number=1)
    assert absent in position_participants(tournament=tournament, number=2)


@pytest.mark.usefixtures("registrations")
def test_a_late_arrival_is_marked_in_words_that_agree_with_anyone(
    arbitre_client, tournament, absent
):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))

    response = arbitre_client.post(checkin_url(tournament, absent), {"present": "1"}, headers=HTMX)

    assert "arrivée tardive : joue dès la position 2" in response.content.decode()


@pytest.mark.usefixtures("registrations")
def test_a_player_checked_in_before_play_starts_joins_position_1_once_reseated(tournament, absent):
    plan_committed(tournament=tournament, number=1, by=TESTS)

    check_in(registration=absent, present=True, by=TESTS)
    position = plan_committed(tournament=tournament, number=1, reason="Arrivée tardive.", by=TESTS)

    assert absent.joins_from is None
    assert position.seats.filter(registration=absent).exists()


def test_a_player_who_played_cannot_be_pointed_absent(tournament, registrations):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))

    with pytest.raises(Refused) as refused:
        check_in(registration=registrations[0], present=False, by=TESTS)

    assert refused.value.code == "already_played"


def test_a_player_seated_before_play_starts_can_still_be_pointed_absent(tournament, registrations):
    plan_committed(tournament=tournament, number=1, by=TESTS)

    check_in(registration=registrations[0], present=False, by=TESTS)

    assert registrations[0] not in position_participants(tournament=tournament, number=1)


def test_a_withdrawn_player_keeps_their_seats_and_is_not_seated_again(tournament, registrations):
    position = start(plan_committed(tournament=tournament, number=1, by=TESTS))

    withdraw_player(registration=registrations[0], by=TESTS)

    assert registrations[0].withdrawn_from == 2
    assert position.seats.filter(registration=registrations[0]).exists()
    assert registrations[0] not in position_participants(tournament=tournament, number=2)


def test_a_cancelled_withdrawal_comes_back_from_the_next_position(tournament, registrations):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))
    withdraw_player(registration=registrations[0], by=TESTS)
    start(plan_committed(tournament=tournament, number=2, by=TESTS))

    cancel_withdrawal(registration=registrations[0], by=TESTS)

    assert registrations[0].withdrawn_from is None
    assert registrations[0].joins_from == 3
    assert registrations[0] not in position_participants(tournament=tournament, number=2)


@pytest.mark.usefixtures("registrations")
def test_nobody_can_join_once_every_position_has_started(tournament, absent):
    for number in (1, 2, 3):
        start(plan_committed(tournament=tournament, number=number, by=TESTS))

    with pytest.raises(Refused):
        check_in(registration=absent, present=True, by=TESTS)


def test_table_count_uses_tables_of_3_for_the_remainder():
    count = count_tables(player_count=13, allow_five=False)

    assert (count.fours, count.threes, count.fives) == (1, 3, 0)


def test_table_count_with_tables_of_5_allowed():
    count = count_tables(player_count=13, allow_five=True)

    assert (count.fours, count.threes, count.fives) == (2, 0, 1)


def test_table_count_says_why_too_few_players_cannot_sit():
    assert "au moins 3 joueurs" in count_tables(player_count=2, allow_five=False).error


@pytest.mark.usefixtures("absent")
def test_checkin_page_shows_the_counter_and_what_it_gives(arbitre_client, tournament):
    response = arbitre_client.get(checkin_url(tournament))

    page = response.content.decode()
    assert response.status_code == 200
    assert "8 présents" in page
    assert "2 tables de 4" in page


@pytest.mark.usefixtures("absent")
def test_checkin_page_filters_by_name_under_htmx(arbitre_client, tournament):
    response = arbitre_client.get(checkin_url(tournament) + "?q=joueur9", headers=HTMX)

    page = response.content.decode()
    assert page.lstrip().startswith('<ul id="checkin-list"')
    assert "JOUEUR9" in page
    assert "JOUEUR8" not in page


def test_one_tap_checks_a_player_in_and_updates_the_counter(arbitre_client, tournament, absent):
    response = arbitre_client.post(checkin_url(tournament, absent), {"present": "1"}, headers=HTMX)

    page = response.content.decode()
    absent.refresh_from_db()
    assert absent.checked_in
    assert page.lstrip().startswith(f'<li id="checkin-{absent.pk}"')
    assert 'id="checkin-counter"' in page and 'hx-swap-oob="true"' in page
    assert "9 présents" in page
    assert "→ 3 tables de 3" in page
    assert "Avec des tables de 5 : 1 table de 4, 1 table de 5" in page


def test_a_tap_without_javascript_redirects_to_the_list(arbitre_client, tournament, absent):
    response = arbitre_client.post(checkin_url(tournament, absent), {"present": "1"})

    assert response.status_code == 302
    assert response.url == checkin_url(tournament)


def test_pointing_a_player_who_played_absent_shows_the_reason(
    arbitre_client, tournament, registrations
):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))

    response = arbitre_client.post(
        checkin_url(tournament, registrations[0]), {"present": "0"}, headers=HTMX
    )

    assert "déclarez plutôt un retrait" in response.content.decode()


def test_withdrawal_view_marks_the_next_position(arbitre_client, tournament, registrations):
    start(plan_committed(tournament=tournament, number=1, by=TESTS))

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/joueurs/{registrations[0].pk}/retrait/", headers=HTMX
    )

    registrations[0].refresh_from_db()
    assert registrations[0].withdrawn_from == 2
    assert "retrait dès la position 2" in response.content.decode()


def test_placement_warns_of_a_player_pointed_absent_after_seating(
    arbitre_client, tournament, registrations
):
    plan_committed(tournament=tournament, number=1, by=TESTS)
    check_in(registration=registrations[0], present=False, by=TESTS)

    page = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/positions/1/placement/"
    ).content.decode()

    assert "Retrait ou absence, mais une place au plan : JOUEUR1 Prénom" in page


def test_the_live_refresh_brings_the_filtered_list_and_the_counter(arbitre_client, absent):
    check_in(registration=absent, present=True, by=TESTS)

    response = arbitre_client.get(
        checkin_url(absent.tournament),
        {"q": "Joueur9"},
        headers={**HTMX, "HX-Trigger": "checkin-live"},
    )

    html = response.content.decode()
    assert html.count('class="checkin-row') == 1
    assert f'id="checkin-{absent.pk}"' in html
    assert 'id="checkin-counter" class="counter" aria-live="polite" hx-swap-oob="true"' in html
