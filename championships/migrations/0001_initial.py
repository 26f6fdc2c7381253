# The championship's tables (stages, halls, roles, draws) were made by tournaments (0022, 0023)
# and keep their names (db_table): this app takes them over in the project state only, and
# tournaments 0031 forgets them. Not a row moves; a fresh database gets them from tournaments.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0030_draw_room_seed'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Hall',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='numéro')),
                        ('name', models.CharField(max_length=60, verbose_name='nom')),
                        ('first_table', models.PositiveSmallIntegerField(verbose_name='de la table')),
                        ('last_table', models.PositiveSmallIntegerField(verbose_name='à la table')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='halls', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'salle',
                        'verbose_name_plural': 'salles',
                        'db_table': 'tournaments_hall',
                        'ordering': ['tournament', 'first_table'],
                    },
                ),
                migrations.CreateModel(
                    name='Stage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='numéro')),
                        ('name', models.CharField(max_length=60, verbose_name='nom')),
                        ('positions_count', models.PositiveSmallIntegerField(verbose_name='nombre de positions')),
                        ('cut', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='qualifiés pour la phase suivante')),
                        ('cut_per_hall', models.BooleanField(default=False, verbose_name='par salle')),
                        ('carry_numerator', models.PositiveSmallIntegerField(default=0, verbose_name='report (numérateur)')),
                        ('carry_denominator', models.PositiveSmallIntegerField(default=1, verbose_name='report (dénominateur)')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='stages', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'phase',
                        'verbose_name_plural': 'phases',
                        'db_table': 'tournaments_stage',
                        'ordering': ['tournament', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='TournamentRole',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('salle', 'arbitre de salle'), ('pointeur', 'pointeur')], max_length=8, verbose_name='rôle')),
                        ('hall', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='roles', to='championships.hall', verbose_name='salle')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='tournaments.tournament')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_roles', to=settings.AUTH_USER_MODEL, verbose_name='compte')),
                    ],
                    options={
                        'verbose_name': 'rôle dans un tournoi',
                        'verbose_name_plural': 'rôles dans un tournoi',
                        'db_table': 'tournaments_tournamentrole',
                        'ordering': ['tournament', 'role', 'user__username'],
                    },
                ),
                migrations.CreateModel(
                    name='Draw',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position_number', models.PositiveSmallIntegerField(verbose_name='position')),
                        ('attempt', models.PositiveSmallIntegerField(verbose_name='tirage n°')),
                        ('reason', models.CharField(blank=True, max_length=300, verbose_name='motif du nouveau tirage')),
                        ('secret', models.CharField(max_length=64, verbose_name='secret')),
                        ('commitment', models.CharField(max_length=64, unique=True, verbose_name='engagement')),
                        ('committed_at', models.DateTimeField(verbose_name='engagement fixé le')),
                        ('generator', models.CharField(blank=True, max_length=40, verbose_name='version du générateur')),
                        ('input', models.JSONField(blank=True, null=True, verbose_name="données d'entrée")),
                        ('input_fingerprint', models.CharField(blank=True, max_length=64, verbose_name='empreinte des données')),
                        ('seed', models.CharField(blank=True, max_length=16, verbose_name='graine')),
                        ('plan', models.JSONField(blank=True, null=True, verbose_name='placement tiré')),
                        ('plan_fingerprint', models.CharField(blank=True, max_length=64, verbose_name='empreinte du placement')),
                        ('swaps', models.JSONField(blank=True, default=list, verbose_name='échanges à la main')),
                        ('drawn_at', models.DateTimeField(blank=True, null=True, verbose_name='tiré le')),
                        ('revealed_at', models.DateTimeField(blank=True, null=True, verbose_name='secret révélé le')),
                        ('committed_unpublished', models.BooleanField(default=False, verbose_name='engagement fixé avant la publication du tournoi')),
                        ('room_seed', models.CharField(blank=True, max_length=40, verbose_name='graine de la salle')),
                        ('room_seed_at', models.DateTimeField(blank=True, null=True, verbose_name='graine de la salle saisie le')),
                        ('seating_published_at', models.DateTimeField(blank=True, null=True, verbose_name='placement publié le')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='draws', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'tirage',
                        'verbose_name_plural': 'tirages',
                        'db_table': 'tournaments_draw',
                        'ordering': ['tournament', 'position_number', 'attempt'],
                        'constraints': [models.UniqueConstraint(fields=('tournament', 'position_number', 'attempt'), name='draw_attempt_unique', violation_error_message='Cette position a déjà un tirage de ce numéro.'), models.CheckConstraint(condition=models.Q(('attempt__gte', 1), ('position_number__gte', 1)), name='draw_numbers_positive', violation_error_message='Tirages et positions se comptent à partir de 1.'), models.CheckConstraint(condition=models.Q(('attempt', 1), models.Q(('reason', ''), _negated=True), _connector='OR'), name='draw_again_has_reason', violation_error_message='Un nouveau tirage se fait avec son motif, écrit.'), models.CheckConstraint(condition=models.Q(('revealed_at__isnull', True), ('drawn_at__isnull', False), _connector='OR'), name='draw_revealed_once_drawn', violation_error_message="Le secret d'un tirage se révèle une fois tiré."), models.CheckConstraint(condition=models.Q(models.Q(('room_seed', ''), ('room_seed_at__isnull', True)), models.Q(('room_seed__regex', '^[0-9]{4,40}$'), ('room_seed_at__isnull', False)), _connector='OR'), name='draw_room_seed_digits', violation_error_message="La graine de la salle compte de 4 à 40 chiffres, avec l'heure de sa saisie."), models.CheckConstraint(condition=models.Q(('drawn_at__isnull', True), ('generator__in', ['tarot-seating-1', 'tarot-seating-2']), models.Q(('room_seed', ''), _negated=True), _connector='OR'), name='draw_has_room_seed', violation_error_message='Ce tirage se fait avec la graine de la salle.')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='hall',
                    constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='hall_number_unique', violation_error_message='Ce tournoi a déjà une salle de ce numéro.'),
                ),
                migrations.AddConstraint(
                    model_name='hall',
                    constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='hall_number_positive', violation_error_message='Les salles se numérotent à partir de 1.'),
                ),
                migrations.AddConstraint(
                    model_name='hall',
                    constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='hall_name_unique', violation_error_message='Une salle de ce tournoi porte déjà ce nom.'),
                ),
                migrations.AddConstraint(
                    model_name='hall',
                    constraint=models.CheckConstraint(condition=models.Q(('first_table__gte', 1), ('last_table__gte', models.F('first_table'))), name='hall_tables_in_order', violation_error_message="Les tables d'une salle vont de la première à la dernière, à partir de 1."),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='stage_number_unique', violation_error_message='Ce tournoi a déjà une phase de ce numéro.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='stage_number_positive', violation_error_message='Les phases se numérotent à partir de 1.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='stage_name_unique', violation_error_message='Une phase de ce tournoi porte déjà ce nom.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(('positions_count__gte', 1)), name='stage_has_positions', violation_error_message='Une phase se joue en une position au moins.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(('cut__isnull', True), ('cut__gte', 3), _connector='OR'), name='stage_cut_one_table', violation_error_message='La phase suivante se joue à une table au moins : 3 qualifiés au minimum.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(('cut_per_hall', False), ('cut__isnull', False), _connector='OR'), name='stage_cut_per_hall_has_cut', violation_error_message='Une qualification par salle dit combien de joueurs de chaque salle.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(('carry_denominator__gte', 1), ('carry_numerator__lte', models.F('carry_denominator'))), name='stage_carry_over_fraction', violation_error_message='Le report est une part du total : rien, une fraction ou le tout.'),
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('number', 1), _negated=True), ('carry_numerator', 0), _connector='OR'), name='stage_first_carries_nothing', violation_error_message='La première phase ne reporte rien : aucune phase ne la précède.'),
                ),
                migrations.AddConstraint(
                    model_name='tournamentrole',
                    constraint=models.UniqueConstraint(fields=('tournament', 'user'), name='tournament_role_once', violation_error_message='Ce compte a déjà un rôle dans ce tournoi.'),
                ),
                migrations.AddConstraint(
                    model_name='tournamentrole',
                    constraint=models.CheckConstraint(condition=models.Q(('role__in', ['salle', 'pointeur'])), name='tournament_role_role_known', violation_error_message='Rôle inconnu : ce doit être « arbitre de salle » ou « pointeur ».'),
                ),
                migrations.AddConstraint(
                    model_name='tournamentrole',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('role', 'salle'), ('hall__isnull', False)), models.Q(('role', 'pointeur'), ('hall__isnull', True)), _connector='OR'), name='tournament_role_hall', violation_error_message="Un arbitre de salle a sa salle ; un pointeur n'en a pas."),
                ),
            ],
            database_operations=[],
        ),
    ]
