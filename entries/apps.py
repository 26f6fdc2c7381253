from django.apps import AppConfig


class EntriesConfig(AppConfig):
    """Online registration: a tournament's public entry form, its waiting list, the e-mails
    that tell the players, and the club's members answering « je viens ».

    Above ``tournaments`` (an entry becomes a tournament's registration), never imported by it.
    """

    name = "entries"
    verbose_name = "Inscriptions en ligne"

    def ready(self) -> None:
        # A registration taken off in « Joueurs » frees its online entry's place.
        from entries import signals  # noqa: F401
