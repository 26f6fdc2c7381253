"""The events of the live pages (tournaments/live.py): every write that changes a public page
announces itself once it commits, saying what it is about."""

import pytest

from championships.services.draws import commit_draw, enter_room_seed
from championships.services.halls import add_hall
from common.actors import Actor
from common.refusals import Refused
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.live import kinds, published
from tournaments.models import Deal
from tournaments.services.deals import correct_deal, delete_deal, record_deal
from tournaments.services.penalties import add_penalty
from tournaments.services.positions import close_position, reopen_position
from tournaments.services.registrations import check_in
from tournaments.services.seating import publish_seating
from tournaments.services.sheets import close_sheet
from tournaments.services.tournaments import publish_tournament


@pytest.fixture
def room(one_position):
    return one_position


def seated_at(table) -> list[int]:
    return sorted(table.seats.values_list("registration_id", flat=True))


def test_a_deal_saved_says_its_tournament_position_table_and_players(room, live_bus, commits):
    tournament, _position, tables, _registrations = room

    with commits(execute=True):
        play(tables[1], prise_by("N"))

    (event,) = published(live_bus)
    assert event["kind"] == "deal.recorded"
    assert (event["tournament"], event["position"], event["table"]) == (tournament.pk, 1, 2)
    assert event["registrations"] == seated_at(tables[1])
    assert event["totals"] is True
    assert event["private"] is False


def test_nothing_is_announced_before_the_write_commits(room, live_bus):
    play(room[2][0], prise_by("N"))

    assert published(live_bus) == []


def test_a_write_refused_announces_nothing(room, live_bus, commits):
    with commits(execute=True), pytest.raises(Refused):
        record_deal(table=room[2][0], number=3, result=prise_by("N"), by=TESTS)

    assert published(live_bus) == []


def test_a_deal_corrected_then_deleted_is_announced_each_time(room, live_bus, commits):
    table = room[2][0]

    with commits(execute=True):
        play(table, prise_by("N"))
        version = Deal.objects.get(table=table, number=1).version
        correct_deal(table=table, number=1, version=version, result=prise_by("E"), by=TESTS)
        delete_deal(table=table, number=1, version=version + 1, by=TESTS)

    assert kinds(live_bus) == ["deal.recorded", "deal.corrected", "deal.deleted"]
    assert {event["table"] for event in published(live_bus)} == {1}


def test_a_sheet_signed_is_announced(room, live_bus, commits):
    table = room[2][0]

    with commits(execute=True):
        play(table, prise_by("N"))
        sign(table)

    assert kinds(live_bus)[-1] == "sheet.signed"
    assert published(live_bus)[-1]["registrations"] == seated_at(table)


def test_a_sheet_closed_by_the_arbitre_is_announced(room, arbitre, live_bus, commits):
    table = room[2][0]

    with commits(execute=True):
        play(table, prise_by("N"))
        close_sheet(table=table, by=Actor.arbitre(arbitre), reason="Un joueur est parti")

    assert kinds(live_bus)[-1] == "sheet.closed"
    assert published(live_bus)[-1]["registrations"] == seated_at(table)


def test_a_seating_published_concerns_everyone_seated(room, live_bus, commits):
    _tournament, position, _tables, registrations = room

    with commits(execute=True):
        publish_seating(position=position, by=TESTS)

    (event,) = published(live_bus)
    assert event["kind"] == "seating.published"
    assert (event["position"], event["table"]) == (1, None)
    assert event["registrations"] == sorted(r.pk for r in registrations)


def test_closing_the_last_position_also_announces_the_final_ranking(
    room, arbitre, live_bus, commits
):
    _tournament, position, tables, _registrations = room
    for table in tables:
        play(table, prise_by("N"))
        sign(table)

    with commits(execute=True):
        close_position(position=position, by=Actor.arbitre(arbitre))

    assert kinds(live_bus) == ["position.closed", "tournament.finished"]


def test_a_position_reopened_is_announced(room, arbitre, live_bus, commits):
    position = room[1]
    close_position(position=position, by=Actor.arbitre(arbitre), force=True, reason="test")

    with commits(execute=True):
        reopen_position(position=position, by=Actor.arbitre(arbitre), reason="erreur")

    assert kinds(live_bus) == ["position.reopened"]
    assert published(live_bus)[0]["registrations"] == sorted(r.pk for r in room[3])


def test_a_penalty_concerns_its_player_only(room, arbitre, live_bus, commits):
    _tournament, position, _tables, registrations = room

    with commits(execute=True):
        add_penalty(
            registration=registrations[2],
            position=position,
            points=20,
            reason="retard",
            by=Actor.arbitre(arbitre),
        )

    (event,) = published(live_bus)
    assert event["kind"] == "penalty.added"
    assert event["registrations"] == [registrations[2].pk]


def test_a_tournament_hidden_then_published_is_announced(room, live_bus, commits):
    tournament = room[0]

    with commits(execute=True):
        publish_tournament(tournament=tournament, published=False, by=TESTS)
        publish_tournament(tournament=tournament, published=True, by=TESTS)

    assert kinds(live_bus) == ["tournament.hidden", "tournament.published"]


def test_a_write_no_page_shows_announces_nothing(room, live_bus, commits):
    with commits(execute=True):
        add_hall(tournament=room[0], name="Salle A", first_table=1, last_table=2, by=TESTS)

    assert published(live_bus) == []


def test_a_check_in_is_announced_to_the_check_in_page_only(room, live_bus, commits):
    registration = room[3][0]

    with commits(execute=True):
        check_in(registration=registration, present=False, by=TESTS)

    (event,) = published(live_bus)
    assert event["kind"] == "registration.checked_out"
    assert event["registrations"] == [registration.pk]
    assert (event["checkin"], event["private"]) == (True, True)


def test_an_event_carries_the_moment_it_was_published(room, live_bus, commits):
    with commits(execute=True):
        play(room[2][0], prise_by("N"))

    assert isinstance(published(live_bus)[0]["at"], float)


def test_a_commitment_and_its_room_seed_are_announced_for_the_screens(room, live_bus, commits):
    tournament = room[0]

    with commits(execute=True):
        commit_draw(tournament=tournament, number=2, by=TESTS)
        enter_room_seed(tournament=tournament, number=2, room_seed="425163", by=TESTS)

    events = published(live_bus)
    assert [event["kind"] for event in events] == ["draw.committed", "draw.room_seed"]
    assert [event["registrations"] for event in events] == [[], []]
    assert not any(event["private"] for event in events)
