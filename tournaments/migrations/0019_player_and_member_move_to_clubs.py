# The player directory and the club's members are the clubs' models now (clubs 0002): the
# registrations point there, and tournaments forgets both, in the project state only. The
# tables, their rows and the registrations' foreign key stay as they are in the database.

import django.db.models.deletion
from django.db import migrations, models

MOVED = ("player", "member")


def content_types_follow(apps, schema_editor, *, to_app, from_app):
    """The admin's permissions and history name a model by its content type: moved, not made
    anew, so that they keep holding. A fresh database has none yet (they come after migrate)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    types = ContentType.objects.using(db)
    for model in MOVED:
        # One content type per app and model: where one is already there, it stays.
        if not types.filter(app_label=to_app, model=model).exists():
            types.filter(app_label=from_app, model=model).update(app_label=to_app)


def forwards(apps, schema_editor):
    content_types_follow(apps, schema_editor, to_app="clubs", from_app="tournaments")


def backwards(apps, schema_editor):
    content_types_follow(apps, schema_editor, to_app="tournaments", from_app="clubs")


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0002_player_and_member'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0018_history_reasons_fit'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='registration',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='registrations', to='clubs.player'),
                ),
                migrations.DeleteModel(
                    name='Member',
                ),
                migrations.DeleteModel(
                    name='Player',
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
