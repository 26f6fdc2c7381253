"""The draws of a tournament's seatings, each committed before it is made and public after
(docs/tirage.md).

The championship's (championships/, above tournaments/): it names the tournament by its label,
so it needs nothing of it.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Draw(models.Model):
    """One draw of a position's seating: its commitment, fixed and shown before the draw;
    then what went into the seed and what came out; the secret, kept hidden until the plan
    is published (or the draw abandoned for another).

    ``attempt`` counts the draws of one position: « tirage n° 2 » needs its ``reason``.
    ``room_seed`` is « la graine de la salle »: digits typed by a player or dice thrown in
    the room, entered once the commitment is shown, part of the seed from version 3.
    ``input`` is the public input document (players by licence, the meetings so far),
    ``plan`` the positions the draw seated (player ids by table, in seat order), ``swaps``
    the pairs of players exchanged by hand after it (with when, by whom, why, and the
    meetings they repeat). ``committed_unpublished``: the tournament was not public when
    the commitment was fixed, so only the room saw it.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="draws"
    )
    position_number = models.PositiveSmallIntegerField(_("position"))
    attempt = models.PositiveSmallIntegerField(_("tirage n°"))
    reason = models.CharField(_("motif du nouveau tirage"), max_length=300, blank=True)
    secret = models.CharField(_("secret"), max_length=64)
    commitment = models.CharField(_("engagement"), max_length=64, unique=True)
    committed_at = models.DateTimeField(_("engagement fixé le"))
    committed_unpublished = models.BooleanField(
        _("engagement fixé avant la publication du tournoi"), default=False
    )
    room_seed = models.CharField(_("graine de la salle"), max_length=40, blank=True)
    room_seed_at = models.DateTimeField(_("graine de la salle saisie le"), null=True, blank=True)
    generator = models.CharField(_("version du générateur"), max_length=40, blank=True)
    input = models.JSONField(_("données d'entrée"), null=True, blank=True)
    input_fingerprint = models.CharField(_("empreinte des données"), max_length=64, blank=True)
    seed = models.CharField(_("graine"), max_length=16, blank=True)
    plan = models.JSONField(_("placement tiré"), null=True, blank=True)
    plan_fingerprint = models.CharField(_("empreinte du placement"), max_length=64, blank=True)
    swaps = models.JSONField(_("échanges à la main"), default=list, blank=True)
    drawn_at = models.DateTimeField(_("tiré le"), null=True, blank=True)
    revealed_at = models.DateTimeField(_("secret révélé le"), null=True, blank=True)
    seating_published_at = models.DateTimeField(_("placement publié le"), null=True, blank=True)

    class Meta:
        verbose_name = _("tirage")
        verbose_name_plural = _("tirages")
        db_table = "tournaments_draw"  # the table keeps its name (championships 0001)
        ordering = ["tournament", "position_number", "attempt"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position_number", "attempt"],
                name="draw_attempt_unique",
                violation_error_message=_("Cette position a déjà un tirage de ce numéro."),
            ),
            models.CheckConstraint(
                condition=Q(attempt__gte=1) & Q(position_number__gte=1),
                name="draw_numbers_positive",
                violation_error_message=_("Tirages et positions se comptent à partir de 1."),
            ),
            models.CheckConstraint(
                condition=Q(attempt=1) | ~Q(reason=""),
                name="draw_again_has_reason",
                violation_error_message=_("Un nouveau tirage se fait avec son motif, écrit."),
            ),
            models.CheckConstraint(
                condition=(Q(room_seed="") & Q(room_seed_at__isnull=True))
                | (Q(room_seed__regex=r"^[0-9]{4,40}$") & Q(room_seed_at__isnull=False)),
                name="draw_room_seed_digits",
                violation_error_message=_(
                    "La graine de la salle compte de 4 à 40 chiffres, avec l'heure de sa saisie."
                ),
            ),
            models.CheckConstraint(
                condition=Q(drawn_at__isnull=True)
                | Q(generator__in=["tarot-seating-1", "tarot-seating-2"])
                | ~Q(room_seed=""),
                name="draw_has_room_seed",
                violation_error_message=_("Ce tirage se fait avec la graine de la salle."),
            ),
            models.CheckConstraint(
                condition=Q(revealed_at__isnull=True) | Q(drawn_at__isnull=False),
                name="draw_revealed_once_drawn",
                violation_error_message=_("Le secret d'un tirage se révèle une fois tiré."),
            ),
        ]

    def __str__(self) -> str:
        return _("Position %(position)s, tirage n° %(attempt)s") % {
            "position": self.position_number,
            "attempt": self.attempt,
        }

    @property
    def is_drawn(self) -> bool:
        return self.drawn_at is not None

    @property
    def is_revealed(self) -> bool:
        return self.revealed_at is not None
