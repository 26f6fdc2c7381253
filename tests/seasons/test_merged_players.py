"""Two records of the directory that are one person, merged by the club's arbitre
(tournaments.services.members.merge_players): the evenings, the season and the history follow
the kept record; another club's record, one evening sat twice or two licences are refused."""

import pytest

from clubs.models import ClubJournalEntry, Member, Player
from common.refusals import Refused
from seasons.selectors.history import player_history
from seasons.selectors.ranking import season_ranking
from tests.at_the_table import TESTS
from tests.factories import club_of
from tests.seasons.evenings import evening
from tournaments.models import JournalEntry, Registration
from tournaments.services.members import merge_players


@pytest.fixture
def twice(club, arbitre, people):
    """Hélène Dupré played the 6th as one record and the 13th as another (no licence)."""
    first = Player.objects.create(last_name="Dupré", first_name="Hélène")
    second = Player.objects.create(last_name="DUPRE", first_name="Helene")
    Member.objects.create(club=club, player=first)
    Member.objects.create(club=club, player=second)
    evening(club, arbitre, 6, [first, *people[:3]])
    evening(club, arbitre, 13, [second, *people[:3]])
    return first, second


def test_the_merged_records_evenings_and_season_follow_the_kept_one(club, season, twice):
    kept, merged = twice
    assert len([line for line in season_ranking(season).ranked if line.player in twice]) == 2

    merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    lines = [line for line in season_ranking(season).ranked if line.player.pk == kept.pk]
    assert [line.played for line in lines] == [2]
    assert not Player.objects.filter(pk=merged.pk).exists()
    assert Registration.objects.filter(player=kept).count() == 2
    assert list(club.members.filter(player=kept)) == list(club.members.filter(player__in=twice))
    assert len(player_history(kept.pk).evenings) == 2


def test_a_merge_is_journalled_in_the_clubs_journal_and_each_evenings(club, twice):
    kept, merged = twice

    merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    entry = ClubJournalEntry.objects.get(action="player.merged")
    assert entry.before["merged"] == f"DUPRE Helene (n° {merged.pk})"
    assert entry.after["evenings"] == ["Soirée du 13/10 (13/10/2026)"]
    assert JournalEntry.objects.filter(action="registration.updated").count() == 1


def test_a_record_another_club_lists_privately_is_merged_for_the_club_and_kept_for_it(
    club, season, twice, other_arbitre
):
    kept, merged = twice
    theirs = Member.objects.create(club=club_of(other_arbitre), player=merged)

    merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    lines = [
        line for line in season_ranking(season).ranked if line.player.pk in {kept.pk, merged.pk}
    ]
    assert [(line.player.pk, line.played) for line in lines] == [(kept.pk, 2)]
    assert len(player_history(kept.pk).evenings) == 2
    assert Member.objects.get(pk=theirs.pk).player_id == merged.pk


def test_a_record_another_club_has_published_is_never_merged_from_here(
    club, people, twice, other_arbitre
):
    kept, merged = twice
    evening(club_of(other_arbitre), other_arbitre, 20, [merged, *people[:3]])

    with pytest.raises(Refused, match="figure aussi dans un autre club"):
        merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    assert Player.objects.filter(pk=merged.pk).exists()


def test_two_records_that_sat_the_same_evening_are_two_people(club, arbitre, people, twice):
    kept, merged = twice
    evening(club, arbitre, 20, [kept, merged, *people[:2]])

    with pytest.raises(Refused, match="ont joué la même soirée"):
        merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    assert Player.objects.filter(pk=merged.pk).exists()


def test_two_licences_are_two_people(club, twice):
    kept, merged = twice
    Player.objects.filter(pk=kept.pk).update(licence="0412361")
    Player.objects.filter(pk=merged.pk).update(licence="0412362")

    with pytest.raises(Refused, match="deux licences différentes"):
        merge_players(club=club, kept=kept, merged=merged, by=TESTS)


def test_the_kept_record_takes_the_licence_it_lacked(club, twice):
    kept, merged = twice
    Player.objects.filter(pk=merged.pk).update(licence="0412361")

    merge_players(club=club, kept=kept, merged=merged, by=TESTS)

    kept.refresh_from_db()
    assert kept.licence == "0412361"
