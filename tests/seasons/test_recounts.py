"""A tournament deleted or hidden leaves its seasons, marked as recomputed (seasons.signals)."""

import pytest

from seasons.models import Recount
from seasons.selectors.ranking import season_ranking
from tests.at_the_table import TESTS
from tests.seasons.evenings import evening
from tournaments.services.tournaments import publish_tournament


def test_a_deleted_evening_leaves_the_season_marked_recomputed(club, arbitre, people, season):
    kept = evening(club, arbitre, 6, people[:4])
    gone = evening(club, arbitre, 13, people[:4])

    gone.delete()

    ranking = season_ranking(season)
    assert ranking.evenings == [kept]
    assert [(r.evening, r.reason) for r in ranking.recounts] == [(str(gone), "deleted")]


def test_a_hidden_evening_leaves_the_season_marked_recomputed(club, arbitre, people, season):
    hidden = evening(club, arbitre, 13, people[:4])

    publish_tournament(tournament=hidden, published=False, by=TESTS)

    ranking = season_ranking(season)
    assert ranking.evenings == []
    assert [(r.evening, r.reason) for r in ranking.recounts] == [(str(hidden), "hidden")]


@pytest.mark.usefixtures("season")
def test_an_evening_outside_the_season_marks_nothing(club, arbitre, people):
    outside = evening(club, arbitre, 13, people[:4], month=8)

    outside.delete()

    assert not Recount.objects.exists()


def test_saving_an_unpublished_evening_again_marks_nothing(club, arbitre, people, season):
    draft = evening(club, arbitre, 13, people[:4], published=False)

    draft.name = "Soirée renommée"
    draft.save()

    assert not Recount.objects.filter(season=season).exists()
