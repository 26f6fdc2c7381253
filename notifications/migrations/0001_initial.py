# The push subscriptions' tables were made by tournaments (0022) and keep their names
# (db_table): this app takes them over in the project state only, and tournaments 0031
# forgets them. Not a row moves; a fresh database gets them from tournaments.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0030_draw_room_seed'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PushSubscription',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('endpoint', models.URLField(max_length=1000, verbose_name='adresse du service de notification')),
                        ('p256dh', models.CharField(max_length=200, verbose_name='clé publique du téléphone')),
                        ('auth', models.CharField(max_length=100, verbose_name='secret du téléphone')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('address_key', models.CharField(blank=True, default='', editable=False, max_length=64)),
                        ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='push_subscriptions', to='tournaments.registration')),
                    ],
                    options={
                        'verbose_name': 'abonnement aux notifications',
                        'verbose_name_plural': 'abonnements aux notifications',
                        'db_table': 'tournaments_pushsubscription',
                    },
                ),
                migrations.CreateModel(
                    name='PushDelivery',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('event', models.CharField(max_length=80, verbose_name='événement')),
                        ('sent_at', models.DateTimeField(auto_now_add=True)),
                        ('subscription', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='notifications.pushsubscription')),
                    ],
                    options={
                        'verbose_name': 'notification envoyée',
                        'verbose_name_plural': 'notifications envoyées',
                        'db_table': 'tournaments_pushdelivery',
                    },
                ),
                migrations.AddIndex(
                    model_name='pushsubscription',
                    index=models.Index(fields=['address_key'], name='push_subscription_address'),
                ),
                migrations.AddConstraint(
                    model_name='pushsubscription',
                    constraint=models.UniqueConstraint(fields=('registration', 'endpoint'), name='push_subscription_once_per_phone', violation_error_message='Ce téléphone est déjà abonné pour ce joueur.'),
                ),
                migrations.AddConstraint(
                    model_name='pushdelivery',
                    constraint=models.UniqueConstraint(fields=('subscription', 'event'), name='push_delivery_once_per_event_and_phone', violation_error_message='Cette notification a déjà été envoyée à ce téléphone.'),
                ),
            ],
            database_operations=[],
        ),
    ]
