from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournois")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from clubs.models import Player
        from tournaments.prints.documents import register_documents
        from tournaments.selectors.standings import player_changed

        register_documents()

        # A player's record is shared by every tournament they play: its changes are in no
        # one tournament's journal, so they move the cached rankings' generation instead.
        post_save.connect(player_changed, sender=Player, dispatch_uid="ranking-player-saved")
        post_delete.connect(player_changed, sender=Player, dispatch_uid="ranking-player-deleted")
