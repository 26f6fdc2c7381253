"""Online registration: what a tournament offers (``Opening``), each person's entry
(``Entry``), and the journal of both (``EntryJournalEntry``).

An entry is a person's answer to the form: registered (a place, and the tournament's own
registration), on the waiting list (in order of arrival), or no longer (withdrawn, cancelled
by the arbitre, or a club member's « je ne viens pas »). The database holds the rules that no
race may break: one live entry per player and tournament, one rank per waiting place.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member, Player
from common.models import JournalLine, journal_checks
from tournaments.models import Registration, Tournament


class Eligibility(models.TextChoices):
    EVERYONE = "everyone", _("Tout le monde")
    LICENSED = "licensed", _("Les licenciés FFT seulement")
    MEMBERS = "members", _("Les membres du club seulement")


class Opening(models.Model):
    """A tournament's online registration: when, how many, who."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="opening")
    opens_at = models.DateTimeField(_("ouverture des inscriptions"))
    closes_at = models.DateTimeField(_("clôture des inscriptions"))
    capacity = models.PositiveIntegerField(
        _("nombre de places"),
        null=True,
        blank=True,
        help_text=_("Laissez vide pour ne pas limiter les places."),
    )
    eligibility = models.CharField(
        _("qui peut s'inscrire"), max_length=10, choices=Eligibility, default=Eligibility.EVERYONE
    )
    note = models.TextField(
        _("message affiché sur le formulaire"), max_length=1000, blank=True, default=""
    )

    class Meta:
        verbose_name = _("inscriptions en ligne")
        verbose_name_plural = _("inscriptions en ligne")
        constraints = [
            models.CheckConstraint(
                condition=Q(closes_at__gt=models.F("opens_at")),
                name="opening_closes_after_it_opens",
                violation_error_message=_(
                    "La clôture des inscriptions vient après leur ouverture."
                ),
            ),
            models.CheckConstraint(
                condition=Q(capacity__isnull=True) | Q(capacity__gte=1),
                name="opening_capacity_positive",
                violation_error_message=_("Un tournoi limité compte au moins une place."),
            ),
            models.CheckConstraint(
                condition=Q(eligibility__in=Eligibility.values),
                name="opening_eligibility_known",
                violation_error_message=_("Choix inconnu pour « qui peut s'inscrire »."),
            ),
        ]

    def __str__(self) -> str:
        return str(_("Inscriptions en ligne : %(tournament)s") % {"tournament": self.tournament})


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("Inscrit(e)")
    WAITING = "waiting", _("En liste d'attente")
    WITHDRAWN = "withdrawn", _("Désisté(e)")
    CANCELLED = "cancelled", _("Annulée par l'arbitre")
    DECLINED = "declined", _("Ne vient pas")


LIVE = (EntryStatus.REGISTERED, EntryStatus.WAITING)


class Entry(models.Model):
    """One person's entry in one tournament, as they typed it, and where it stands."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # The directory's record; none while the name is another record's too and the arbitre has
    # not said whether it is them (as the CSV import holds such a row).
    # A record merged into another (« Fusionner ») leaves its entries to the record kept
    # (entries/signals.py); one deleted otherwise leaves them held, as typed.
    player = models.ForeignKey(
        Player,
        verbose_name=_("joueur"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
    )
    registration = models.OneToOneField(
        Registration,
        verbose_name=_("inscription au tournoi"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entry",
    )
    last_name = models.CharField(_("nom"), max_length=100)
    first_name = models.CharField(_("prénom"), max_length=100)
    licence = models.CharField(_("n° de licence FFT"), max_length=20, blank=True, default="")
    club = models.CharField(_("club"), max_length=200, blank=True, default="")
    email = models.EmailField(_("adresse e-mail"), max_length=254)
    status = models.CharField(
        _("état"), max_length=10, choices=EntryStatus, default=EntryStatus.REGISTERED
    )
    # Order of arrival on the waiting list (the arbitre may move it): the smallest comes first.
    rank = models.PositiveIntegerField(_("rang en liste d'attente"), null=True, blank=True)
    created_at = models.DateTimeField(_("reçue le"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("adresse confirmée le"), null=True, blank=True)
    reminded_at = models.DateTimeField(_("rappel envoyé le"), null=True, blank=True)
    # The withdrawal link's one use: a new nonce each time the link is sent, cleared once used.
    withdraw_nonce = models.CharField(max_length=32, blank=True, default="", editable=False)

    class Meta:
        verbose_name = _("inscription en ligne")
        verbose_name_plural = _("inscriptions en ligne")
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status__in=LIVE),
                name="entry_player_once",
                violation_error_message=_("Déjà inscrit(e) à ce tournoi."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "rank"],
                condition=Q(status=EntryStatus.WAITING),
                name="entry_rank_once",
                violation_error_message=_("Ce rang de la liste d'attente est déjà pris."),
            ),
            models.CheckConstraint(
                condition=Q(status__in=EntryStatus.values),
                name="entry_status_known",
                violation_error_message=_("État d'inscription inconnu."),
            ),
            models.CheckConstraint(
                condition=~Q(status=EntryStatus.WAITING) | Q(rank__isnull=False),
                name="entry_waiting_ranked",
                violation_error_message=_("Une inscription en attente a son rang."),
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status"], name="entry_tournament_status")]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name}"

    @property
    def held(self) -> bool:
        """Waiting for the arbitre to say who the directory's record is."""
        return self.player_id is None and self.status in LIVE


class EntryAction(models.TextChoices):
    OPENING_SET = "opening_set", _("Inscriptions en ligne réglées")
    OPENING_CLOSED = "opening_closed", _("Inscriptions closes plus tôt")
    ENTERED = "entered", _("Inscription en ligne")
    WAITLISTED = "waitlisted", _("Mise en liste d'attente")
    PROMOTED = "promoted", _("Passage de la liste d'attente aux inscrits")
    WITHDRAWN = "withdrawn", _("Désistement")
    CANCELLED = "cancelled", _("Inscription annulée")
    MOVED = "moved", _("Rang changé en liste d'attente")
    RESOLVED = "resolved", _("Fiche du joueur choisie")
    CONFIRMED = "confirmed", _("Adresse e-mail confirmée")
    DECLINED = "declined", _("Ne vient pas")
    REMINDED = "reminded", _("Rappel envoyé la veille")


class EntryJournalEntry(JournalLine):
    """One write to a tournament's online registration: who, what, on which entry, when."""

    Action = EntryAction

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entry_journal"
    )
    action = models.CharField(_("action"), max_length=40, choices=EntryAction)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal des inscriptions en ligne")
        verbose_name_plural = _("entrées du journal des inscriptions en ligne")
        indexes = [
            models.Index(fields=["tournament", "-at", "-id"], name="entry_journal_tournament_at")
        ]
        constraints = journal_checks(
            "entry_journal", EntryAction, _("Action du journal des inscriptions inconnue.")
        )


class MemberLink(models.Model):
    """A club member's own page of the club's evenings, reached by a signed link that names
    the membership and this key (``entries.links.member_token``). Sending the link again sends
    the same one; a new key (the arbitre's « Renouveler le lien ») ends every link sent
    before. The membership taken off the club takes its link with it."""

    member = models.OneToOneField(Member, on_delete=models.CASCADE, related_name="evenings_link")
    key = models.CharField(max_length=32, editable=False)
    sent_at = models.DateTimeField(_("lien envoyé le"), null=True, blank=True)

    class Meta:
        verbose_name = _("lien des soirées d'un membre")
        verbose_name_plural = _("liens des soirées des membres")
        constraints = [
            models.CheckConstraint(
                condition=~Q(key=""),
                name="member_link_key_set",
                violation_error_message=_("Le lien des soirées d'un membre a sa clé."),
            ),
        ]

    def __str__(self) -> str:
        return str(self.member)


class MemberLinkAction(models.TextChoices):
    SENT = "link.sent", _("Lien des soirées envoyé aux membres")
    RENEWED = "link.renewed", _("Lien des soirées d'un membre renouvelé")


class MemberLinkJournalEntry(JournalLine):
    """One write to the club's members' links: who sent them, or renewed one, to whom, when.
    The club's own journal keeps the club's writes; this one is the online registration's."""

    Action = MemberLinkAction

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="member_link_journal")
    action = models.CharField(_("action"), max_length=40, choices=MemberLinkAction)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal des liens des membres")
        verbose_name_plural = _("entrées du journal des liens des membres")
        indexes = [models.Index(fields=["club", "-at", "-id"], name="member_link_journal_club")]
        constraints = journal_checks(
            "member_link_journal", MemberLinkAction, _("Action du journal des liens inconnue.")
        )
