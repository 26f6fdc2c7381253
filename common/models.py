"""The abstract bases every app's tables build on: the journals' line (``JournalLine``) and
its rules on who acted (``actor_kind_known``, ``actor_named``). No table of its own:
``common`` is no app."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.actors import Actor, ActorKind


class JournalLine(models.Model):
    """What every journal keeps of a write, each app's alike: when, who acted (an arbitre's
    account, a table, a script), the subject named in words as it was then (it may be deleted
    since), and the fields it changed, before and after. Each app's journal adds what it is
    about (its club, its tournament) and its own ``action`` choices."""

    at = models.DateTimeField(_("le"))
    actor_kind = models.CharField(_("par"), max_length=8, choices=ActorKind)
    # The arbitre's account; a table and a script have none.
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    actor_script = models.CharField(_("script"), max_length=100, blank=True)
    subject_type = models.CharField(_("sur"), max_length=20, blank=True)
    subject_id = models.PositiveBigIntegerField(null=True, blank=True)
    subject = models.CharField(_("sur"), max_length=200, blank=True)
    before = models.JSONField(_("avant"), default=dict, blank=True)
    after = models.JSONField(_("après"), default=dict, blank=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%d/%m/%Y %H:%M} {self.get_action_display()}"

    @property
    def actor(self) -> Actor:
        return Actor(
            kind=ActorKind(self.actor_kind), user=self.actor_user, script=self.actor_script
        )

    @property
    def actor_label(self) -> str:
        """Who acted, in words: « Arbitre : Anne Arbitre », « Script : … »."""
        return self.actor.label()


def journal_checks(
    prefix: str, actions: type[models.TextChoices], unknown_action: str
) -> list[models.CheckConstraint]:
    """A journal's checks, named ``<prefix>_…``: its action one of ``actions`` (else
    ``unknown_action``), who acted of a known kind, and named as that kind allows."""
    return [
        models.CheckConstraint(
            condition=Q(action__in=actions.values),
            name=f"{prefix}_action_known",
            violation_error_message=unknown_action,
        ),
        actor_kind_known(prefix),
        actor_named(prefix),
    ]


def actor_kind_known(prefix: str) -> models.CheckConstraint:
    """A journal's check, ``<prefix>_actor_kind_known``: who acted is one of ``ActorKind``."""
    return models.CheckConstraint(
        condition=Q(actor_kind__in=ActorKind.values),
        name=f"{prefix}_actor_kind_known",
        violation_error_message=_(
            "Auteur inconnu : ce doit être l'arbitre, une table, un script ou un visiteur."
        ),
    )


def actor_named(prefix: str) -> models.CheckConstraint:
    """A journal's check, ``<prefix>_actor_named``: who acted, always, and only as their kind
    allows: an account for the arbitre, a name for a script, neither for a table (which holds
    a code, not an account) nor for a visitor (no account, and no address kept)."""
    return models.CheckConstraint(
        # Each kind's rule on its own, so that an unknown kind is refused by the kind's own
        # check, in its own words.
        condition=(~Q(actor_kind="arbitre") | Q(actor_user__isnull=False, actor_script=""))
        & (~Q(actor_kind="table") | Q(actor_user__isnull=True, actor_script=""))
        & (~Q(actor_kind="script") | (Q(actor_user__isnull=True) & ~Q(actor_script="")))
        & (~Q(actor_kind="visitor") | Q(actor_user__isnull=True, actor_script="")),
        name=f"{prefix}_actor_named",
        violation_error_message=_(
            "L'auteur d'une ligne du journal est nommé selon ce qu'il est : l'arbitre "
            "par son compte, un script par son nom, une table par son seul numéro, un "
            "visiteur par rien."
        ),
    )
