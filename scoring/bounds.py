"""The attack's points that its bouts allow (docs/scoring.md §Les points et les bouts).

The bouts are cards: the attack that holds them holds their points, and the defence the points
of the others. Counted in half points (an int), as ``scoring.rules`` counts: 27 is 13½.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scoring.values import TOTAL_POINTS, InvalidDeal, bouts_text, french_number

# The least a camp holding n bouts can count, in half points, at any table and any contract.
# FFT fascicule, « Valeur de chaque carte » (a bout 4,5, any other card at least 0,5) and « Le
# jeu de la carte » (the Excuse stays its owner's, who gives a card in exchange; in a chelem of
# the attack the defence's Excuse, with no trick to give a card from, counts 4):
# - 1 bout: the Excuse alone, its camp having made no trick: 4;
# - 2 bouts: 9 and at least one more card, as the 21 and the Petit are won in a trick of three
#   cards or more or lie in a chien of three or more, and the Excuse's exchange card leaves at
#   least one with them (or the Excuse counts 4 and the chien brings two): 9½;
# - 3 bouts: 13½, at 3 players (21, Petit and another won in one trick, that other given for
#   the Excuse) or in a 5-player chien of exactly the three bouts (a garde sans, or a garde
#   contre for the defence).
LEAST_HALF_POINTS = {0: 0, 1: 8, 2: 19, 3: 27}

TOTAL_HALF_POINTS = 2 * TOTAL_POINTS

LEAST_REASONS = {
    1: "L'Excuse seule compte 4 points, quand son camp n'a fait aucun pli.",
    2: "Deux bouts valent 9 points, et une autre carte au moins vient avec eux.",
    3: "Chaque bout vaut 4,5 points.",
}
MOST_REASONS = {
    0: "La défense a les trois bouts, 4,5 points chacun.",
    1: "La défense a deux bouts, 9 points, et une autre carte au moins avec eux.",
    2: "La défense a le troisième bout, qui lui compte au moins 4 points.",
}


@dataclass(frozen=True)
class PointsBounds:
    """The attack's points its bouts allow at a table, in half points.

    ``least`` and ``most`` are the card points the attack can hold; ``lowest`` and ``highest``
    what the sheet accepts once they are written as the table writes them (whole at 4 players;
    at 3 and 5 players the half point may already be given to the winning camp).
    """

    bouts: int
    least: int
    most: int
    lowest: int
    highest: int


def points_bounds(players: int, bouts: int) -> PointsBounds:
    """The least and the most points the attack can have with ``bouts`` at ``players``.

    docs/scoring.md §Les points et les bouts; FFT fascicule, « Valeur de chaque carte », « Le
    jeu de la carte » (the Excuse and its exchange card, the chelem without the Excuse) and
    « Le jeu à 3 joueurs » (« il faut compter au ½ point près… le ½ point va toujours au
    camp gagnant »). The attack holds at least what its own bouts count, the defence at least
    what the others count, whatever the contract: the bounds are each reached at some table
    by some contract, so that no deal really played is refused.

    At 4 players the points are whole: the bounds are rounded inwards (13½ → 14). At 3 and
    5 players a table may write the points once the half point has gone to the winner; at
    the least the attack has lost (13½ with 3 bouts is written 13), at the most it has won
    (77½ without a bout is written 78), so a half is allowed outwards there.
    """
    least = LEAST_HALF_POINTS[bouts]
    most = TOTAL_HALF_POINTS - LEAST_HALF_POINTS[3 - bouts]
    if players == 4:
        lowest, highest = least + least % 2, most - most % 2
    else:
        lowest, highest = least - least % 2, most + most % 2
    return PointsBounds(bouts=bouts, least=least, most=most, lowest=lowest, highest=highest)


def check_points_fit_bouts(players: int, bouts: int, half_points: int) -> None:
    """Refuses the attack's points that its bouts cannot go with (``points_bounds``).

    Raises InvalidDeal on ``points``: « Avec 3 bouts, l'attaque a au moins 13,5 points. »
    """
    bounds = points_bounds(players, bouts)
    if bounds.lowest <= half_points <= bounds.highest:
        return
    typed = french_number(Decimal(half_points) / 2)
    if half_points < bounds.lowest:
        limit, written, reason = bounds.least, bounds.lowest, LEAST_REASONS[bouts]
        words, winner = "au moins", "la défense"
    else:
        limit, written, reason = bounds.most, bounds.highest, MOST_REASONS[bouts]
        words, winner = "au plus", "l'attaque"
    message = (
        f"{bouts_text(bouts).capitalize()}, l'attaque a {words} {_points(limit)} points. {reason}"
    )
    if written != limit and players != 4:
        message += (
            f" Le demi-point donné à {winner}, cela s'écrit {_points(written)}"
            f" ; {typed} n'est pas possible."
        )
    else:
        message += f" {typed} n'est pas possible."
    raise InvalidDeal("points", message)


def _points(half_points: int) -> str:
    return french_number(Decimal(half_points) / 2)
