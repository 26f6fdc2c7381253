"""The club: a name, a town and its arbitres, the accounts that run its tournaments.

``clubs`` sits below ``tournaments``: a tournament names its club, a club knows nothing of
tournaments. Its members are players, and the player directory (shared by every club, keyed by
the FFT licence) is the tournaments' own, so a membership is a link one level up:
``tournaments.models.Member`` (see the README, « Le club »).
"""

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models import Value
from django.db.models.functions import Trim
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("nom"), max_length=200)
    town = models.CharField(_("ville"), max_length=200, blank=True)
    # An account may be an arbitre of several clubs; a club has one arbitre at least (the
    # services refuse to remove the last one).
    arbitres = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("arbitres"), related_name="clubs", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                # Trim drops spaces only; the services strip every other blank as well.
                condition=~Exact(Trim("name"), Value("")),
                name="club_name_not_blank",
                violation_error_message=_("Un club a un nom."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name


def own_club_name(user) -> str:
    """The name of the club an arbitre gets when they have none: « Club d'Anne Arbitre »,
    « Club de Paul », or their login when the account has no name."""
    name = user.get_full_name().strip() or user.get_username()
    first = unicodedata.normalize("NFKD", name[:1]).casefold()[:1]
    return f"Club d'{name}" if first and first in "aeiouy" else f"Club de {name}"
