"""A small championship played through the services: stages, positions played and closed."""

from fractions import Fraction

from championships.services.stages import add_stage, update_stage
from clubs.models import Player
from tests.at_the_table import PRISE_BY_NORD, TESTS, play, sign
from tests.factories import club_tournament, plan_committed
from tournaments.models import Registration
from tournaments.services.positions import close_position
from tournaments.services.seating import publish_seating


def championship_tournament(arbitre):
    """A tournament of one deal per position, so that a position plays in a few lines."""
    return club_tournament(arbitre, deals_per_position=1)


def qualification_and_final(tournament, *, players=16, licences="C"):
    """``players`` present (licences C00001…, apart from ``register``'s; another letter for
    a second championship), a qualification of 1 position, then a final of 1 position that
    carries half the qualification's total."""
    for number in range(1, players + 1):
        Registration.objects.create(
            tournament=tournament,
            player=Player.objects.create(
                last_name=f"Joueur{number}", first_name="Prénom", licence=f"{licences}{number:05d}"
            ),
            number=number,
            checked_in=True,
        )
    qualification = add_stage(
        tournament=tournament, name="Qualification", positions_count=1, by=TESTS
    )
    final = add_stage(
        tournament=tournament,
        name="Finale",
        positions_count=1,
        carry_over=Fraction(1, 2),
        by=TESTS,
    )
    return qualification, final


def play_position(tournament, number):
    """Seat position ``number``, Nord wins a prise at every table, every sheet signed and the
    position closed: each table's Nord +87, the others −29."""
    position = plan_committed(tournament=tournament, number=number, by=TESTS)
    publish_seating(position=position, by=TESTS)
    for table in position.tables.all():
        play(table, PRISE_BY_NORD)
        sign(table)
    return close_position(position=position, by=TESTS)


def set_cut(stage, cut, **changes):
    """``update_stage`` changing the cut (and ``changes``), the rest of the stage as it is."""
    fields = {
        "name": stage.name,
        "positions_count": stage.positions_count,
        "carry_over": stage.carry_over,
        "cut": cut,
        **changes,
    }
    return update_stage(stage=stage, by=TESTS, **fields)
