import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_tournament_club_for_each_arbitre"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tournaments",
                to="clubs.club",
                verbose_name="club",
            ),
        ),
    ]
