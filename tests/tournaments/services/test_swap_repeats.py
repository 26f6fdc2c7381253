"""A hand swap that makes two players meet again (issue 41): warned before, with who and
where; done only with a reason, kept on the draw for the public page; and told apart from the
draw's repeats in the placement's report."""

import pytest

from championships.selectors.draws import draw_in_force, pairs_made_by_swaps, verify_draws
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import repeating_swap, two_positions_seated
from tournaments.models import JournalEntry
from tournaments.services.seating import publish_seating, swap_seats


@pytest.fixture
def two_positions(tournament):
    return two_positions_seated(tournament)


def test_a_swap_that_makes_players_meet_again_is_refused_naming_who_and_where(two_positions):
    first, second = two_positions
    x, y, z, table = repeating_swap(first, second)

    with pytest.raises(Refused) as refused:
        swap_seats(position=second, first=y, second=z, by=TESTS)

    registration = y.registration
    assert refused.value.code == "swap_repeats"
    assert (
        f"{registration.player} (n° {registration.number}) et {x.registration.player} "
        f"(n° {x.registration.number}), déjà à la table {table} de la position 1"
    ) in refused.value.message
    assert second.seats.get(pk=y.pk).registration == y.registration


def test_a_swap_with_its_reason_is_done_and_kept_with_the_pairs_it_repeats(two_positions):
    first, second = two_positions
    x, y, z, table = repeating_swap(first, second)

    swap_seats(position=second, first=y, second=z, by=TESTS, reason="Mobilité réduite")

    swap = draw_in_force(tournament=second.tournament, number=2).swaps[0]
    assert swap["reason"] == "Mobilité réduite"
    assert [y.registration.player_id, x.registration.player_id, 1, table] in swap["repeats"]
    entry = JournalEntry.objects.filter(action="seating.swapped").get()
    assert entry.after["reason"] == "Mobilité réduite"


def test_a_swap_repeating_no_meeting_needs_no_reason(two_positions):
    _first, second = two_positions
    a = second.seats.filter(table__number=1).first()
    b = second.seats.filter(table__number=1).last()

    swap_seats(position=second, first=a, second=b, by=TESTS)

    assert "reason" not in draw_in_force(tournament=second.tournament, number=2).swaps[0]


def test_the_pairs_a_swap_seats_together_are_told_from_the_draws(two_positions):
    first, second = two_positions
    x, y, z, _table = repeating_swap(first, second)
    assert pairs_made_by_swaps(tournament=second.tournament, upto=2) == set()

    swap_seats(position=second, first=y, second=z, by=TESTS, reason="Mobilité réduite")

    made = pairs_made_by_swaps(tournament=second.tournament, upto=2)
    assert frozenset((x.registration.player_id, y.registration.player_id)) in made


def test_a_swap_kept_with_its_reason_still_verifies(two_positions):
    first, second = two_positions
    _x, y, z, _table = repeating_swap(first, second)
    swap_seats(position=second, first=y, second=z, by=TESTS, reason="Mobilité réduite")
    publish_seating(position=second, by=TESTS)

    assert verify_draws(tournament=second.tournament).differences == []
