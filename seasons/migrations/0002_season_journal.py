"""The seasons' journal of their own: a season's entries move out of the club's journal,
before the club's journal stops allowing them (clubs 0005); back when unapplied."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


SEASON_ACTIONS = ["season.created", "season.updated", "season.recounted"]
FIELDS = [
    "club_id", "at", "actor_kind", "actor_user_id", "actor_script", "action", "subject_type",
    "subject_id", "subject", "before", "after",
]


def move(source, target):
    rows = source.objects.filter(action__in=SEASON_ACTIONS).order_by("at", "pk")
    target.objects.bulk_create(
        target(**{field: getattr(row, field) for field in FIELDS}) for row in rows
    )
    rows.delete()


def to_the_seasons_journal(apps, schema_editor):
    move(apps.get_model("clubs", "ClubJournalEntry"), apps.get_model("seasons", "SeasonJournalEntry"))


def back_to_the_clubs_journal(apps, schema_editor):
    move(apps.get_model("seasons", "SeasonJournalEntry"), apps.get_model("clubs", "ClubJournalEntry"))


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0004_club_journal_season_recounted'),
        ('seasons', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]
    # The club's journal keeps its season entries until they have moved.
    run_before = [('clubs', '0005_club_journal_without_seasons')]

    operations = [
        migrations.CreateModel(
            name='SeasonJournalEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(verbose_name='le')),
                ('actor_kind', models.CharField(choices=[('arbitre', 'Arbitre'), ('table', 'Table'), ('script', 'Script')], max_length=8, verbose_name='par')),
                ('actor_script', models.CharField(blank=True, max_length=100, verbose_name='script')),
                ('subject_type', models.CharField(blank=True, max_length=20, verbose_name='sur')),
                ('subject_id', models.PositiveBigIntegerField(blank=True, null=True)),
                ('subject', models.CharField(blank=True, max_length=200, verbose_name='sur')),
                ('before', models.JSONField(blank=True, default=dict, verbose_name='avant')),
                ('after', models.JSONField(blank=True, default=dict, verbose_name='après')),
                ('action', models.CharField(choices=[('season.created', 'Saison créée'), ('season.updated', 'Saison modifiée'), ('season.recounted', 'Saison recalculée sans une soirée')], max_length=40, verbose_name='action')),
                ('actor_user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='arbitre')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_journal', to='clubs.club')),
            ],
            options={
                'verbose_name': 'entrée du journal des saisons',
                'verbose_name_plural': 'entrées du journal des saisons',
                'ordering': ['-at', '-pk'],
                'abstract': False,
                'indexes': [models.Index(fields=['club', '-at', '-id'], name='season_journal_club_at')],
                'constraints': [models.CheckConstraint(condition=models.Q(('action__in', ['season.created', 'season.updated', 'season.recounted'])), name='season_journal_action_known', violation_error_message='Action du journal des saisons inconnue.'), models.CheckConstraint(condition=models.Q(('actor_kind__in', ['arbitre', 'table', 'script'])), name='season_journal_actor_kind_known', violation_error_message="Auteur inconnu : ce doit être l'arbitre, une table ou un script."), models.CheckConstraint(condition=models.Q(models.Q(models.Q(('actor_kind', 'arbitre'), _negated=True), models.Q(('actor_script', ''), ('actor_user__isnull', False)), _connector='OR'), models.Q(models.Q(('actor_kind', 'table'), _negated=True), models.Q(('actor_script', ''), ('actor_user__isnull', True)), _connector='OR'), models.Q(models.Q(('actor_kind', 'script'), _negated=True), models.Q(('actor_user__isnull', True), models.Q(('actor_script', ''), _negated=True)), _connector='OR')), name='season_journal_actor_named', violation_error_message="L'auteur d'une ligne du journal est nommé selon ce qu'il est : l'arbitre par son compte, un script par son nom, une table par son seul numéro.")],
            },
        ),
        migrations.RunPython(to_the_seasons_journal, back_to_the_clubs_journal),
    ]
