"""A hand swap that breaks the arbitre's seating wishes (a pair kept apart seated together, a
player taken from their fixed table): warned before, with who and where, every reason in one
warning; done only with a reason, public, kept on the draw beside what it breaks."""

import pytest

from championships.selectors.draws import draw_in_force, public_draws
from clubs.models import Player
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import (
    kept_apart,
    plan_committed,
    register,
    repeating_swap,
    two_positions_seated,
)
from tournaments.models import ApartPair, JournalEntry
from tournaments.services.seating import swap_seats
from tournaments.services.seating_wishes import fix_table


@pytest.fixture
def sixteen(tournament):
    return register(tournament, 16)


def kept_apart_then_seated(tournament, first, second):
    """``first`` and ``second`` kept apart, position 1 seated: the seat of ``second``, and a
    seat beside ``first`` whose swap with it would seat them together."""
    kept_apart(first, second)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    table = position.seats.get(registration=first).table
    beside = position.seats.filter(table=table).exclude(registration=first).first()
    return position, position.seats.get(registration=second), beside


def fixed_then_seated(tournament, registration, table=1):
    """``registration`` at fixed table ``table``, position 1 seated: their seat, and a seat
    at another table."""
    fix_table(registration=registration, table=table, reason="Fauteuil roulant", by=TESTS)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    seat = position.seats.get(registration=registration)
    return position, seat, position.seats.exclude(table=seat.table).first()


def test_a_swap_seating_a_pair_kept_apart_together_is_refused_naming_who_and_where(
    tournament, sixteen
):
    position, moving, beside = kept_apart_then_seated(tournament, sixteen[0], sixteen[1])

    with pytest.raises(Refused) as refused:
        swap_seats(position=position, first=moving, second=beside, by=TESTS)

    assert refused.value.code == "swap_wishes"
    assert refused.value.message == (
        "Cet échange assiérait ensemble JOUEUR1 Prénom (n° 1) et JOUEUR2 Prénom (n° 2), à tenir "
        f"à l'écart, à la table {beside.table.number}. Pour échanger quand même, écrivez le "
        "motif : il sera public."
    )
    assert position.seats.get(pk=moving.pk).registration == sixteen[1]


def test_a_swap_taking_a_player_from_their_fixed_table_is_refused_naming_them(tournament, sixteen):
    position, fixed_seat, elsewhere = fixed_then_seated(tournament, sixteen[6])

    with pytest.raises(Refused) as refused:
        swap_seats(position=position, first=elsewhere, second=fixed_seat, by=TESTS)

    assert refused.value.code == "swap_wishes"
    assert refused.value.message.startswith(
        "Cet échange ôterait JOUEUR7 Prénom (n° 7) de sa table fixe 1."
    )
    assert position.seats.get(pk=fixed_seat.pk).registration == sixteen[6]


def test_every_reason_a_swap_needs_one_is_said_in_one_warning(tournament):
    first, second = two_positions_seated(tournament)
    x, y, z, table = repeating_swap(first, second)
    kept_apart(x.registration, y.registration, reason="Famille")
    fix_table(registration=z.registration, table=z.table.number, reason="Fauteuil", by=TESTS)

    with pytest.raises(Refused) as refused:
        swap_seats(position=second, first=y, second=z, by=TESTS)

    message, pair = refused.value.message, ApartPair.objects.get()
    assert refused.value.code == "swap_repeats"
    assert message.startswith("Cet échange ferait se rencontrer de nouveau ")
    assert f"déjà à la table {table} de la position 1" in message
    assert (
        f"Cet échange assiérait ensemble {pair.first.player} (n° {pair.first.number}) et "
        f"{pair.second.player} (n° {pair.second.number}), à tenir à l'écart, à la table "
        f"{x.table.number}."
    ) in message
    assert (
        f"Cet échange ôterait {z.registration.player} (n° {z.registration.number}) de sa table "
        f"fixe {z.table.number}."
    ) in message
    assert message.endswith("Pour échanger quand même, écrivez le motif : il sera public.")


def test_homonyms_kept_apart_are_told_apart_in_the_warning_by_their_number(tournament, sixteen):
    Player.objects.filter(pk=sixteen[1].player_id).update(last_name="Joueur1")
    position, moving, beside = kept_apart_then_seated(tournament, sixteen[0], sixteen[1])

    with pytest.raises(Refused) as refused:
        swap_seats(position=position, first=moving, second=beside, by=TESTS)

    assert "JOUEUR1 Prénom (n° 1) et JOUEUR1 Prénom (n° 2)" in refused.value.message


def test_a_swap_breaking_a_wish_with_its_reason_is_done_and_kept_public(tournament, sixteen):
    position, moving, beside = kept_apart_then_seated(tournament, sixteen[0], sixteen[1])
    table = beside.table.number

    swap_seats(position=position, first=moving, second=beside, by=TESTS, reason="Leur demande")

    assert position.seats.get(table__number=table, registration=sixteen[1])
    swap = draw_in_force(tournament=tournament, number=1).swaps[0]
    assert swap["reason"] == "Leur demande"
    assert swap["apart"] == [[sixteen[0].player_id, sixteen[1].player_id, table]]
    entry = JournalEntry.objects.filter(action="seating.swapped").get()
    assert entry.after["reason"] == "Leur demande"


def test_the_public_list_of_swaps_names_the_fixed_table_a_swap_broke_and_why(tournament, sixteen):
    position, fixed_seat, elsewhere = fixed_then_seated(tournament, sixteen[6])

    swap_seats(position=position, first=fixed_seat, second=elsewhere, by=TESTS, reason="Malaise")

    row = public_draws(tournament=tournament)[0].swaps[0]
    assert row.wishes == [
        f"JOUEUR7 Prénom (n° 7), table fixe 1, à la table {elsewhere.table.number}"
    ]
    assert row.reason == "Malaise"


def test_a_swap_bringing_a_player_back_to_their_fixed_table_needs_no_reason(tournament, sixteen):
    position, fixed_seat, elsewhere = fixed_then_seated(tournament, sixteen[6])
    swap_seats(position=position, first=fixed_seat, second=elsewhere, by=TESTS, reason="Malaise")
    away = position.seats.get(registration=sixteen[6])
    back = position.seats.get(registration=elsewhere.registration)

    swap_seats(position=position, first=away, second=back, by=TESTS)

    assert position.seats.get(registration=sixteen[6]).table.number == 1
    assert "reason" not in draw_in_force(tournament=tournament, number=1).swaps[1]


def test_a_swap_within_one_table_breaks_no_wish(tournament, sixteen):
    position, moving, _beside = kept_apart_then_seated(tournament, sixteen[0], sixteen[1])
    neighbour = position.seats.filter(table=moving.table).exclude(pk=moving.pk).first()

    swap_seats(position=position, first=moving, second=neighbour, by=TESTS)

    assert position.seats.get(table=moving.table, registration=sixteen[1])
    assert "reason" not in draw_in_force(tournament=tournament, number=1).swaps[0]
