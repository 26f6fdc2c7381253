"""How many tables of which size one position takes.

Tables of 4 when the count of players is a multiple of 4. Otherwise the remainder is absorbed
with the fewest odd tables possible: tables of 3 (homologated by the FFT), or tables of 5 when
``allow_five`` is set. With tables of 5 allowed, a remainder of 1 gives one table of 5, a
remainder of 2 gives two tables of 5 (two tables of 3 below 10 players), and a remainder of 3
gives one table of 3, because one odd table beats three tables of 5. Five players without
tables of 5, and fewer than three players, cannot be seated. Odd tables take the last numbers,
as clubs do.
"""

from seating.errors import SeatingError


def table_sizes(*, player_count: int, allow_five: bool = False) -> tuple[int, ...]:
    """The table sizes for ``player_count`` players, tables of 4 first and odd tables last.

    The fewest odd tables absorb the remainder of the division by 4 (see the module
    docstring); tables of 3 are used where tables of 5 are not allowed or not possible.
    """
    if player_count < 3:
        raise SeatingError("Il faut au moins 3 joueurs présents pour former une table.")
    remainder = player_count % 4
    fives = 0
    if allow_five and remainder == 1:
        fives = 1
    elif allow_five and remainder == 2 and player_count >= 10:
        fives = 2
    threes = 0 if fives else (4 - remainder) % 4
    fours, rest = divmod(player_count - 5 * fives - 3 * threes, 4)
    if fours < 0 or rest:
        raise SeatingError(
            f"Impossible d'asseoir {player_count} joueurs à des tables de 4 et de 3 : "
            "autorisez les tables de 5."
        )
    return (4,) * fours + (5,) * fives + (3,) * threes
