from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """The club's seasons: a ranking over its evenings, and every player's history.

    Above ``tournaments`` (it reads the evenings' rankings), never imported by it.
    """

    name = "seasons"
    verbose_name = "Saisons"

    def ready(self) -> None:
        # A tournament deleted or hidden leaves its seasons, marked as recomputed.
        from seasons import signals  # noqa: F401
