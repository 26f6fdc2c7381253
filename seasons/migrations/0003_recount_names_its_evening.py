"""A recount names the evening it was made without (``Recount.tournament``), so that an evening
hidden and then published again takes its notice away. The recounts already written are
linked to their club's evening of the same words (« name (dd/mm/yyyy) »), when only one has
them; a deleted evening's stay unlinked, as they will."""

import django.db.models.deletion
from django.db import migrations, models


def link_recounts(apps, schema_editor):  # noqa: ARG001 - the migration's signature
    Recount = apps.get_model("seasons", "Recount")
    Tournament = apps.get_model("tournaments", "Tournament")
    for recount in Recount.objects.filter(tournament__isnull=True).select_related("season"):
        matches = [
            tournament.pk
            for tournament in Tournament.objects.filter(club_id=recount.season.club_id)
            if f"{tournament.name} ({tournament.date:%d/%m/%Y})"[:250] == recount.evening
        ]
        if len(matches) == 1:
            Recount.objects.filter(pk=recount.pk).update(tournament_id=matches[0])


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0002_season_journal"),
        ("tournaments", "0021_journal_is_the_tournaments_alone"),
    ]

    operations = [
        migrations.AddField(
            model_name="recount",
            name="tournament",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="tournaments.tournament",
            ),
        ),
        migrations.RunPython(link_recounts, migrations.RunPython.noop),
    ]
