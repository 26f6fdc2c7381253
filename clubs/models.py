"""The club: a name, a town, its arbitres (the accounts that run its tournaments) and its
members, players of the directory every club shares, keyed by the FFT licence (docs,
« Le club »).

``clubs`` sits below ``tournaments``: a tournament names its club and registers the
directory's players; a club knows nothing of tournaments.
"""

import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q, Value
from django.db.models.functions import Trim
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _

from common import names
from common.models import JournalLine, journal_checks


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


def validate_licence(value: str) -> None:
    """An FFT licence is written in digits only (« 0412345 »), or left empty: the licence is
    the directory's key across clubs, so a typo of letters would make a second person. The
    one rule, run by the model's checks, every form that types a licence and the CSV import."""
    if value and not (value.isascii() and value.isdigit()):
        raise ValidationError(
            _("Une licence FFT ne s'écrit qu'avec des chiffres."), code="licence_digits"
        )


class Player(models.Model):
    """A player of the directory every club shares, found again by their FFT licence."""

    last_name = models.CharField(_("nom"), max_length=100)
    first_name = models.CharField(_("prénom"), max_length=100)
    licence = models.CharField(
        _("n° de licence FFT"), max_length=20, blank=True, default="", validators=[validate_licence]
    )
    club = models.CharField(_("club"), max_length=200, blank=True)
    # What the federation's licence list says of the player (docs, « La liste des licences »),
    # written as the list writes it: the ranking and the prizes filter and group by them.
    serie = models.CharField(_("série"), max_length=30, blank=True, default="")
    categorie = models.CharField(_("catégorie"), max_length=30, blank=True, default="")
    sex = models.CharField(
        _("sexe"), max_length=1, blank=True, default="", choices=[("F", _("F")), ("M", _("M"))]
    )
    born_on = models.DateField(_("date de naissance"), null=True, blank=True)
    # A record made where the licence typed belongs to a player the club may not see: it
    # keeps the licence as typed, and waits for the administrator to reconcile the two
    # records (docs, « Players, clubs and tenancy »). Only the other records are unique.
    licence_pending = models.BooleanField(_("licence à rapprocher"), default=False)
    # Both names folded (accents, case and ligatures aside) for searching: see
    # common/names.py. Written by save(), whoever saves the player.
    search_name = models.CharField(
        max_length=names.SEARCH_NAME_MAX_LENGTH, editable=False, default="", db_index=True
    )

    class Meta:
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")
        # The table made when the directory was the tournaments': kept, rows and all, since
        # the model moved down to clubs (tournaments 0019, a move of the model alone).
        db_table = "tournaments_player"
        ordering = ["search_name", "pk"]
        constraints = [
            # A licence number identifies one player; players without one are many.
            models.UniqueConstraint(
                fields=["licence"],
                condition=~Q(licence="") & Q(licence_pending=False),
                name="player_licence_unique",
                violation_error_message=_("Ce n° de licence FFT est déjà celui d'un autre joueur."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name}"

    def save(self, *args, **kwargs) -> None:
        self.search_name = names.search_name(last_name=self.last_name, first_name=self.first_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"last_name", "first_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_name"}
        super().save(*args, **kwargs)


class Member(models.Model):
    """A player's membership of a club: the club's list of its players.

    The name and licence are the player's, in the directory every club shares; the club keeps
    who is a member, since when, and the address it writes to them at (its own data, never
    shown publicly nor in any JSON: the link to their evenings goes there).
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    joined_at = models.DateTimeField(_("membre depuis le"), auto_now_add=True)
    email = models.EmailField(_("adresse e-mail"), max_length=254, blank=True, default="")

    class Meta:
        verbose_name = _("membre")
        verbose_name_plural = _("membres")
        # Kept from when the membership lived in tournaments (see Player's table).
        db_table = "tournaments_member"
        ordering = ["club", "player__search_name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"],
                name="member_once_per_club",
                violation_error_message=_("Ce joueur est déjà membre du club."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.club})"


class ClubAction(models.TextChoices):
    """Every action the club's journal records, with its French label: the club's own writes.
    The apps above keep journals of their own (a tournament's, the seasons')."""

    CLUB_CREATED = "club.created", _("Club créé")
    CLUB_UPDATED = "club.updated", _("Club modifié")
    CLUB_ARBITRE_ADDED = "club.arbitre_added", _("Arbitre ajouté au club")
    CLUB_ARBITRE_REMOVED = "club.arbitre_removed", _("Arbitre retiré du club")
    MEMBER_ADDED = "member.added", _("Membre ajouté")
    MEMBER_UPDATED = "member.updated", _("Membre corrigé")
    MEMBER_REMOVED = "member.removed", _("Membre retiré")
    PLAYERS_MERGED = "player.merged", _("Fiches d'un même joueur fusionnées")
    ACCOUNT_CREATED = "account.created", _("Compte créé (équipe d'arbitrage)")
    LICENCES_IMPORTED = "licences.imported", _("Liste des licences importée")


class ClubJournalEntry(JournalLine):
    """One write to a club, for its journal: the club itself, its arbitres, its members; who
    did what, on what, when, and the fields it changed (before and after).

    Every service that changes a club writes one entry in its own transaction
    (``clubs.services.journal.record``), so an entry exists exactly when the write does. The
    subject (the club, a member) is named in words as it was then, since it may be deleted
    since (a member taken off the list). The apps above keep journals of their own by the same
    rules (``common.models.JournalLine``): each tournament's, and the club's seasons'.
    """

    Action = ClubAction

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="journal")
    action = models.CharField(_("action"), max_length=40, choices=ClubAction)

    class Meta(JournalLine.Meta):
        verbose_name = _("entrée du journal du club")
        verbose_name_plural = _("entrées du journal du club")
        indexes = [
            # The club's journal page: its entries newest first.
            models.Index(fields=["club", "-at", "-id"], name="club_journal_club_at"),
        ]
        constraints = journal_checks(
            "club_journal", ClubAction, _("Action du journal du club inconnue.")
        )


class LicenceList(models.Model):
    """What a club (or a committee, which the app runs as a club of its own) remembers of the
    federation's licence list it imports (docs, « La liste des licences »): which column of
    its file holds what, kept from one import to the next, and the licences of the last
    import, to tell those gone from the list since."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="licence_list")
    # The player's field (``clubs.licence_files.FIELDS``) → the file's column name.
    columns = models.JSONField(_("colonnes"), default=dict)
    licences = models.JSONField(_("licences de la dernière liste"), default=list)
    imported_at = models.DateTimeField(_("importée le"), null=True, blank=True)

    class Meta:
        verbose_name = _("liste des licences")
        verbose_name_plural = _("listes des licences")

    def __str__(self) -> str:
        return str(self.club)


def own_club_name(user) -> str:
    """The name of the club an arbitre gets when they have none: « Club d'Anne Arbitre »,
    « Club de Paul », or « Nouveau club » when the account has no name (a club's name is
    public, and a login never is)."""
    name = user.get_full_name().strip()
    if not name:
        return str(_("Nouveau club"))
    first = unicodedata.normalize("NFKD", name[:1]).casefold()[:1]
    return f"Club d'{name}" if first and first in "aeiouy" else f"Club de {name}"
