"""The migration that gives every tournament already known a club named after its arbitre."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0011_journal_phone_opened")]


def migrate(targets=None):
    """Migrate to ``targets``, or to the latest migrations; the apps as they are there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before_clubs(transactional_db):  # noqa: ARG001 - the migrations need real transactions
    apps = migrate(BEFORE)
    yield apps
    migrate()


def test_each_arbitre_gets_one_club_named_after_them_holding_their_tournaments(before_clubs):
    User = before_clubs.get_model("auth", "User")
    Tournament = before_clubs.get_model("tournaments", "Tournament")
    anne = User.objects.create(username="anne", first_name="Anne", last_name="Arbitre")
    paul = User.objects.create(username="paul2")
    day = datetime.date(2026, 11, 21)
    for name, user in [("A1", anne), ("A2", anne), ("P1", paul)]:
        Tournament.objects.create(name=name, date=day, arbitre_id=user.pk)

    apps = migrate()

    Tournament = apps.get_model("tournaments", "Tournament")
    clubs = {t.name: (t.club.name, [u.username for u in t.club.arbitres.all()])
             for t in Tournament.objects.select_related("club")}  # fmt: skip
    assert clubs == {
        "A1": ("Club d'Anne Arbitre", ["anne"]),
        "A2": ("Club d'Anne Arbitre", ["anne"]),
        "P1": ("Club de paul2", ["paul2"]),
    }
    assert apps.get_model("clubs", "Club").objects.count() == 2
