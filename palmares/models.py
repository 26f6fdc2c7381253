"""A tournament's prize table: the pot, its rows by rank and by category, the ex aequo rule,
« un seul prix par joueur »; and, once paid, the prize list as it was locked.

The prize list itself is computed on reading (``palmares.selectors.prize_lists``), from the
tournament's ranking, by the pure ``prizes`` package: it moves with the ranking until the
arbitre locks it. Locked, it is kept as it was shown (``locked_list``) and no longer moves.
Money is a ``Decimal`` of two places, never a float.
"""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.models import JournalLine, journal_checks
from tournaments.models import Tournament

# The largest amount a row, a fee or a pot may hold: far above any club's prize, within the
# columns (8 digits, 2 of them decimals).
MAX_EUROS = Decimal("999999.99")


class PotKind(models.TextChoices):
    AMOUNTS = "montants", _("Montants fixes")
    TAKINGS = "recettes", _("Part des recettes")


class TieRule(models.TextChoices):
    SHARE = "partage", _("Partage")
    BEST_POSITION = "meilleure_position", _("Départage à la meilleure position")


class Category(models.TextChoices):
    SCRATCH = "general", _("Classement général")
    LADIES = "dames", _("Dames")
    YOUNG = "jeunes", _("Jeunes")
    SERIE = "serie", _("Série")


class PrizeTable(models.Model):
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="prize_table", verbose_name=_("tournoi")
    )
    pot_kind = models.CharField(
        _("dotation"), max_length=10, choices=PotKind, default=PotKind.AMOUNTS
    )
    # The entry fee, ours until registration brings its own (« droit d'inscription »).
    fee = models.DecimalField(
        _("droit d'inscription (€)"), max_digits=8, decimal_places=2, default=Decimal("0.00")
    )
    # The share of the takings paid out, for a pot of ``PotKind.TAKINGS``.
    percent = models.DecimalField(
        _("part des recettes (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    ties = models.CharField(_("ex æquo"), max_length=20, choices=TieRule, default=TieRule.SHARE)
    one_prize_each = models.BooleanField(_("un seul prix par joueur"), default=True)
    locked_at = models.DateTimeField(_("arrêté le"), null=True, blank=True)
    locked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arrêté par"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # The prize list as it was shown when locked (``PrizeList.snapshot``); empty while open.
    locked_list = models.JSONField(_("palmarès arrêté"), default=dict, blank=True)

    class Meta:
        verbose_name = _("tableau des prix")
        verbose_name_plural = _("tableaux des prix")
        constraints = [
            models.CheckConstraint(
                condition=Q(pot_kind__in=PotKind.values),
                name="prize_table_pot_kind_known",
                violation_error_message=_(
                    "Dotation inconnue : des montants fixes, ou une part des recettes."
                ),
            ),
            models.CheckConstraint(
                condition=Q(ties__in=TieRule.values),
                name="prize_table_ties_known",
                violation_error_message=_(
                    "Règle des ex æquo inconnue : le partage, ou le départage à la meilleure "
                    "position."
                ),
            ),
            models.CheckConstraint(
                condition=Q(fee__gte=0, fee__lte=MAX_EUROS),
                name="prize_table_fee_in_bounds",
                violation_error_message=_(
                    "Le droit d'inscription est un montant de 0 à 999 999,99 €."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(pot_kind=PotKind.TAKINGS)
                | Q(percent__isnull=False, percent__gte=0, percent__lte=100),
                name="prize_table_takings_share",
                violation_error_message=_(
                    "Une dotation en part des recettes dit sa part : de 0 à 100 %."
                ),
            ),
            models.CheckConstraint(
                condition=Q(locked_at__isnull=True, locked_by__isnull=True)
                | Q(locked_at__isnull=False),
                name="prize_table_locked_when_said",
                violation_error_message=_("Un palmarès arrêté dit quand il l'a été."),
            ),
        ]

    def __str__(self) -> str:
        return f"Prix : {self.tournament}"

    @property
    def locked(self) -> bool:
        return self.locked_at is not None


class PrizeRow(models.Model):
    """One row of the table: a prize for the n-th of its list (the scratch ranking, the
    ladies, the young, a série), as an amount (fixed pot) or a share of the pot (takings)."""

    table = models.ForeignKey(PrizeTable, on_delete=models.CASCADE, related_name="rows")
    order = models.PositiveSmallIntegerField(_("ordre"))
    category = models.CharField(
        _("liste"), max_length=10, choices=Category, default=Category.SCRATCH
    )
    serie = models.CharField(_("série"), max_length=30, blank=True, default="")
    amount = models.DecimalField(
        _("montant (€)"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    share = models.DecimalField(
        _("part de la dotation (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )

    class Meta:
        verbose_name = _("ligne du tableau des prix")
        verbose_name_plural = _("lignes du tableau des prix")
        ordering = ["table", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "order"],
                name="prize_row_order_unique",
                violation_error_message=_("Deux lignes du tableau ne peuvent avoir le même rang."),
            ),
            models.CheckConstraint(
                condition=Q(category__in=Category.values),
                name="prize_row_category_known",
                violation_error_message=_(
                    "Liste inconnue : le classement général, les dames, les jeunes ou une série."
                ),
            ),
            models.CheckConstraint(
                condition=(Q(category="serie") & ~Q(serie=""))
                | (~Q(category="serie") & Q(serie="")),
                name="prize_row_serie_named",
                violation_error_message=_("Un prix de série dit sa série (et lui seul)."),
            ),
            models.CheckConstraint(
                condition=Q(amount__isnull=False, share__isnull=True)
                | Q(amount__isnull=True, share__isnull=False),
                name="prize_row_amount_or_share",
                violation_error_message=_(
                    "Chaque ligne est un montant, ou une part de la dotation (pas les deux)."
                ),
            ),
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gte=0, amount__lte=MAX_EUROS),
                name="prize_row_amount_in_bounds",
                violation_error_message=_("Un prix est un montant de 0 à 999 999,99 €."),
            ),
            models.CheckConstraint(
                condition=Q(share__isnull=True) | Q(share__gte=0, share__lte=100),
                name="prize_row_share_in_bounds",
                violation_error_message=_("Une part de la dotation va de 0 à 100 %."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_category_display()} {self.order}"


class PrizeAction(models.TextChoices):
    """Every action the prizes' journal records, with its French label."""

    TABLE_SET = "prizes.set", _("Tableau des prix enregistré")
    LIST_LOCKED = "prizes.locked", _("Palmarès arrêté")
    LIST_UNLOCKED = "prizes.unlocked", _("Palmarès rouvert")
    DOCUMENT_ASKED = "document.asked", _("Document demandé")
    DOCUMENT_FAILED = "document.failed", _("Document non préparé")
    DOCUMENT_RETRIED = "document.retried", _("Document demandé de nouveau")


class PrizeJournalEntry(JournalLine):
    """One write to a tournament's prize table or list: who set the table, locked the list,
    unlocked it and why. Kept by the tournament, shown on the prize table's page."""

    Action = PrizeAction

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prize_journal"
    )
    action = models.CharField(_("action"), max_length=40, choices=PrizeAction)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal des prix")
        verbose_name_plural = _("entrées du journal des prix")
        indexes = [
            models.Index(fields=["tournament", "-at", "-id"], name="prize_journal_tournament_at"),
        ]
        constraints = journal_checks(
            "prize_journal", PrizeAction, _("Action du journal des prix inconnue.")
        )
