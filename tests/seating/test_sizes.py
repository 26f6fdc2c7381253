"""Table sizes (``seating.sizes``): the fewest odd tables, last."""

import pytest

from seating import SeatingError, plan_positions, table_sizes


@pytest.mark.parametrize(
    ("count", "without_five", "with_five"),
    [
        (3, (3,), (3,)),
        (4, (4,), (4,)),
        (5, None, (5,)),
        (6, (3, 3), (3, 3)),
        (7, (4, 3), (4, 3)),
        (8, (4, 4), (4, 4)),
        (9, (3, 3, 3), (4, 5)),
        (10, (4, 3, 3), (5, 5)),
        (11, (4, 4, 3), (4, 4, 3)),
        (12, (4, 4, 4), (4, 4, 4)),
        (13, (4, 3, 3, 3), (4, 4, 5)),
    ],
)
def test_small_counts_take_the_fewest_odd_tables_last(count, without_five, with_five):
    assert table_sizes(player_count=count, allow_five=True) == with_five
    if without_five is None:
        with pytest.raises(SeatingError, match="autorisez les tables de 5"):
            table_sizes(player_count=count)
    else:
        assert table_sizes(player_count=count) == without_five


def test_a_remainder_of_three_takes_one_table_of_3_rather_than_three_of_5():
    assert table_sizes(player_count=27, allow_five=True) == (4,) * 6 + (3,)


def test_large_fields_sit_at_tables_of_4_with_the_odd_tables_last():
    assert table_sizes(player_count=400) == (4,) * 100
    assert table_sizes(player_count=402) == (4,) * 99 + (3, 3)
    assert table_sizes(player_count=402, allow_five=True) == (4,) * 98 + (5, 5)


@pytest.mark.parametrize("count", [0, 1, 2])
def test_fewer_than_three_players_cannot_sit(count):
    message = "Il faut au moins 3 joueurs présents pour former une table."
    with pytest.raises(SeatingError, match=message):
        table_sizes(player_count=count, allow_five=True)
    with pytest.raises(SeatingError, match=message):
        plan_positions(players=list(range(count)), positions=3)


def test_a_seating_error_is_a_value_error():
    assert issubclass(SeatingError, ValueError)
