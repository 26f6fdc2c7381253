from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PalmaresConfig(AppConfig):
    """A tournament's prize table and its prize list (« Palmarès et prix »).

    Above ``tournaments`` (it reads the tournament's ranking), never imported by it; the
    arithmetic is the pure ``prizes`` package's (docs/prix.md).
    """

    name = "palmares"
    verbose_name = _("Palmarès")

    def ready(self) -> None:
        from palmares.documents import register_documents

        register_documents()
