"""The club's journal (clubs.services.journal): one entry for every write to a club, written
inside the write, and only what the database allows."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from clubs.models import Club, ClubJournalEntry
from clubs.services import journal
from common.actors import Actor
from tests.at_the_table import TESTS
from tests.factories import club_of


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


def write(club, **fields):
    values = {"at": timezone.now(), "actor_kind": "script", "actor_script": "tests"}
    values |= {"action": "club.updated"} | fields
    with transaction.atomic():
        return ClubJournalEntry.objects.create(club=club, **values)


def test_an_entry_keeps_who_acted_and_only_the_fields_that_changed(club, arbitre):
    with transaction.atomic():
        entry = journal.record(
            club=club,
            action=journal.Action.CLUB_UPDATED,
            by=Actor.arbitre(arbitre),
            subject=club,
            before={"name": "Avant", "town": "Lyon"},
            after={"name": "Après", "town": "Lyon"},
        )

    assert (entry.actor_label, entry.subject_type, entry.subject) == (
        "Arbitre : Anne Arbitre",
        "club",
        str(club),
    )
    assert (entry.before, entry.after) == ({"name": "Avant"}, {"name": "Après"})


@pytest.mark.django_db(transaction=True)
def test_an_entry_is_written_only_inside_the_write():
    club = Club.objects.create(name="Les Excuses")

    with pytest.raises(RuntimeError):
        journal.record(club=club, action=journal.Action.CLUB_UPDATED, by=TESTS)

    assert not ClubJournalEntry.objects.exists()


def test_the_database_refuses_an_action_that_is_not_a_clubs(club):
    with pytest.raises(IntegrityError):
        write(club, action="deal.recorded")


def test_the_seasons_actions_are_not_the_clubs_journals_any_more(club):
    with pytest.raises(IntegrityError):
        write(club, action="season.created")


@pytest.mark.parametrize(
    ("kind", "script"), [("script", ""), ("table", "tests"), ("personne", "tests")]
)
def test_the_database_refuses_an_actor_not_named_as_its_kind(club, kind, script):
    with pytest.raises(IntegrityError):
        write(club, actor_kind=kind, actor_script=script)
