"""A club's evening played to its end, for the prizes: 8 players, one position of one deal.

Table 1 (players 1 to 4): Nord takes a prise, +87, the others −29 each. Table 2 (5 to 8):
Est takes a garde, +174, the others −58 each. The ranking: player 6 first, player 1 second,
players 2, 3 and 4 third ex aequo, players 5, 7 and 8 sixth ex aequo.
"""

from decimal import Decimal

import pytest

from palmares.models import Category, PotKind
from palmares.services.prize_tables import RowSpec, set_prize_table
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import club_tournament, register, seat
from tournaments.deal_scoring import DealResult
from tournaments.services.positions import close_position
from tournaments.services.seating import publish_seating

GARDE_BY_EST = DealResult(taker="E", contract="garde", bouts=1, points=55)


def played_evening(arbitre, **fields):
    tournament = club_tournament(arbitre, positions_count=1, deals_per_position=1, **fields)
    players = register(tournament, 8)
    first, second = seat(tournament, 1, [players[:4], players[4:]])
    publish_seating(position=first.position, by=TESTS)
    play(first, prise_by("N"))
    play(second, GARDE_BY_EST)
    for table in (first, second):
        sign(table)
    close_position(position=first.position, by=TESTS)
    return tournament, players


@pytest.fixture
def evening(arbitre):
    tournament, _players = played_evening(arbitre)
    return tournament


@pytest.fixture
def players(evening):
    """The evening's registrations by number: ``players[1]`` is player 1's."""
    return {registration.number: registration for registration in evening.registrations.all()}


def describe(registration, **facts) -> None:
    """What the licence list says of a player: ``sex``, ``categorie``, ``born_on``, ``serie``."""
    player = registration.player
    for name, value in facts.items():
        setattr(player, name, value)
    player.save()


def amounts(tournament, *values, by=TESTS, **options):
    """A prize table of fixed amounts for the scratch ranking's places, in euros."""
    rows = [RowSpec(category=Category.SCRATCH, value=Decimal(value)) for value in values]
    return set_prize_table(
        tournament=tournament, pot_kind=PotKind.AMOUNTS, rows=rows, by=by, **options
    )
