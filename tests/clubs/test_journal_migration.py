"""The migrations that move a club's own entries from the tournaments' journal to the club's
(tournaments 0020), and back when unapplied."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tournaments", "0019_player_and_member_move_to_clubs"), ("clubs", "0003_club_journal")]


def migrate(targets=None):
    """Migrate to ``targets``, or to the latest migrations; the apps as they are there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def entry(model, **fields):
    values = {"at": timezone.now(), "actor_kind": "script", "actor_script": "demo"}
    return model.objects.create(**values | fields)


@pytest.fixture
def before_the_move(transactional_db):  # noqa: ARG001 - the migrations need real transactions
    apps = migrate(BEFORE)
    yield apps
    migrate()


def test_the_clubs_entries_move_to_its_journal_and_the_tournaments_stay(before_the_move):
    apps = before_the_move
    User = apps.get_model("auth", "User")
    Club = apps.get_model("clubs", "Club")
    JournalEntry = apps.get_model("tournaments", "JournalEntry")
    anne = User.objects.create(username="anne")
    club = Club.objects.create(name="Les Excuses")
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Soirée", date=datetime.date(2026, 11, 21), arbitre_id=anne.pk, club_id=club.pk
    )
    entry(JournalEntry, club=club, action="club.created", after={"name": "Les Excuses"})
    entry(JournalEntry, tournament=tournament, action="tournament.created")
    entry(
        JournalEntry,
        club=club,
        action="member.added",
        actor_kind="arbitre",
        actor_script="",
        actor_user=anne,
        subject_type="member",
        subject_id=7,
        subject="LEFÈVRE Zoé (Les Excuses)",
    )

    apps = migrate()

    moved = apps.get_model("clubs", "ClubJournalEntry").objects.order_by("pk")
    assert [(e.club_id, e.action, e.actor_user_id, e.subject, e.after) for e in moved] == [
        (club.pk, "club.created", None, "", {"name": "Les Excuses"}),
        (club.pk, "member.added", anne.pk, "LEFÈVRE Zoé (Les Excuses)", {}),
    ]
    kept = apps.get_model("tournaments", "JournalEntry").objects.values_list("action", flat=True)
    assert list(kept) == ["tournament.created"]


@pytest.mark.django_db(transaction=True)
def test_unapplied_the_clubs_entries_go_back_to_the_tournaments_journal():
    apps = migrate()
    club = apps.get_model("clubs", "Club").objects.create(name="Les Excuses")
    entry(apps.get_model("clubs", "ClubJournalEntry"), club=club, action="member.added")

    try:
        apps = migrate(BEFORE[:1])
        back = apps.get_model("tournaments", "JournalEntry").objects.values_list(
            "club_id", "tournament_id", "action"
        )
        assert list(back) == [(club.pk, None, "member.added")]
    finally:
        migrate()
