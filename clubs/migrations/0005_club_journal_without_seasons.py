"""The club's journal keeps the club's own actions only: the apps above keep journals of their
own (the seasons' entries moved to theirs before this runs)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0004_club_journal_season_recounted'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='clubjournalentry',
            name='club_journal_action_known',
        ),
        migrations.AlterField(
            model_name='clubjournalentry',
            name='action',
            field=models.CharField(choices=[('club.created', 'Club créé'), ('club.updated', 'Club modifié'), ('club.arbitre_added', 'Arbitre ajouté au club'), ('club.arbitre_removed', 'Arbitre retiré du club'), ('member.added', 'Membre ajouté'), ('member.updated', 'Membre corrigé'), ('member.removed', 'Membre retiré')], max_length=40, verbose_name='action'),
        ),
        migrations.AddConstraint(
            model_name='clubjournalentry',
            constraint=models.CheckConstraint(condition=models.Q(('action__in', ['club.created', 'club.updated', 'club.arbitre_added', 'club.arbitre_removed', 'member.added', 'member.updated', 'member.removed'])), name='club_journal_action_known', violation_error_message='Action du journal du club inconnue.'),
        ),
    ]
