"""The reminder of the day before: every player registered in a tournament of tomorrow gets
one e-mail, once (run daily by tarot-reminders.timer; running it twice sends nothing more)."""

import datetime

from django.core.management.base import BaseCommand
from django.utils import timezone

from common.actors import Actor
from entries.selectors.entries import live_entries_of_day
from entries.services.evenings import mark_reminded


class Command(BaseCommand):
    help = "Envoie le rappel de la veille aux joueurs inscrits en ligne aux tournois de demain."

    def handle(self, *_args, **_options) -> None:
        tomorrow = timezone.localdate() + datetime.timedelta(days=1)
        entries = list(live_entries_of_day(tomorrow))
        reminded = mark_reminded(entries=entries, by=Actor.running("remind_entries"))
        self.stdout.write(f"{len(reminded)} rappel(s) envoyé(s) pour le {tomorrow:%d/%m/%Y}.")
