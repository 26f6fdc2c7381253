"""Creating a tournament (tournaments.services.tournaments.create_tournament): run by whoever
creates it, or by the account a script names."""

import datetime

import pytest

from common.actors import Actor
from tests.factories import club_of
from tournaments.services.tournaments import create_tournament

SETTINGS = {"name": "Soirée", "date": datetime.date(2026, 12, 5)}


def test_the_arbitre_who_creates_a_tournament_runs_it(arbitre):
    tournament = create_tournament(
        club=club_of(arbitre), settings=SETTINGS, by=Actor.arbitre(arbitre)
    )

    assert tournament.arbitre == arbitre


def test_a_script_names_the_account_that_runs_the_tournament(arbitre):
    tournament = create_tournament(
        club=club_of(arbitre), settings=SETTINGS, by=Actor.running("demo"), arbitre=arbitre
    )

    assert tournament.arbitre == arbitre


def test_a_script_that_names_no_arbitre_creates_nothing(arbitre):
    club = club_of(arbitre)

    with pytest.raises(TypeError, match="arbitre"):
        create_tournament(club=club, settings=SETTINGS, by=Actor.running("demo"))

    assert not club.tournaments.exists()
