"""Player.search_name: both names folded for searching, filled for the players already known."""

from django.db import migrations, models

from common.names import search_name


def fill_search_names(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    players = list(Player.objects.only("pk", "last_name", "first_name"))
    for player in players:
        player.search_name = search_name(last_name=player.last_name, first_name=player.first_name)
    Player.objects.bulk_update(players, ["search_name"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_sheet_events"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": ["search_name", "pk"],
                "verbose_name": "joueur",
                "verbose_name_plural": "joueurs",
            },
        ),
        migrations.AddField(
            model_name="player",
            name="search_name",
            field=models.CharField(db_index=True, default="", editable=False, max_length=255),
        ),
        migrations.RunPython(fill_search_names, migrations.RunPython.noop),
    ]
