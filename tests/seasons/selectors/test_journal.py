"""The club's journal page (seasons.selectors.journal): the club's entries and its seasons',
as one list, newest first, a page at a time."""

import datetime

from django.core.paginator import Paginator
from django.utils import timezone

from clubs.models import ClubJournalEntry
from seasons.models import SeasonJournalEntry
from seasons.selectors.journal import club_journal, with_changes
from tests.factories import club_of

NOON = timezone.make_aware(datetime.datetime(2026, 11, 21, 12, 0))


def line(model, club, minutes, action):
    return model.objects.create(
        club=club,
        at=NOON + datetime.timedelta(minutes=minutes),
        actor_kind="script",
        actor_script="tests",
        action=action,
    )


def test_the_clubs_and_its_seasons_entries_are_one_list_newest_first(club):
    renamed = line(ClubJournalEntry, club, 1, "club.updated")
    created = line(SeasonJournalEntry, club, 2, "season.created")
    member = line(ClubJournalEntry, club, 3, "member.added")
    updated = line(SeasonJournalEntry, club, 4, "season.updated")

    assert list(club_journal(club=club)) == [updated, member, created, renamed]


def test_a_page_of_the_journal_holds_the_entries_of_both_at_their_place(club):
    for minutes in range(5):
        line(ClubJournalEntry, club, 2 * minutes, "club.updated")
        line(SeasonJournalEntry, club, 2 * minutes + 1, "season.updated")

    page = Paginator(club_journal(club=club), 4).get_page(2)

    assert page.paginator.count == 10
    assert [entry.at.minute for entry in page.object_list] == [5, 4, 3, 2]


def test_another_clubs_entries_are_not_on_the_page(club, other_arbitre):
    line(SeasonJournalEntry, club_of(other_arbitre), 1, "season.created")

    assert list(club_journal(club=club)) == []


def test_each_entry_reads_in_its_own_journals_words(club, season):
    entry = SeasonJournalEntry.objects.create(
        club=club,
        at=NOON,
        actor_kind="script",
        actor_script="tests",
        action="season.updated",
        subject_type="season",
        subject_id=season.pk,
        after={"method": "moyenne", "evening": "Soirée du 13"},
    )

    [changes] = [e.changes for e in with_changes([entry])]

    assert [(c.label, c.after) for c in changes] == [
        ("méthode de classement", "Moyenne"),
        ("soirée", "Soirée du 13"),
    ]
