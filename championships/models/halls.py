"""A championship's halls (« salles ») and the roles the club's arbitres give for one
tournament: « arbitre de salle » (one hall's room) and « pointeur » (check-in).

The championship's (championships/, above tournaments/): it names the tournament by its label,
so it needs nothing of it.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.constraints import numbered, one_of


class Hall(models.Model):
    """One hall of a tournament and its range of tables, ``first_table`` to ``last_table``.

    Table numbers are the event's: a position numbers its tables 1, 2, 3… across every hall,
    and table 37 is in the hall whose range holds 37. A tournament without halls is one room,
    as it always was. The ranges do not overlap (``services.halls`` checks it: SQLite has no
    exclusion constraint).
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="halls"
    )
    number = models.PositiveSmallIntegerField(_("numéro"))
    name = models.CharField(_("nom"), max_length=60)
    first_table = models.PositiveSmallIntegerField(_("de la table"))
    last_table = models.PositiveSmallIntegerField(_("à la table"))

    class Meta:
        verbose_name = _("salle")
        verbose_name_plural = _("salles")
        db_table = "tournaments_hall"  # the table keeps its name (championships 0001)
        ordering = ["tournament", "first_table"]
        constraints = [
            *numbered(
                "hall",
                within="tournament",
                taken=_("Ce tournoi a déjà une salle de ce numéro."),
                from_one=_("Les salles se numérotent à partir de 1."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="hall_name_unique",
                violation_error_message=_("Une salle de ce tournoi porte déjà ce nom."),
            ),
            models.CheckConstraint(
                condition=Q(first_table__gte=1) & Q(last_table__gte=F("first_table")),
                name="hall_tables_in_order",
                violation_error_message=_(
                    "Les tables d'une salle vont de la première à la dernière, à partir de 1."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def holds(self, table_number: int) -> bool:
        return self.first_table <= table_number <= self.last_table


class Role(models.TextChoices):
    HALL_ARBITRE = "salle", _("arbitre de salle")
    POINTEUR = "pointeur", _("pointeur")


class TournamentRole(models.Model):
    """An account's role in one tournament, given by one of the club's arbitres.

    An « arbitre de salle » runs the room of their hall only; a « pointeur » checks players
    in. The club's arbitres keep every right without a role.
    """

    Kind = Role

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("compte"),
        on_delete=models.CASCADE,
        related_name="tournament_roles",
    )
    role = models.CharField(_("rôle"), max_length=8, choices=Role)
    hall = models.ForeignKey(
        Hall,
        verbose_name=_("salle"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="roles",
    )

    class Meta:
        verbose_name = _("rôle dans un tournoi")
        verbose_name_plural = _("rôles dans un tournoi")
        db_table = "tournaments_tournamentrole"  # the table keeps its name
        ordering = ["tournament", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                name="tournament_role_once",
                violation_error_message=_("Ce compte a déjà un rôle dans ce tournoi."),
            ),
            one_of("tournament_role", "role", Role, _("Rôle inconnu : ce doit être {allowed}.")),
            models.CheckConstraint(
                condition=(Q(role="salle") & Q(hall__isnull=False))
                | (Q(role="pointeur") & Q(hall__isnull=True)),
                name="tournament_role_hall",
                violation_error_message=_(
                    "Un arbitre de salle a sa salle ; un pointeur n'en a pas."
                ),
            ),
        ]

    def __str__(self) -> str:
        if self.hall_id:
            return f"{self.user} : {self.get_role_display()} ({self.hall})"
        return f"{self.user} : {self.get_role_display()}"

    @property
    def acting_as(self) -> str:
        """The role as the journal names who acted under it: « Arbitre de salle (Salle B) »,
        « Pointeur ». Kept in words with each entry: the hall may be renamed or the role
        taken back later, and the entry still says what its author was then."""
        if self.hall_id:
            return _("Arbitre de salle (%(hall)s)") % {"hall": self.hall.name}
        return str(_("Pointeur"))
