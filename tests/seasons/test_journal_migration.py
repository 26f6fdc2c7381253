"""The migrations that move a season's entries from the club's journal to the seasons' own
(seasons 0002, before clubs 0005), and back when unapplied."""

import pytest

from tests.clubs.test_journal_migration import entry, migrate

BEFORE = [("seasons", "0001_initial"), ("clubs", "0004_club_journal_season_recounted")]


@pytest.mark.django_db(transaction=True)
def test_a_seasons_entries_move_to_the_seasons_journal_and_the_clubs_stay():
    apps = migrate(BEFORE)
    try:
        club = apps.get_model("clubs", "Club").objects.create(name="Les Excuses")
        ClubJournalEntry = apps.get_model("clubs", "ClubJournalEntry")
        entry(ClubJournalEntry, club=club, action="club.created")
        entry(ClubJournalEntry, club=club, action="season.created", subject="Saison 2026")

        apps = migrate()

        moved = apps.get_model("seasons", "SeasonJournalEntry").objects.values_list(
            "club_id", "action", "subject"
        )
        kept = apps.get_model("clubs", "ClubJournalEntry").objects.values_list("action", flat=True)
        assert (list(moved), list(kept)) == (
            [(club.pk, "season.created", "Saison 2026")],
            ["club.created"],
        )
    finally:
        migrate()


@pytest.mark.django_db(transaction=True)
def test_unapplied_a_seasons_entries_go_back_to_the_clubs_journal():
    apps = migrate()
    club = apps.get_model("clubs", "Club").objects.create(name="Les Excuses")
    entry(apps.get_model("seasons", "SeasonJournalEntry"), club=club, action="season.recounted")

    try:
        apps = migrate(BEFORE)
        back = apps.get_model("clubs", "ClubJournalEntry").objects.values_list("club_id", "action")
        assert list(back) == [(club.pk, "season.recounted")]
    finally:
        migrate()
