"""The tournament's journal's table: one entry for every write to a tournament.

Kept apart from ``tournaments.models`` (which imports it) to hold that module under its size;
it names the tournament by its label, so it needs nothing of it.
"""

from dataclasses import replace

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.actors import Actor, ActorKind
from common.models import JournalLine, actor_named
from tournaments.choices import OUTSIDE_THE_SEATING, QUIET_ACTIONS, JournalAction
from tournaments.constraints import one_of


class JournalEntry(JournalLine):
    """One write to a tournament, for its journal: who did what, on what, when, and the
    fields it changed (before and after), in the manner of pretix's ``log_action``.

    A club's own writes (the club, its arbitres, its members, its seasons) have their journal
    below (``clubs.models.ClubJournalEntry``), which keeps its entries by the same rules.
    Every service that changes a tournament writes one entry in its own transaction
    (``tournaments.services.journal.record``), so an entry exists exactly when the write does.
    The position and the table are kept by number, not by key: a seating drawn again deletes
    its tables, and the journal still tells what happened at table 3 of position 2. The
    subject (the registration, seat, deal or penalty) is named in words as it was then, since
    it may be deleted since (a player taken off the list, a deal deleted).
    """

    Action = JournalAction

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="journal"
    )
    action = models.CharField(_("action"), max_length=40, choices=JournalAction)
    position_number = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    # The role an account acted under (``Actor.role``: « Arbitre de salle (Salle B) »,
    # « Pointeur »), in words as it was then; empty for the club's arbitres.
    actor_role = models.CharField(_("rôle"), max_length=100, blank=True)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal")
        verbose_name_plural = _("entrées du journal")
        indexes = [
            # The journal page: a tournament's entries newest first, or one position's, or
            # one table's of one position.
            models.Index(fields=["tournament", "-at", "-id"], name="journal_tournament_at"),
            models.Index(
                fields=["tournament", "position_number", "table_number", "-at", "-id"],
                name="journal_position_table_at",
            ),
            # The tournament's stamp (``selectors/standings.py``): its entries but the quiet
            # ones, counted from the index alone.
            models.Index(
                fields=["tournament", "id"],
                condition=~Q(action__in=QUIET_ACTIONS),
                name="journal_stamp",
            ),
            # The stamp of who plays where (``seating_stamp``): its entries but the quiet ones
            # and the tables' play (no deal saved writes to this index).
            models.Index(
                fields=["tournament", "id"],
                condition=~Q(action__in=OUTSIDE_THE_SEATING),
                name="journal_seating_stamp",
            ),
        ]
        constraints = [
            one_of(
                "journal", "action", JournalAction, _("Action du journal inconnue : {allowed}.")
            ),
            one_of(
                "journal",
                "actor_kind",
                ActorKind,
                _("Auteur inconnu : ce doit être {allowed}."),
            ),
            actor_named("journal"),
            models.CheckConstraint(
                condition=Q(actor_role="") | Q(actor_kind=ActorKind.ARBITRE),
                name="journal_role_of_an_account",
                violation_error_message=_(
                    "Seul un compte agit sous un rôle : une table ou un script n'en a pas."
                ),
            ),
            models.CheckConstraint(
                condition=Q(table_number__isnull=True) | Q(position_number__isnull=False),
                name="journal_table_within_position",
                violation_error_message=_(
                    "Une table du journal est toujours celle d'une position."
                ),
            ),
            models.CheckConstraint(
                condition=Q(position_number__isnull=True) | Q(position_number__gte=1),
                name="journal_position_number_positive",
                violation_error_message=_("Les positions se comptent à partir de 1."),
            ),
        ]

    @property
    def actor(self) -> Actor:
        return replace(super().actor, role=self.actor_role)

    @property
    def actor_label(self) -> str:
        """Who acted, in words: « Arbitre : Anne Arbitre », « Arbitre de salle (Salle B) :
        Paul Durand », « Table 3 », « Script : … »."""
        return self.actor.label(self.table_number)
