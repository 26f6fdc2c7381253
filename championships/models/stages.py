"""A championship's stages (« phases »): the table of them, each a run of the tournament's
positions with its cut to the next stage and what it carries over from the previous one.

The championship's (championships/, above tournaments/): it names the tournament by its label,
so it needs nothing of it.
"""

from fractions import Fraction

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from tournaments.constraints import numbered

# One table of 3 is the smallest field that can play a position.
SMALLEST_FIELD = 3


class Stage(models.Model):
    """One stage of a tournament: ``positions_count`` positions following the previous
    stage's, played by every checked-in player for the first stage and by the players the
    previous stage's cut qualified after it.

    ``cut`` is how many players go on to the next stage (the first ``cut`` of this stage's
    ranking, ex aequo at the line all qualify), or, with ``cut_per_hall``, how many of each
    hall; None for the last stage. ``carry_numerator`` / ``carry_denominator`` is the share
    of the previous stage's total a player starts this stage with (0/1 nothing, 1/1 all of
    it, 1/2 half, rounded to the point); the first stage carries nothing.
    A tournament without stages is one stage of all its positions, as it always was.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="stages"
    )
    number = models.PositiveSmallIntegerField(_lazy("numéro"))
    name = models.CharField(_lazy("nom"), max_length=60)
    positions_count = models.PositiveSmallIntegerField(_lazy("nombre de positions"))
    cut = models.PositiveSmallIntegerField(
        _lazy("qualifiés pour la phase suivante"), null=True, blank=True
    )
    cut_per_hall = models.BooleanField(_lazy("par salle"), default=False)
    carry_numerator = models.PositiveSmallIntegerField(_lazy("report (numérateur)"), default=0)
    carry_denominator = models.PositiveSmallIntegerField(_lazy("report (dénominateur)"), default=1)

    class Meta:
        verbose_name = _lazy("phase")
        verbose_name_plural = _lazy("phases")
        db_table = "tournaments_stage"  # the table keeps its name (championships 0001)
        ordering = ["tournament", "number"]
        constraints = [
            *numbered(
                "stage",
                within="tournament",
                taken=_lazy("Ce tournoi a déjà une phase de ce numéro."),
                from_one=_lazy("Les phases se numérotent à partir de 1."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="stage_name_unique",
                violation_error_message=_lazy("Une phase de ce tournoi porte déjà ce nom."),
            ),
            models.CheckConstraint(
                condition=Q(positions_count__gte=1),
                name="stage_has_positions",
                violation_error_message=_lazy("Une phase se joue en une position au moins."),
            ),
            models.CheckConstraint(
                condition=Q(cut__isnull=True) | Q(cut__gte=SMALLEST_FIELD),
                name="stage_cut_one_table",
                violation_error_message=_lazy(
                    "La phase suivante se joue à une table au moins : 3 qualifiés au minimum."
                ),
            ),
            models.CheckConstraint(
                condition=Q(cut_per_hall=False) | Q(cut__isnull=False),
                name="stage_cut_per_hall_has_cut",
                violation_error_message=_lazy(
                    "Une qualification par salle dit combien de joueurs de chaque salle."
                ),
            ),
            models.CheckConstraint(
                condition=Q(carry_denominator__gte=1)
                & Q(carry_numerator__lte=F("carry_denominator")),
                name="stage_carry_over_fraction",
                violation_error_message=_lazy(
                    "Le report est une part du total : rien, une fraction ou le tout."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(number=1) | Q(carry_numerator=0),
                name="stage_first_carries_nothing",
                violation_error_message=_lazy(
                    "La première phase ne reporte rien : aucune phase ne la précède."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def carry_over(self) -> Fraction:
        return Fraction(self.carry_numerator, self.carry_denominator)

    @property
    def carry_over_label(self) -> str:
        """The carry-over in words, as the ranking states it."""
        return carry_over_words(self.carry_over)


FRACTION_WORDS = {
    Fraction(1, 2): _lazy("la moitié"),
    Fraction(1, 3): _lazy("le tiers"),
    Fraction(2, 3): _lazy("les deux tiers"),
    Fraction(1, 4): _lazy("le quart"),
    Fraction(3, 4): _lazy("les trois quarts"),
}


def carry_over_words(share: Fraction) -> str:
    """« Sans report des points de la phase précédente », « Report de la moitié du total de la
    phase précédente, arrondi au point »…"""
    if share == 0:
        return _("Sans report des points de la phase précédente")
    if share == 1:
        return _("Report du total de la phase précédente")
    words = FRACTION_WORDS.get(share) or f"{share.numerator}/{share.denominator}"
    return _("Report de %(share)s du total de la phase précédente, arrondi au point") % {
        "share": words
    }
