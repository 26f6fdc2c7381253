"""Who writes: an arbitre's account, a table's device, a visitor, or a script.

Every service that writes is told who acts, always: the sheets decide from it what may be
changed (a table writes only its last deal, the arbitre any), and the journal records it. A
script (the demo command, a maintenance task) says so by name and holds the arbitre's powers;
nothing stands for « nobody in particular ».
"""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class ActorKind(models.TextChoices):
    """Also the journals' choices (``actor_kind`` of every ``common.models.JournalLine``)."""

    ARBITRE = "arbitre", gettext_lazy("Arbitre")
    TABLE = "table", gettext_lazy("Table")
    SCRIPT = "script", gettext_lazy("Script")
    # Someone with no account and no table's code: a phone asking « Me prévenir », a reader
    # asking for a public document. Named by nothing (no address is kept of them).
    VISITOR = "visitor", gettext_lazy("Visiteur")


@dataclass(frozen=True)
class Actor:
    kind: ActorKind
    user: AbstractBaseUser | None = None  # the arbitre's account
    script: str = ""  # the script's name
    # An account acting under a role the app gave it (« Arbitre de salle (Salle B) »,
    # « Pointeur »), in words: the journal and the sheet's history name it so, not « Arbitre ».
    role: str = ""

    @classmethod
    def arbitre(cls, user: AbstractBaseUser, *, role: str = "") -> "Actor":
        return cls(kind=ActorKind.ARBITRE, user=user, role=role)

    @classmethod
    def table_device(cls) -> "Actor":
        """A table's phone or tablet, holding the table's code: it has no account."""
        return cls(kind=ActorKind.TABLE)

    @classmethod
    def visitor(cls) -> "Actor":
        """Someone on the public pages, with no account: a player's phone, a reader."""
        return cls(kind=ActorKind.VISITOR)

    @classmethod
    def of_request(cls, request) -> "Actor":
        """Who sends ``request``: the account logged in, else a visitor."""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return cls.arbitre(user)
        return cls.visitor()

    @classmethod
    def running(cls, script: str) -> "Actor":
        return cls(kind=ActorKind.SCRIPT, script=script)

    @property
    def is_arbitre(self) -> bool:
        """The arbitre's powers over a sheet: the arbitre's, and a script's."""
        return self.kind in (ActorKind.ARBITRE, ActorKind.SCRIPT)

    def label(self, table_number: int | None = None) -> str:
        """The actor in words, as the sheet's history and the journal show it."""
        if self.kind == ActorKind.TABLE:
            if table_number is None:
                return _("Une table")
            return _("Table %(number)s") % {"number": table_number}
        if self.kind == ActorKind.SCRIPT:
            return _("Script : %(name)s") % {"name": self.script}
        if self.kind == ActorKind.VISITOR:
            return _("Un visiteur")
        name = self.user.get_full_name() or self.user.get_username()
        if self.role:
            return _("%(role)s : %(name)s") % {"role": self.role, "name": name}
        return _("Arbitre : %(name)s") % {"name": name}
