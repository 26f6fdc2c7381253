# The player directory and the club's members move down from tournaments to clubs, as models
# only: their tables stay where they are (``db_table`` on each model), rows and keys untouched.
# tournaments 0019 lets go of them and points the registrations here.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        # The tables this migration takes over: made by tournaments 0001 and 0012.
        ('tournaments', '0018_history_reasons_fit'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('last_name', models.CharField(max_length=100, verbose_name='nom')),
                        ('first_name', models.CharField(max_length=100, verbose_name='prénom')),
                        ('licence', models.CharField(blank=True, default='', max_length=20, verbose_name='n° de licence FFT')),
                        ('club', models.CharField(blank=True, max_length=200, verbose_name='club')),
                        ('licence_pending', models.BooleanField(default=False, verbose_name='licence à rapprocher')),
                        ('search_name', models.CharField(db_index=True, default='', editable=False, max_length=255)),
                    ],
                    options={
                        'verbose_name': 'joueur',
                        'verbose_name_plural': 'joueurs',
                        'db_table': 'tournaments_player',
                        'ordering': ['search_name', 'pk'],
                        'constraints': [models.UniqueConstraint(condition=models.Q(models.Q(('licence', ''), _negated=True), ('licence_pending', False)), fields=('licence',), name='player_licence_unique', violation_error_message="Ce n° de licence FFT est déjà celui d'un autre joueur.")],
                    },
                ),
                migrations.CreateModel(
                    name='Member',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('joined_at', models.DateTimeField(auto_now_add=True, verbose_name='membre depuis le')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='members', to='clubs.club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='memberships', to='clubs.player')),
                    ],
                    options={
                        'verbose_name': 'membre',
                        'verbose_name_plural': 'membres',
                        'db_table': 'tournaments_member',
                        'ordering': ['club', 'player__search_name', 'pk'],
                        'constraints': [models.UniqueConstraint(fields=('club', 'player'), name='member_once_per_club', violation_error_message='Ce joueur est déjà membre du club.')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
