# The championship's tables (stages, halls, roles, draws) are championships' now, and the push
# subscriptions notifications' (each app's 0001): tournaments forgets them, in the project state
# only. The tables keep their names (db_table), their rows and their foreign keys.

from django.db import migrations

MOVED = {
    "championships": ("stage", "hall", "tournamentrole", "draw"),
    "notifications": ("pushsubscription", "pushdelivery"),
}


def content_types_follow(apps, schema_editor, *, forwards):
    """The admin's permissions name a model by its content type: moved, not made anew, so
    that they keep holding. A fresh database has none yet (they come after migrate)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for app, models in MOVED.items():
        to_app, from_app = (app, "tournaments") if forwards else ("tournaments", app)
        for model in models:
            # One content type per app and model: where one is already there, it stays.
            if not types.filter(app_label=to_app, model=model).exists():
                types.filter(app_label=from_app, model=model).update(app_label=to_app)


def forwards(apps, schema_editor):
    content_types_follow(apps, schema_editor, forwards=True)


def backwards(apps, schema_editor):
    content_types_follow(apps, schema_editor, forwards=False)


class Migration(migrations.Migration):

    dependencies = [
        ('championships', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('notifications', '0001_initial'),
        ('tournaments', '0030_draw_room_seed'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='TournamentRole'),
                migrations.DeleteModel(name='Hall'),
                migrations.DeleteModel(name='Stage'),
                migrations.DeleteModel(name='Draw'),
                migrations.DeleteModel(name='PushDelivery'),
                migrations.DeleteModel(name='PushSubscription'),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
