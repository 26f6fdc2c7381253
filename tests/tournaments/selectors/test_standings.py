"""The ranking computed once per change and shared by every reader
(tournaments.selectors.standings)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from tests.at_the_table import TESTS, play, prise_by
from tests.factories import club_tournament, seat
from tournaments.selectors.standings import current_ranking, seating_stamp, tournament_stamp
from tournaments.services.penalties import add_penalty
from tournaments.services.registrations import register_player


def ranking_url(tournament) -> str:
    return f"/tournois/{tournament.pk}/classement/"


def totals(ranking) -> dict[int, int]:
    return {ranked.registration.number: ranked.total for ranked in ranking.players}


@pytest.mark.usefixtures("first_position")
def test_a_second_reader_gets_the_ranking_without_computing_it_again(short_tournament):
    first = current_ranking(short_tournament)

    with CaptureQueriesContext(connection) as queries:
        second = current_ranking(short_tournament)

    assert len(queries.captured_queries) == 1  # the stamp, nothing of the ranking
    assert totals(second) == totals(first)
    assert totals(second)[1] == 87


def test_a_deal_saved_shows_in_the_next_read_of_the_ranking(short_tournament, players):
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    play(tables[0], prise_by("N"))
    assert totals(current_ranking(short_tournament))[5] == 0

    play(tables[1], prise_by("E"))

    assert totals(current_ranking(short_tournament))[6] == 87


def test_a_deal_saved_shows_on_the_next_ranking_page(client, short_tournament, players):
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    play(tables[0], prise_by("N"))
    before = client.get(ranking_url(short_tournament)).content.decode()

    play(tables[1], prise_by("E"))
    after = client.get(ranking_url(short_tournament)).content.decode()

    assert "1 donne comptée" in before
    assert "2 donnes comptées" in after


@pytest.mark.usefixtures("first_position")
def test_the_ranking_page_is_rendered_once_per_change(client, short_tournament):
    client.get(ranking_url(short_tournament))

    with CaptureQueriesContext(connection) as queries:
        response = client.get(ranking_url(short_tournament))

    # The tournament and the stamp: neither the ranking nor its names are read again.
    assert len(queries.captured_queries) == 2
    assert "JOUEUR1 Prénom" in response.content.decode()


@pytest.mark.usefixtures("first_position")
def test_a_penalty_changes_the_stamp(short_tournament, players, arbitre):
    before = tournament_stamp(short_tournament)

    add_penalty(
        registration=players[0],
        position=short_tournament.positions.get(number=1),
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    assert tournament_stamp(short_tournament) != before
    assert totals(current_ranking(short_tournament))[1] == 87 - 20


def test_a_deal_saved_leaves_the_seating_stamp_as_it_was(short_tournament, players):
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    before = (seating_stamp(short_tournament), tournament_stamp(short_tournament))

    play(tables[0], prise_by("N"))

    # The ranking's stamp moves; the plan's and the cards' does not.
    assert seating_stamp(short_tournament) == before[0]
    assert tournament_stamp(short_tournament) != before[1]


def test_a_penalty_leaves_the_seating_stamp_as_it_was(short_tournament, players, arbitre):
    seat(short_tournament, 1, [players[:4], players[4:]])
    before = seating_stamp(short_tournament)

    add_penalty(
        registration=players[0],
        position=short_tournament.positions.get(number=1),
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    assert seating_stamp(short_tournament) == before


def test_a_position_seated_changes_the_seating_stamp(short_tournament, players):
    before = seating_stamp(short_tournament)

    seat(short_tournament, 1, [players[:4], players[4:]])

    assert seating_stamp(short_tournament) != before


def test_a_registration_changes_the_seating_stamp(short_tournament):
    before = seating_stamp(short_tournament)

    register_player(tournament=short_tournament, last_name="Tardieu", first_name="Zoé", by=TESTS)

    assert seating_stamp(short_tournament) != before


def test_a_registration_changes_the_stamp(short_tournament):
    before = tournament_stamp(short_tournament)

    register_player(tournament=short_tournament, last_name="Tardieu", first_name="Zoé", by=TESTS)

    assert tournament_stamp(short_tournament) != before


def test_a_write_to_another_tournament_leaves_the_stamp_as_it_was(short_tournament, arbitre):
    other = club_tournament(arbitre)
    before = tournament_stamp(short_tournament)

    register_player(tournament=other, last_name="Tardieu", first_name="Zoé", by=TESTS)

    assert tournament_stamp(short_tournament) == before


@pytest.mark.usefixtures("first_position")
def test_a_player_corrected_outside_the_tournament_shows_in_the_next_read(
    short_tournament, players, django_capture_on_commit_callbacks
):
    current_ranking(short_tournament)
    player = players[0].player

    with django_capture_on_commit_callbacks(execute=True):
        player.last_name = "Lefèvre"
        player.save()  # as the administrator corrects it, in no tournament's journal

    ranked = current_ranking(short_tournament).by_number[1]
    assert ranked.registration.player.last_name == "Lefèvre"
