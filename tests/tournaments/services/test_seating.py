"""Seating a position with the generator: every present player once, past positions kept."""

import itertools

import pytest
from django.utils import timezone

from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import plan_committed, register, seat_ahead_then_change, start
from tournaments.choices import Formula
from tournaments.models import Deal, Seat, Team
from tournaments.selectors.registrations import position_participants
from tournaments.selectors.seating import position_report, seating_changes
from tournaments.services.registrations import check_in, register_player
from tournaments.services.seating import publish_seating, swap_seats


def seated_ids(position):
    return sorted(position.seats.values_list("registration_id", flat=True))


def tables_of(position):
    return [
        {seat.registration_id for seat in table.seats.all()}
        for table in position.tables.prefetch_related("seats")
    ]


def test_every_present_player_is_seated_once(tournament):
    registrations = register(tournament, 13)

    position = plan_committed(tournament=tournament, number=1, by=TESTS)

    assert seated_ids(position) == sorted(r.pk for r in registrations)
    assert sorted(len(table) for table in tables_of(position)) == [3, 3, 3, 4]


def test_absent_players_are_not_seated(tournament, registrations):
    registrations[0].checked_in = False
    registrations[0].save()

    position = plan_committed(tournament=tournament, number=1, by=TESTS)

    assert seated_ids(position) == sorted(r.pk for r in registrations[1:])


def test_nobody_meets_twice_over_the_positions_when_it_can_be_avoided(tournament):
    register(tournament, 16)
    tournament.positions_count = 5
    tournament.save()

    positions = [plan_committed(tournament=tournament, number=n, by=TESTS) for n in range(1, 6)]

    pairs = [
        pair
        for position in positions
        for table in tables_of(position)
        for pair in itertools.combinations(sorted(table), 2)
    ]
    assert len(pairs) == len(set(pairs))
    assert position_report(position=positions[-1]).repeat_meetings == 0


def test_team_mates_never_sit_together(tournament, registrations):
    tournament.formula = Formula.DUO
    tournament.save()
    for index in range(4):
        team = Team.objects.create(tournament=tournament, name=f"Équipe {index}")
        for registration in registrations[2 * index : 2 * index + 2]:
            registration.team = team
            registration.save()

    position = plan_committed(tournament=tournament, number=1, by=TESTS)

    teams = {r.pk: r.team_id for r in registrations}
    for table in tables_of(position):
        assert len({teams[pk] for pk in table}) == len(table)


@pytest.mark.usefixtures("registrations")
def test_a_position_is_seated_only_after_the_previous_one(tournament):
    with pytest.raises(Refused) as refused:
        plan_committed(tournament=tournament, number=2, by=TESTS)

    assert refused.value.code == "previous_not_seated"


@pytest.mark.usefixtures("registrations")
def test_a_past_position_never_changes_once_the_next_has_started(tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)
    start(plan_committed(tournament=tournament, number=2, by=TESTS))

    with pytest.raises(Refused) as refused:
        plan_committed(tournament=tournament, number=1, by=TESTS, reason="Un oubli.")

    assert refused.value.code == "later_played"
    assert refused.value.message == "La position 2 a commencé : la position 1 ne change plus."


def published(tournament, number: int, reason: str = "Arrivée tardive."):
    """Position ``number`` seated by the generator and its seating published, read again."""
    position = plan_committed(tournament=tournament, number=number, by=TESTS, reason=reason)
    publish_seating(position=position, by=TESTS)
    position.refresh_from_db()
    return position


@pytest.fixture
def seated_ahead(tournament):
    """Four positions: position 1 under way, positions 2 to 4 seated ahead, then a late
    arrival and a withdrawal."""
    tournament.positions_count = 4
    tournament.save()
    return seat_ahead_then_change(tournament)


def test_regenerating_a_position_regenerates_every_later_one_seated_ahead(tournament, seated_ahead):
    withdrawn, late = seated_ahead
    playing = sorted(r.pk for r in position_participants(tournament=tournament, number=2))

    plan_committed(tournament=tournament, number=2, by=TESTS, reason="Arrivée tardive.")

    for number in (2, 3, 4):
        position = tournament.positions.get(number=number)
        assert seated_ids(position) == playing
        assert late.pk in seated_ids(position) and withdrawn.pk not in seated_ids(position)
        assert not seating_changes(position=position).stale
    assert position_report(position=tournament.positions.get(number=4)).repeat_meetings == 0


@pytest.mark.usefixtures("seated_ahead")
def test_regenerating_unpublishes_the_later_positions_seated_ahead(tournament):
    tournament.positions.filter(number__gte=2).update(seating_published_at=timezone.now())

    plan_committed(tournament=tournament, number=2, reason="Arrivée tardive.", by=TESTS)

    assert not tournament.positions.filter(seating_published_at__isnull=False, number__gte=2)


@pytest.mark.usefixtures("seated_ahead")
def test_a_regeneration_refused_leaves_every_position_as_it_was(tournament):
    before = {n: tables_of(tournament.positions.get(number=n)) for n in (2, 3, 4)}
    tournament.registrations.update(withdrawn_from=2)

    with pytest.raises(Refused) as refused:
        plan_committed(tournament=tournament, number=2, reason="Arrivée tardive.", by=TESTS)

    assert "au moins 3 joueurs" in refused.value.message
    assert {n: tables_of(tournament.positions.get(number=n)) for n in (2, 3, 4)} == before


def test_a_seating_is_stale_once_players_arrive_or_withdraw(tournament, seated_ahead):
    withdrawn, late = seated_ahead

    changes = seating_changes(position=tournament.positions.get(number=3))

    assert changes.gone == [withdrawn]
    assert changes.missing == [late]


def test_publishing_a_stale_seating_is_refused_naming_the_players(tournament, seated_ahead):
    withdrawn, late = seated_ahead
    position = tournament.positions.get(number=2)

    with pytest.raises(Refused) as refused:
        publish_seating(position=position, by=TESTS)

    assert refused.value.code == "seating_stale"
    assert refused.value.message == (
        "Ce placement ne correspond plus aux joueurs présents. "
        "Retrait ou absence, mais une place au plan : JOUEUR1 Prénom. "
        "Présence pointée, mais pas de place : TARDIEU Zoé. "
        "Générez de nouveau le placement avant de le publier."
    )
    position.refresh_from_db()
    assert position.seating_published_at is None


@pytest.mark.usefixtures("seated_ahead")
def test_a_seating_generated_again_can_be_published(tournament):
    position = published(tournament, 2)

    assert position.seating_published_at is not None


def test_the_report_counts_odd_tables_for_the_players_seated_only(tournament, seated_ahead):
    withdrawn, late = seated_ahead
    second = plan_committed(tournament=tournament, number=2, reason="Arrivée tardive.", by=TESTS)

    odd_tables = position_report(position=second).odd_tables

    assert set(odd_tables) == set(seated_ids(second))
    assert odd_tables[late.pk] == sum(
        1 for table in tables_of(second) if late.pk in table and len(table) != 4
    )


def test_too_few_players_is_a_french_refusal(tournament):
    register(tournament, 2)

    with pytest.raises(Refused) as refused:
        plan_committed(tournament=tournament, number=1, by=TESTS)

    assert "au moins 3 joueurs" in refused.value.message


@pytest.mark.usefixtures("registrations")
def test_a_late_arrival_is_seated_from_the_next_position(tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)
    late = register_player(tournament=tournament, last_name="Tard", first_name="Léo", by=TESTS)
    check_in(registration=late, present=True, by=TESTS)

    second = plan_committed(tournament=tournament, number=2, by=TESTS)

    assert late.pk in seated_ids(second)


@pytest.mark.usefixtures("registrations")
def test_regenerating_unpublishes_the_seating(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)

    position = plan_committed(tournament=tournament, number=1, reason="Arrivée tardive.", by=TESTS)

    assert position.seating_published_at is None


@pytest.mark.usefixtures("registrations")
def test_publishing_starts_the_tournament(tournament):
    position = published(tournament, 1)

    tournament.refresh_from_db()
    assert position.seating_published_at is not None
    assert tournament.status == tournament.Status.RUNNING


@pytest.mark.usefixtures("registrations")
def test_swapping_exchanges_two_players_seats(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first, second = (
        position.seats.filter(table__number=1)[0],
        position.seats.filter(table__number=2)[0],
    )

    swap_seats(position=position, first=first, second=second, by=TESTS)

    assert Seat.objects.get(table=first.table, place=first.place).registration == (
        second.registration
    )
    assert Seat.objects.get(table=second.table, place=second.place).registration == (
        first.registration
    )


def test_the_report_counts_the_repeat_meeting_a_swap_makes(tournament):
    tournament.positions_count = 2
    tournament.save()
    register(tournament, 16)
    first = plan_committed(tournament=tournament, number=1, by=TESTS)
    second = plan_committed(tournament=tournament, number=2, by=TESTS)
    assert position_report(position=second).repeat_meetings == 0
    # Seat, at position 2, a player beside someone they already met at position 1.
    x = second.seats.first()
    met = tables_of(first)[[x.registration_id in t for t in tables_of(first)].index(True)]
    y = second.seats.exclude(table=x.table).filter(registration_id__in=met).first()
    z = second.seats.filter(table=x.table).exclude(pk=x.pk).first()

    swap_seats(position=second, first=y, second=z, by=TESTS, reason="Table près de la porte")

    assert position_report(position=second).repeat_meetings >= 1


@pytest.mark.usefixtures("registrations")
def test_a_played_position_cannot_be_swapped(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    table = position.tables.first()
    Deal.objects.create(
        table=table,
        number=1,
        all_pass=True,
        marque_nord=0,
        marque_est=0,
        marque_sud=0,
        marque_ouest=0,
    )
    seats = list(position.seats.all()[:2])

    with pytest.raises(Refused) as refused:
        swap_seats(position=position, first=seats[0], second=seats[1], by=TESTS)

    assert refused.value.code == "position_played"
