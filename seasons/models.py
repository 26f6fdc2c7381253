"""A club's season: a named span of its evenings, ranked by the method its arbitre picks.

The ranking itself is computed on reading (``seasons.selectors.ranking``), from the evenings'
own rankings: nothing of it is stored, so a deal corrected or a penalty given shows in the
season at once. What is stored is the season's rules, and the evenings it was told to count.
"""

import datetime

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from common.choices import labelled
from common.models import JournalLine, journal_checks
from scoring import season as arithmetic
from tournaments.models import Tournament

# How a season ranks its evenings: ``scoring.season.Method``'s values, with their French words.
Method = labelled(
    arithmetic.Method,
    {
        arithmetic.Method.CUMUL: _("Cumul"),
        arithmetic.Method.PLACE_POINTS: _("Points de place"),
        arithmetic.Method.AVERAGE: _("Moyenne"),
    },
    module=__name__,
)


def method_words(method: str) -> str:
    """A ranking method in plain French, as the season's form and its page say it."""
    if method == Method.CUMUL:
        return _(
            "Chaque joueur additionne ses totaux de chaque soirée (pénalités comprises) : plus "
            "on vient, plus on peut marquer."
        )
    if method == Method.PLACE_POINTS:
        return _(
            "Chaque soirée donne des points selon la place : %(top)s au premier, 0 au dernier, "
            "et entre les deux (N − place) ÷ (N − 1) × %(top)s, N étant le nombre de joueurs "
            "classés ce soir-là. Des ex æquo se partagent la moyenne de leurs places. Le score "
            "est la somme de ces points."
        ) % {"top": arithmetic.PLACE_POINTS_MAX}
    return _(
        "Le score est la moyenne des totaux des soirées jouées (pénalités comprises) : venir "
        "souvent ne suffit pas, il faut bien jouer."
    )


class Season(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(_("nom"), max_length=200)
    start = models.DateField(_("début"))
    end = models.DateField(_("fin"))
    method = models.CharField(
        _("méthode de classement"), max_length=16, choices=Method, default=Method.PLACE_POINTS
    )
    # K: only the best K evenings count (empty: all of them).
    best = models.PositiveSmallIntegerField(_("meilleures soirées retenues"), null=True, blank=True)
    # M: a player needs M evenings to be ranked; those below are listed apart.
    minimum = models.PositiveSmallIntegerField(_("soirées minimum pour être classé"), default=1)
    # False: every published tournament of the club within the dates. True: only those chosen.
    chosen = models.BooleanField(_("soirées choisies une à une"), default=False)
    tournaments = models.ManyToManyField(
        Tournament, verbose_name=_("soirées"), related_name="seasons", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("saison")
        verbose_name_plural = _("saisons")
        ordering = ["-start", "name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("La saison ne peut pas finir avant de commencer."),
            ),
            models.CheckConstraint(
                condition=Q(best__isnull=True) | Q(best__gte=1),
                name="season_best_at_least_one",
                violation_error_message=_(
                    "Les meilleures soirées retenues sont au moins 1 (ou toutes, champ vide)."
                ),
            ),
            models.CheckConstraint(
                condition=Q(minimum__gte=1),
                name="season_minimum_at_least_one",
                violation_error_message=_("Il faut au moins 1 soirée pour être classé."),
            ),
            models.CheckConstraint(
                condition=Q(method__in=Method.values),
                name="season_method_known",
                violation_error_message=_(
                    "Méthode inconnue : ce doit être Cumul, Points de place ou Moyenne."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def has_ended(self, today: datetime.date | None = None) -> bool:
        return self.end < (today or timezone.localdate())

    @property
    def method_words(self) -> str:
        return method_words(self.method)

    @property
    def place_points_max(self) -> int:
        """What the first of an evening gets in place points (``scoring.season``)."""
        return arithmetic.PLACE_POINTS_MAX


class RecountReason(models.TextChoices):
    DELETED = "deleted", _("supprimée")
    HIDDEN = "hidden", _("retirée du public")


class Recount(models.Model):
    """A season's ranking recomputed without an evening it counted: the evening was deleted
    or hidden. The season page says so, with when and which evening."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="recounts")
    # The evening itself while it exists: hidden, then published again, it counts again and
    # its notice goes (a deleted evening keeps only its name, below).
    tournament = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(_("le"))
    evening = models.CharField(_("soirée"), max_length=250)
    reason = models.CharField(_("motif"), max_length=8, choices=RecountReason)

    class Meta:
        verbose_name = _("recalcul")
        verbose_name_plural = _("recalculs")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.season} : {self.evening} ({self.reason})"


class SeasonAction(models.TextChoices):
    """Every action the seasons' journal records, with its French label."""

    SEASON_CREATED = "season.created", _("Saison créée")
    SEASON_UPDATED = "season.updated", _("Saison modifiée")
    SEASON_RECOUNTED = "season.recounted", _("Saison recalculée sans une soirée")
    SEASON_DELETED = "season.deleted", _("Saison supprimée")
    DOCUMENT_ASKED = "document.asked", _("Document demandé")
    DOCUMENT_FAILED = "document.failed", _("Document non préparé")
    DOCUMENT_RETRIED = "document.retried", _("Document demandé de nouveau")


class SeasonJournalEntry(JournalLine):
    """One write to a club's season, for the club's journal page (beside the club's own
    entries, ``clubs.models.ClubJournalEntry``): who did what to which season, when, and the
    fields it changed. Kept by the club, so that a season deleted keeps its lines; the season
    is the subject, named in words as it was then.

    Every service that changes a season writes one entry in its own transaction
    (``seasons.services.journal.record``), so an entry exists exactly when the write does.
    """

    Action = SeasonAction

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="season_journal")
    action = models.CharField(_("action"), max_length=40, choices=SeasonAction)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal des saisons")
        verbose_name_plural = _("entrées du journal des saisons")
        indexes = [
            # The club's journal page: its seasons' entries newest first.
            models.Index(fields=["club", "-at", "-id"], name="season_journal_club_at"),
        ]
        constraints = journal_checks(
            "season_journal", SeasonAction, _("Action du journal des saisons inconnue.")
        )
