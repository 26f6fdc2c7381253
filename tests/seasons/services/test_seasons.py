"""Every write to a season (seasons.services.seasons): refused in French, nothing saved."""

import datetime

import pytest

from common.refusals import Refused
from seasons.models import Season, SeasonJournalEntry
from seasons.services.seasons import create_season, update_season
from tests.at_the_table import TESTS
from tests.factories import club_of
from tests.seasons.evenings import evening

START, END = datetime.date(2026, 9, 1), datetime.date(2027, 6, 30)


def new_season(club, **fields):
    values = {"name": "Saison", "start": START, "end": END, "method": "cumul"} | fields
    return create_season(club=club, **values, by=TESTS)


def changed(season, **fields):
    values = {
        "name": season.name,
        "start": season.start,
        "end": season.end,
        "method": season.method,
        "best": season.best,
        "minimum": season.minimum,
        "tournaments": None,
    } | fields
    return update_season(season=season, **values, by=TESTS)


def test_a_new_season_is_journalled_in_its_clubs_journal(club):
    season = new_season(club, name="  Challenge   d'hiver ")

    assert season.name == "Challenge d'hiver"
    entry = SeasonJournalEntry.objects.get(action=SeasonJournalEntry.Action.SEASON_CREATED)
    assert (entry.club, entry.after["name"]) == (club, "Challenge d'hiver")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"end": START - datetime.timedelta(days=1)}, "ne peut pas finir avant de commencer"),
        ({"best": 0}, "de 1 à"),
        ({"minimum": 0}, "de 1 à"),
        ({"best": 10**9}, "de 1 à"),
        ({"name": "   "}, "Donnez un nom"),
    ],
)
def test_a_season_that_cannot_be_is_refused_and_nothing_saved(club, fields, message):
    with pytest.raises(Refused, match=message):
        new_season(club, **fields)

    assert not Season.objects.exists()
    assert not SeasonJournalEntry.objects.filter(club=club).exists()


def test_a_tournament_of_another_club_is_refused(club, other_arbitre, arbitre, people):
    theirs = evening(club_of(other_arbitre), other_arbitre, 6, people[:4])
    ours = evening(club, arbitre, 13, people[:4])

    with pytest.raises(Refused, match="d'un autre club"):
        new_season(club, tournaments=[ours, theirs])

    assert not Season.objects.exists()


def test_a_season_may_count_only_the_evenings_chosen(club, arbitre, people):
    chosen = evening(club, arbitre, 13, people[:4])

    season = new_season(club, tournaments=[chosen])

    assert season.chosen
    assert list(season.tournaments.all()) == [chosen]


def test_the_method_of_a_running_season_can_change(club):
    season = new_season(club)

    changed(season, method="moyenne", best=4)

    season.refresh_from_db()
    assert (season.method, season.best) == ("moyenne", 4)
    entry = SeasonJournalEntry.objects.get(action=SeasonJournalEntry.Action.SEASON_UPDATED)
    assert (entry.before["method"], entry.after["method"]) == ("cumul", "moyenne")


def test_the_method_of_a_finished_season_no_longer_changes(club):
    season = new_season(club, start=datetime.date(2025, 9, 1), end=datetime.date(2026, 6, 30))

    with pytest.raises(Refused, match="est terminée"):
        changed(season, method="points_de_place")

    season.refresh_from_db()
    assert season.method == "cumul"


def test_a_finished_season_may_still_be_renamed(club):
    season = new_season(club, start=datetime.date(2025, 9, 1), end=datetime.date(2026, 6, 30))

    changed(season, name="Saison 2025–2026")

    season.refresh_from_db()
    assert season.name == "Saison 2025–2026"
