"""A tournament deleted or hidden leaves its seasons, marked as recomputed (seasons.signals)."""

import datetime

import pytest
from django.db import transaction

from common.actors import Actor
from seasons.models import Recount, Season, SeasonJournalEntry
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


def recount_lines(club) -> list[tuple[str, str, str, dict]]:
    entries = SeasonJournalEntry.objects.filter(club=club, action="season.recounted")
    return [
        (entry.actor_label, entry.subject_type, entry.subject, entry.after)
        for entry in entries.order_by("subject", "pk")
    ]


@pytest.mark.usefixtures("season")
def test_an_evening_hidden_by_the_arbitre_is_journalled_as_their_recount(club, arbitre, people):
    hidden = evening(club, arbitre, 13, people[:4])

    publish_tournament(tournament=hidden, published=False, by=Actor.arbitre(arbitre))

    assert recount_lines(club) == [
        (
            "Arbitre : Anne Arbitre",
            "season",
            "Saison 2026",
            {"evening": str(hidden), "reason": "retirée du public"},
        )
    ]


def test_an_evening_hidden_outside_the_screens_is_journalled_without_a_known_author(
    club, arbitre, people, season
):
    hidden = evening(club, arbitre, 13, people[:4])

    hidden.published = False
    hidden.save()

    assert recount_lines(club) == [
        (
            "Script : hors de l'application (admin ou script)",
            "season",
            str(season),
            {"evening": str(hidden), "reason": "retirée du public"},
        )
    ]


def test_an_evening_hidden_by_the_service_is_journalled_once(club, arbitre, people, season):
    hidden = evening(club, arbitre, 13, people[:4])

    publish_tournament(tournament=hidden, published=False, by=TESTS)
    publish_tournament(tournament=hidden, published=False, by=TESTS)

    assert len(recount_lines(club)) == 1
    assert Recount.objects.filter(season=season).count() == 1


def test_an_evening_deleted_outside_the_screens_is_journalled_without_a_known_author(
    club, arbitre, people, season
):
    gone = evening(club, arbitre, 13, people[:4])

    gone.delete()

    assert recount_lines(club) == [
        (
            "Script : hors de l'application (admin ou script)",
            "season",
            str(season),
            {"evening": str(gone), "reason": "supprimée"},
        )
    ]


def test_each_season_that_counted_the_evening_gets_its_journal_line(club, arbitre, people, season):
    challenge = Season.objects.create(
        club=club,
        name="Challenge d'octobre",
        start=datetime.date(2026, 10, 1),
        end=datetime.date(2026, 10, 31),
        method="cumul",
    )
    hidden = evening(club, arbitre, 13, people[:4])

    publish_tournament(tournament=hidden, published=False, by=TESTS)

    assert [line[2] for line in recount_lines(club)] == [challenge.name, season.name]


def test_a_hiding_rolled_back_leaves_neither_recount_nor_journal_line(
    club, arbitre, people, season
):
    hidden = evening(club, arbitre, 13, people[:4])

    with pytest.raises(RuntimeError), transaction.atomic():
        publish_tournament(tournament=hidden, published=False, by=TESTS)
        raise RuntimeError("the write fails after the hiding")

    assert not Recount.objects.filter(season=season).exists()
    assert recount_lines(club) == []


@pytest.mark.usefixtures("season")
def test_the_clubs_journal_page_tells_the_recount_in_words(arbitre_client, club, arbitre, people):
    hidden = evening(club, arbitre, 13, people[:4])
    publish_tournament(tournament=hidden, published=False, by=Actor.arbitre(arbitre))

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/journal/").content.decode()

    assert "Saison recalculée sans une soirée" in page
    assert "retirée du public" in page
    assert str(hidden) in page
