"""What the database itself refuses, whatever code (or raw SQL) writes."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import RestrictedError

from tournaments.models import Deal, Player, Registration, Seat


def garde_by_est(table, *, ouest: int) -> Deal:
    """The FFT example's first deal (E1), with Ouest's marque as given."""
    return Deal.objects.create(
        table=table,
        number=1,
        taker="E",
        contract="garde",
        bouts=2,
        points=49,
        marque_nord=-106,
        marque_est=318,
        marque_sud=-106,
        marque_ouest=ouest,
    )


def test_balanced_deal_is_stored(table):
    deal = garde_by_est(table, ouest=-106)

    assert Deal.objects.get(pk=deal.pk).marques()["E"] == 318


def test_unbalanced_deal_is_refused_by_the_database(table):
    with pytest.raises(IntegrityError, match="deal_sums_to_zero"), transaction.atomic():
        garde_by_est(table, ouest=-105)


def test_unbalanced_deal_is_refused_even_in_raw_sql(table):
    columns = (
        "table_id, number, all_pass, taker, contract, bouts, points, chelem_announced, version, "
        "created_at, updated_at, marque_nord, marque_est, marque_sud, marque_ouest"
    )
    with (
        pytest.raises(IntegrityError, match="deal_sums_to_zero"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            f"INSERT INTO tournaments_deal ({columns}) VALUES "
            "(%s, 1, %s, 'E', 'garde', 2, 49, %s, 1, %s, %s, -106, 318, -106, 0)",
            [table.pk, False, False, "2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z"],
        )

    assert Deal.objects.count() == 0


def test_raw_sql_update_cannot_unbalance_a_stored_deal(table):
    deal = garde_by_est(table, ouest=-106)

    with (
        pytest.raises(IntegrityError, match="deal_sums_to_zero"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE tournaments_deal SET marque_est = 300 WHERE id = %s", [deal.pk])

    assert Deal.objects.get(pk=deal.pk).marque_est == 318


def test_a_deal_without_taker_must_be_all_pass(table):
    with pytest.raises(IntegrityError, match="deal_all_pass_or_taken"), transaction.atomic():
        Deal.objects.create(table=table, number=1, contract="garde")


def test_a_played_deal_must_have_its_marques(table):
    with pytest.raises(IntegrityError, match="deal_played_is_scored"), transaction.atomic():
        Deal.objects.create(table=table, number=1, taker="N", contract="prise", bouts=1, points=51)


def test_deal_numbers_are_unique_on_a_sheet(table):
    Deal.objects.create(table=table, number=1, taker="N", contract="prise")

    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(table=table, number=1, taker="S", contract="garde")


def test_a_player_cannot_sit_twice_in_one_position(table, registrations):
    other_table = table.position.tables.get(number=2)

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            position=table.position, table=other_table, place="C", registration=registrations[0]
        )


def test_two_players_cannot_share_a_seat(table, tournament):
    newcomer = Registration.objects.create(
        tournament=tournament,
        player=Player.objects.create(last_name="Neuf", first_name="N"),
        number=99,
    )

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(position=table.position, table=table, place="N", registration=newcomer)


@pytest.mark.usefixtures("registrations")
def test_participant_numbers_are_unique_in_a_tournament(tournament):
    player = Player.objects.create(last_name="Doublon", first_name="D")

    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(tournament=tournament, player=player, number=1)


@pytest.mark.usefixtures("db")
def test_a_licence_number_belongs_to_one_player():
    Player.objects.create(last_name="Un", first_name="A", licence="0123456")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(last_name="Deux", first_name="B", licence="0123456")


@pytest.mark.usefixtures("db")
def test_many_players_may_have_no_licence():
    Player.objects.create(last_name="Un", first_name="A")
    Player.objects.create(last_name="Deux", first_name="B")

    assert Player.objects.filter(licence="").count() == 2


@pytest.mark.usefixtures("table")
def test_a_seated_registration_cannot_be_deleted(registrations):
    with pytest.raises(RestrictedError), transaction.atomic():
        registrations[0].delete()

    assert Seat.objects.filter(registration=registrations[0]).exists()


def test_a_whole_tournament_can_be_deleted_with_its_sheets(tournament, table):
    Deal.objects.create(table=table, number=1, taker="N", contract="prise")

    tournament.delete()

    assert (Deal.objects.count(), Seat.objects.count(), Registration.objects.count()) == (0, 0, 0)
