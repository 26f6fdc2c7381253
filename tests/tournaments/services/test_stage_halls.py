"""A stage cut per hall: the first N of each hall, where each player finished the stage."""

import pytest

from championships.services.halls import add_hall
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.refusals import refusal
from tournaments.selectors.ranking import tournament_ranking


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def two_halls(tournament):
    add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=tournament, name="Salle B", first_table=3, last_table=4, by=TESTS)


@pytest.mark.usefixtures("two_halls")
def test_the_first_of_each_hall_qualify(tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 3, cut_per_hall=True)
    position = play_position(tournament, 1)

    stage = tournament_ranking(tournament).stages[0]

    # In each hall the two Nords (+87) lead; the six others tie at −29 behind them, so the
    # third place of each hall is shared by six: every player qualifies (on the whole
    # ranking, a cut of 3 would have taken the four Nords only).
    nords = {seat.registration_id for seat in position.seats.filter(place="N")}
    assert {line.key for line in stage.lines if line.rank == 1} == nords
    assert (stage.qualified_count, stage.tied_at_cut) == (16, True)
    assert "Les 3 premiers de chaque salle sont qualifiés pour la Finale." in stage.words


def test_a_cut_per_hall_without_halls_is_refused(tournament):
    qualification, _final = qualification_and_final(tournament)

    refused = refusal(set_cut, stage=qualification, cut=4, cut_per_hall=True)

    assert "pas de salles" in refused.message
    qualification.refresh_from_db()
    assert (qualification.cut, qualification.cut_per_hall) == (None, False)


@pytest.mark.usefixtures("two_halls")
def test_a_cut_per_hall_above_the_field_is_refused(tournament):
    qualification, _final = qualification_and_final(tournament)

    refused = refusal(set_cut, stage=qualification, cut=9, cut_per_hall=True)

    assert "9 par salle dans 2 salles en feraient 18" in refused.message
