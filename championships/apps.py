from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChampionshipsConfig(AppConfig):
    name = "championships"
    verbose_name = _("Championnats")

    def ready(self) -> None:
        from championships import answers
        from tournaments.championship import answer_with

        # What a tournament asks of its halls, stages and draws (tournaments/championship.py).
        answer_with(answers)
