"""The move of the championship's tables (stages, halls, roles, draws) and the push
subscriptions' out of tournaments (championships 0001, notifications 0001, tournaments 0031):
a database filled before it keeps every row, every ranking and the admin's content types.

The database is filled by today's code at the state before the move: a moved model that gains
a column later gets its migration before the move's (as the draws' room seed, tournaments
0030), or this fill goes through the historical models instead."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from championships.services.halls import add_hall, give_role
from notifications.models import PushDelivery, PushSubscription
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tournaments.models import ApartPair, FixedTable
from tournaments.selectors.ranking import tournament_ranking

BEFORE = [("tournaments", "0030_draw_room_seed")]
MOVED = {
    "championships": ["stage", "hall", "tournamentrole", "draw"],
    "notifications": ["pushsubscription", "pushdelivery"],
}


# The tables added after the move (tournaments 0032, the seating wishes): today's code reads
# them when it draws, so they stand beside the state before the move while the fill runs, and
# are dropped before the migrations, which create them again (their own lines recorded too).
LATER = (ApartPair, FixedTable)
LATER_MIGRATIONS = 1


def later_tables(*, create: bool) -> None:
    with connection.schema_editor() as editor:
        for model in LATER:
            if create:
                editor.create_model(model)
            elif model._meta.db_table in connection.introspection.table_names():
                editor.delete_model(model)


def migrate(targets=None):
    """Migrate to ``targets``, or to the latest migrations; the apps as they are there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before_the_move(transactional_db):  # noqa: ARG001 - the migrations need real transactions
    # The two apps taken back to nothing unapplies tournaments 0031 first: the state is then
    # the one a database migrated from before the move is in.
    executor = MigrationExecutor(connection)
    executor.migrate([("championships", None), ("notifications", None)])
    later_tables(create=True)
    yield executor.loader.project_state(BEFORE).apps
    # A test that stopped before its own migrations leaves them to do, the later tables too.
    pending = MigrationExecutor(connection)
    if pending.migration_plan(pending.loader.graph.leaf_nodes()):
        later_tables(create=False)
        migrate()


def fill(arbitre):
    """A championship in two halls, its qualification and its final played (each seating
    drawn), a pointeur and an arbitre de salle, a phone subscribed and notified."""
    tournament = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(tournament, players=16)
    north = add_hall(tournament=tournament, name="Nord", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=tournament, name="Sud", first_table=3, last_table=4, by=TESTS)
    set_cut(qualification, 4, cut_per_hall=True)
    users = get_user_model().objects
    users.create_user(username="pointeur")
    users.create_user(username="salle")
    give_role(tournament=tournament, username="pointeur", role="pointeur", hall=None, by=TESTS)
    give_role(tournament=tournament, username="salle", role="salle", hall=north, by=TESTS)
    play_position(tournament, 1)
    play_position(tournament, 2)
    registration = tournament.registrations.order_by("number").first()
    phone = PushSubscription.objects.create(
        registration=registration, endpoint="https://fcm.googleapis.com/1", p256dh="k", auth="a"
    )
    PushDelivery.objects.create(subscription=phone, event="position-1")
    return tournament


def row_counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        counts = {}
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def rankings(tournament) -> dict:
    ranking = tournament_ranking(tournament)
    return {
        "players": [(p.rank, p.registration.number, p.total) for p in ranking.players],
        "stages": [
            [(line.rank, line.key, line.total, line.qualified) for line in stage.lines]
            for stage in ranking.stages
        ],
    }


def content_types() -> dict[tuple[str, str], int]:
    from django.contrib.contenttypes.models import ContentType

    models = [model for moved in MOVED.values() for model in moved]
    return {
        (kind.app_label, kind.model): kind.pk
        for kind in ContentType.objects.filter(model__in=models)
    }


def test_a_database_filled_before_the_move_keeps_every_row_and_ranking(before_the_move, arbitre):
    tournament = fill(arbitre)
    # What the database held as the tournaments' models, read as they were then.
    before = {
        model: before_the_move.get_model("tournaments", model).objects.count()
        for moved in MOVED.values()
        for model in moved
    }
    counts, ranked, kinds = row_counts(), rankings(tournament), content_types()

    later_tables(create=False)
    after = migrate()

    assert all(before.values()), before
    assert {
        model: after.get_model(app, model).objects.count()
        for app, moved in MOVED.items()
        for model in moved
    } == before
    # Every table as it was, but the migrations' own: the three of the move recorded, and
    # those after it.
    assert row_counts() == counts | {
        "django_migrations": counts["django_migrations"] + 3 + LATER_MIGRATIONS
    }
    assert rankings(tournament) == ranked
    assert ranked["stages"] and ranked["players"]
    # The admin's content types are the same rows, named by their new app.
    assert content_types() == {
        (app, model): kinds[("tournaments", model)]
        for app, moved in MOVED.items()
        for model in moved
    }
