"""The tournament's data: who plays, where they sit, and every deal with its stored marques.

The rules that the database can hold are held there (see each model's ``Meta.constraints``):
a deal whose marques do not sum to zero cannot be stored, whatever writes it.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.models import Club, Player
from scoring.profile import FFT, RuleProfile
from tournaments.choices import (
    MARQUE_FIELDS,
    MISERE_FIELDS,
    POIGNEE_FIELDS,
    TEAM_SIZE,
    Camp,
    Chelem,
    Contract,
    FiveMode,
    Formula,
    MisereShown,
    Place,
    PoigneeSize,
    RuleSet,
    SheetEventKind,
    TournamentStatus,
)
from tournaments.constraints import numbered, one_of, prime_checks, result_checks, rules_checks
from tournaments.journal_entries import JournalEntry as JournalEntry  # the journal's table


def new_table_code() -> str:
    """A table code: short enough to type on a phone, random enough not to be guessed.

    Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
    """
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


class Tournament(models.Model):
    # Defined at module level, where the check on the column (in Meta) can see it.
    Status = TournamentStatus

    name = models.CharField(_("nom"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("lieu"), max_length=200, blank=True)
    organiser = models.CharField(_("organisateur"), max_length=200, blank=True)
    positions_count = models.PositiveSmallIntegerField(_("nombre de positions"), default=5)
    deals_per_position = models.PositiveSmallIntegerField(_("donnes par position"), default=5)
    formula = models.CharField(
        _("formule"), max_length=12, choices=Formula, default=Formula.INDIVIDUAL
    )
    allow_five = models.BooleanField(_("tables de 5 autorisées"), default=False)
    five_mode = models.CharField(
        _("jeu à 5"), max_length=8, choices=FiveMode, default=FiveMode.CALL
    )
    counts_all_pass = models.BooleanField(
        _("les donnes où tous passent sont comptées"),
        default=False,
        help_text=_("Sinon la donne est redistribuée et ne figure pas sur la feuille."),
    )
    # The rules of the marque (docs/scoring.md §Règles du club), fixed at the first deal.
    homologable = models.BooleanField(_("homologable (FFT)"), default=False)
    rules = models.CharField(_("règles"), max_length=4, choices=RuleSet, default=RuleSet.FFT)
    club_miseres = models.BooleanField(_("misères (pas d'honneur, pas d'atout)"), default=False)
    club_individual_primes = models.BooleanField(_("primes individuelles"), default=False)
    club_round_to_ten = models.BooleanField(_("arrondi à la dizaine"), default=False)
    status = models.CharField(_("état"), max_length=12, choices=Status, default=Status.PREPARATION)
    arbitre = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.PROTECT,
        related_name="tournaments",
    )
    # Every arbitre of the club may run the tournament; ``arbitre`` is the account that
    # created it.
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="tournaments"
    )
    published = models.BooleanField(_("publié"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("tournoi")
        verbose_name_plural = _("tournois")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(positions_count__gte=1),
                name="tournament_has_positions",
                violation_error_message=_("Un tournoi se joue en une position au moins."),
            ),
            models.CheckConstraint(
                condition=Q(deals_per_position__gte=1),
                name="tournament_has_deals",
                violation_error_message=_("Chaque position compte une donne au moins."),
            ),
            one_of(
                "tournament", "formula", Formula, _("Formule inconnue : ce doit être {allowed}.")
            ),
            one_of(
                "tournament", "five_mode", FiveMode, _("Jeu à 5 inconnu : ce doit être {allowed}.")
            ),
            *rules_checks(),
            one_of(
                "tournament",
                "status",
                TournamentStatus,
                _("État du tournoi inconnu : ce doit être {allowed}."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    @property
    def team_size(self) -> int:
        return TEAM_SIZE[Formula(self.formula)]

    @property
    def rule_profile(self) -> RuleProfile:
        """The rules every marque of this tournament is scored by (scoring.profile)."""
        if self.rules != RuleSet.CLUB:
            return FFT
        return RuleProfile(
            club=True,
            miseres=self.club_miseres,
            individual_primes=self.club_individual_primes,
            round_to_ten=self.club_round_to_ten,
            seul_contre_tous=self.five_mode == FiveMode.ALONE,
        )

    @property
    def rules_label(self) -> str:
        """The rules in words: « Règles FFT », « Règles du club : misères, … »."""
        return self.rule_profile.label


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("nom"), max_length=100)

    class Meta:
        verbose_name = _("équipe")
        verbose_name_plural = _("équipes")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="team_name_unique",
                violation_error_message=_("Une équipe de ce tournoi porte déjà ce nom."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    """A player's entry in one tournament, under a participant number."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    number = models.PositiveSmallIntegerField(_("n° de participant"))
    team = models.ForeignKey(
        Team,
        verbose_name=_("équipe"),
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="registrations",
    )
    checked_in = models.BooleanField(_("pointé présent"), default=False)
    joins_from = models.PositiveSmallIntegerField(
        _("joue à partir de la position"),
        null=True,
        blank=True,
        help_text=_("Arrivée tardive : première position jouée."),
    )
    withdrawn_from = models.PositiveSmallIntegerField(
        _("retiré à partir de la position"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("inscription")
        verbose_name_plural = _("inscriptions")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="registration_player_once",
                violation_error_message=_("Ce joueur est déjà inscrit à ce tournoi."),
            ),
            *numbered(
                "registration",
                within="tournament",
                taken=_("Ce n° de participant est déjà pris dans ce tournoi."),
                from_one=_("Les n° de participant commencent à 1."),
            ),
            models.CheckConstraint(
                condition=Q(joins_from__isnull=True) | Q(joins_from__gte=1),
                name="registration_joins_from_positive",
                violation_error_message=_(
                    "Un joueur arrivé en retard joue à partir d'une position, la 1re au plus tôt."
                ),
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_from__isnull=True) | Q(withdrawn_from__gte=1),
                name="registration_withdrawn_from_positive",
                violation_error_message=_(
                    "Un joueur se retire à partir d'une position, la 1re au plus tôt."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player}"

    @property
    def numbered(self) -> str:
        """The player by name and number, as every message names them: two players may
        share a name."""
        return _("%(player)s (n° %(number)s)") % {"player": self.player, "number": self.number}


class Position(models.Model):
    """One round of the tournament: every present player sits at a table for N deals."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="positions")
    number = models.PositiveSmallIntegerField(_("numéro"))
    seating_published_at = models.DateTimeField(_("placement publié le"), null=True, blank=True)
    closed_at = models.DateTimeField(_("close le"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("close par"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # Why the arbitre closed it before every table had signed: empty for an ordinary closing.
    close_reason = models.CharField(_("motif de la clôture forcée"), max_length=300, blank=True)
    unsigned_at_close = models.JSONField(
        _("tables non signées à la clôture"), default=list, blank=True
    )

    # Every closing and reopening, with its reason (``history_change_reason``): « Clôture
    # forcée : » and a reason of up to 300 characters, so a text column rather than
    # simple_history's default of 100 characters.
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    class Meta:
        verbose_name = _("position")
        verbose_name_plural = _("positions")
        ordering = ["tournament", "number"]
        constraints = numbered(
            "position",
            within="tournament",
            taken=_("Ce tournoi a déjà une position de ce numéro."),
            from_one=_("Les positions se numérotent à partir de 1."),
        )

    def __str__(self) -> str:
        return _("Position %(number)s") % {"number": self.number}


class Table(models.Model):
    """One table of one position; it holds one feuille de marque."""

    position = models.ForeignKey(Position, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("numéro"))
    code = models.CharField(_("code de table"), max_length=12, unique=True, default=new_table_code)
    locked_at = models.DateTimeField(_("feuille signée le"), null=True, blank=True)
    # The arbitre's last correction after a signature, and why: the sheet says so to the table.
    corrected_at = models.DateTimeField(_("corrigée après signature le"), null=True, blank=True)
    correction_reason = models.CharField(
        _("motif de la correction après signature"), max_length=300, blank=True
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["position", "number"]
        constraints = numbered(
            "table",
            within="position",
            taken=_("Cette position a déjà une table de ce numéro."),
            from_one=_("Les tables se numérotent à partir de 1."),
        )

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class Seat(models.Model):
    """A player's place at a table for one position.

    ``position`` repeats ``table.position`` so that the database can refuse a player seated
    twice in one position; the services set both from the table.
    """

    position = models.ForeignKey(Position, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    place = models.CharField(_("place"), max_length=1, choices=Place)
    registration = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="seats")
    confirmed_at = models.DateTimeField(_("bilan confirmé le"), null=True, blank=True)

    class Meta:
        verbose_name = _("siège")
        verbose_name_plural = _("sièges")
        ordering = ["table", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "place"],
                name="seat_place_unique",
                violation_error_message=_("Cette place est déjà prise à cette table."),
            ),
            models.UniqueConstraint(
                fields=["position", "registration"],
                name="seat_one_per_player_per_position",
                violation_error_message=_(
                    "Ce joueur est déjà placé à une table de cette position."
                ),
            ),
            one_of("seat", "place", Place, _("Place inconnue : ce doit être {allowed}.")),
        ]

    def __str__(self) -> str:
        return f"{self.get_place_display()} : {self.registration}"


def _marque_field(place: Place) -> models.IntegerField:
    return models.IntegerField(
        _("marque %(place)s") % {"place": place.label}, null=True, blank=True
    )


def _prime_field(label: str, place: Place, choices: type[models.TextChoices]) -> models.CharField:
    return models.CharField(
        label % {"place": place.label},
        max_length=max(len(value) for value in choices.values),
        choices=choices,
        null=True,
        blank=True,
    )


class Deal(models.Model):
    """One deal on a table's sheet: what was bid and played, and the marque of each seat.

    The marques live on the deal, one column per seat, so that a single row check can make
    the database refuse any deal that does not sum to zero (``deal_sums_to_zero``). A seat
    with nobody in it (Ouest at a table of 3) has no marque; the mort at a table of 5 marks 0.
    Poignées are one column per seat too: a player shows at most one poignée per deal.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("n° de donne"))
    all_pass = models.BooleanField(_("tous passent"), default=False)
    # NULL in these choice columns is « none »: no taker nor contract when all pass, no
    # partner, no mort, no petit au bout, no chelem, no poignée. The constraints below, the
    # services, the sheet and the exports all read it as None; "" would be a second « none »
    # to rule out everywhere, for no gain.
    taker = models.CharField(  # noqa: DJ001
        _("preneur"), max_length=1, choices=Place, null=True, blank=True
    )
    partner = models.CharField(  # noqa: DJ001
        _("partenaire appelé"), max_length=1, choices=Place, null=True, blank=True
    )
    sitting_out = models.CharField(  # noqa: DJ001
        _("mort (ne joue pas)"), max_length=1, choices=Place, null=True, blank=True
    )
    contract = models.CharField(  # noqa: DJ001
        _("contrat"), max_length=12, choices=Contract, null=True, blank=True
    )
    bouts = models.PositiveSmallIntegerField(_("bouts"), null=True, blank=True)
    points = models.DecimalField(
        _("points de l'attaque"), max_digits=3, decimal_places=1, null=True, blank=True
    )
    petit_au_bout = models.CharField(  # noqa: DJ001
        _("petit au bout"), max_length=7, choices=Camp, null=True, blank=True
    )
    chelem = models.CharField(  # noqa: DJ001
        _("chelem"), max_length=16, choices=Chelem, null=True, blank=True
    )
    # Said at the bidding, before the result is known: the arbitre is called for it (FFT).
    chelem_announced = models.BooleanField(_("chelem annoncé"), default=False)

    poignee_nord = _prime_field(_("poignée %(place)s"), Place.NORD, PoigneeSize)
    poignee_est = _prime_field(_("poignée %(place)s"), Place.EST, PoigneeSize)
    poignee_sud = _prime_field(_("poignée %(place)s"), Place.SUD, PoigneeSize)
    poignee_ouest = _prime_field(_("poignée %(place)s"), Place.OUEST, PoigneeSize)
    poignee_cinquieme = _prime_field(_("poignée %(place)s"), Place.CINQUIEME, PoigneeSize)

    # Club rules only (docs/scoring.md §Règles du club): the misères each seat announced.
    misere_nord = _prime_field(_("misère %(place)s"), Place.NORD, MisereShown)
    misere_est = _prime_field(_("misère %(place)s"), Place.EST, MisereShown)
    misere_sud = _prime_field(_("misère %(place)s"), Place.SUD, MisereShown)
    misere_ouest = _prime_field(_("misère %(place)s"), Place.OUEST, MisereShown)
    misere_cinquieme = _prime_field(_("misère %(place)s"), Place.CINQUIEME, MisereShown)

    marque_nord = _marque_field(Place.NORD)
    marque_est = _marque_field(Place.EST)
    marque_sud = _marque_field(Place.SUD)
    marque_ouest = _marque_field(Place.OUEST)
    marque_cinquieme = _marque_field(Place.CINQUIEME)

    # Raised by every save, so that a device saving over a version it has not seen is refused.
    version = models.PositiveIntegerField(default=1)
    # The id the device made for the form that last wrote this deal: the same form sent twice
    # (a double tap, a resend after a lost answer, the offline queue) is stored once.
    submission_id = models.UUIDField(_("envoi"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # The change reason names who changed the deal (``Actor.label``): an arbitre's full name
    # alone may be 301 characters, more than simple_history's default column of 100.
    history = HistoricalRecords(history_change_reason_field=models.TextField(null=True))

    class Meta:
        verbose_name = _("donne")
        verbose_name_plural = _("donnes")
        ordering = ["table", "number"]
        constraints = [
            models.CheckConstraint(
                condition=Exact(
                    Coalesce(F("marque_nord"), Value(0))
                    + Coalesce(F("marque_est"), Value(0))
                    + Coalesce(F("marque_sud"), Value(0))
                    + Coalesce(F("marque_ouest"), Value(0))
                    + Coalesce(F("marque_cinquieme"), Value(0)),
                    0,
                ),
                name="deal_sums_to_zero",
                violation_error_message=_(
                    "Les marques de la donne ne s'équilibrent pas : leur somme doit être nulle."
                ),
            ),
            *numbered(
                "deal",
                within="table",
                taken=_("Cette feuille a déjà une donne de ce numéro."),
                from_one=_("Les donnes se numérotent à partir de 1."),
            ),
            models.UniqueConstraint(
                fields=["table", "submission_id"],
                name="deal_submission_unique",
                violation_error_message=_(
                    "Ce formulaire a déjà servi pour une autre donne : rechargez la feuille."
                ),
            ),
            models.CheckConstraint(
                condition=Q(bouts__isnull=True) | Q(bouts__gte=0, bouts__lte=3),
                name="deal_bouts_0_to_3",
                violation_error_message=_("L'attaque détient de 0 à 3 bouts."),
            ),
            models.CheckConstraint(
                condition=Q(points__isnull=True) | Q(points__gte=0, points__lte=91),
                name="deal_points_0_to_91",
                violation_error_message=_("Les points de l'attaque vont de 0 à 91."),
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | ~Q(partner=F("taker")),
                name="deal_partner_is_not_taker",
                violation_error_message=_("Le preneur ne peut pas être son propre partenaire."),
            ),
            *result_checks(),
            # Every choice column may be empty: see the fields.
            *(
                one_of("deal", field, choices, message, null=True)
                for field, choices, message in [
                    ("taker", Place, _("Place du preneur inconnue : ce doit être {allowed}.")),
                    ("partner", Place, _("Place du partenaire inconnue : ce doit être {allowed}.")),
                    ("sitting_out", Place, _("Place du mort inconnue : ce doit être {allowed}.")),
                    ("contract", Contract, _("Contrat inconnu : ce doit être {allowed}.")),
                    (
                        "petit_au_bout",
                        Camp,
                        _("Camp du petit au bout inconnu : ce doit être {allowed}."),
                    ),
                    ("chelem", Chelem, _("Chelem inconnu : ce doit être {allowed}.")),
                ]
            ),
            *prime_checks(),
        ]

    def __str__(self) -> str:
        return _("Donne %(number)s") % {"number": self.number}

    @property
    def is_played(self) -> bool:
        """Whether the result is in (or everybody passed), so the deal has its marques."""
        return self.all_pass or self.points is not None

    def marque(self, place: str) -> int | None:
        return getattr(self, MARQUE_FIELDS[Place(place)])

    def marques(self) -> dict[str, int | None]:
        return {place.value: getattr(self, field) for place, field in MARQUE_FIELDS.items()}

    def poignees(self) -> dict[str, str]:
        """The poignées shown in this deal, by seat."""
        shown = {place.value: getattr(self, field) for place, field in POIGNEE_FIELDS.items()}
        return {place: size for place, size in shown.items() if size}

    def miseres(self) -> dict[str, str]:
        """The misères announced in this deal, by seat (club rules)."""
        shown = {place.value: getattr(self, field) for place, field in MISERE_FIELDS.items()}
        return {place: kinds for place, kinds in shown.items() if kinds}


class SheetEvent(models.Model):
    """What happens to a sheet besides its deals, for its history: a bilan confirmed, the
    sheet signed, reopened by the arbitre, or corrected by the arbitre after its signature.

    The deals' own changes are in the deals' history (simple-history); the history page shows
    both in one timeline. ``places`` holds the seat confirmed, or the seats whose confirmation
    a correction withdrew.
    """

    # Defined at module level, where the check on the column (in Meta) can see it.
    Kind = SheetEventKind

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("événement"), max_length=12, choices=Kind)
    at = models.DateTimeField(_("le"))
    # ``Actor.label``: « Arbitre : », or a role (« Arbitre de salle (<a hall's name of up to
    # 60>) : »), and a full name of up to 301 characters.
    actor = models.CharField(_("par"), max_length=400)
    deal_number = models.PositiveSmallIntegerField(_("n° de donne"), null=True, blank=True)
    reason = models.CharField(_("motif"), max_length=300, blank=True)
    places = models.JSONField(_("places"), default=list, blank=True)

    class Meta:
        verbose_name = _("événement de feuille")
        verbose_name_plural = _("événements de feuille")
        ordering = ["table", "at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="corrected") | ~Q(reason=""),
                name="sheet_correction_has_reason",
                violation_error_message=_("Une correction après signature se fait avec son motif."),
            ),
            one_of(
                "sheet_event",
                "kind",
                SheetEventKind,
                _("Événement de feuille inconnu : ce doit être {allowed}."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} : {self.get_kind_display()}"


class HandledCall(models.Model):
    """The arbitre answered a table's call (garde sans, garde contre, announced chelem).

    ``kind`` is the call as the deal asks it (``tournaments.selectors.sheets.call_kind``): a
    deal changed since into another call is a new call, not one already answered.
    """

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="handled_calls")
    kind = models.CharField(_("appel"), max_length=40)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    handled_at = models.DateTimeField(_("pris en compte le"), auto_now_add=True)

    class Meta:
        verbose_name = _("appel pris en compte")
        verbose_name_plural = _("appels pris en compte")
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "kind"],
                name="handled_call_once",
                violation_error_message=_("L'arbitre a déjà pris cet appel en compte."),
            ),
        ]

    def __str__(self) -> str:
        return _("%(deal)s : appel « %(kind)s » pris en compte") % {
            "deal": self.deal,
            "kind": self.kind,
        }


class Penalty(models.Model):
    """Points the arbitre takes off a participant, for one position.

    A penalty is never deleted: cancelling it keeps it, marked cancelled with who and when,
    so that the register of the tournament stays whole.
    """

    registration = models.ForeignKey(
        Registration, on_delete=models.RESTRICT, related_name="penalties"
    )
    position = models.ForeignKey(Position, on_delete=models.CASCADE, related_name="penalties")
    points = models.PositiveIntegerField(_("points retirés"))
    reason = models.CharField(_("motif"), max_length=300)
    arbitre = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="penalties_given"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled_at = models.DateTimeField(_("annulée le"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("annulée par"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("pénalité")
        verbose_name_plural = _("pénalités")
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(points__gte=1),
                name="penalty_points_positive",
                violation_error_message=_("Une pénalité retire 1 point au moins."),
            ),
            models.CheckConstraint(
                condition=Q(cancelled_at__isnull=True, cancelled_by__isnull=True)
                | Q(cancelled_at__isnull=False, cancelled_by__isnull=False),
                name="penalty_cancelled_with_who_and_when",
                violation_error_message=_("Une pénalité annulée dit par qui et quand."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} : −{self.points} ({self.reason})"

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None


class ApartPair(models.Model):
    """Two players of a tournament the seating never puts at one table (issue 44): named by
    the arbitre, with the reason, and who asked when. The generator holds it as a hard
    constraint, and the verifiable draw publishes it (``apart``, docs/tirage.md)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="apart_pairs")
    # The lower key first, so that a pair is one row whichever player was named first.
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("motif"), max_length=300)
    added_by = models.CharField(_("demandé par"), max_length=400)
    added_at = models.DateTimeField(_("demandé le"), auto_now_add=True)

    class Meta:
        verbose_name = _("joueurs à tenir à l'écart")
        verbose_name_plural = _("joueurs à tenir à l'écart")
        ordering = ["added_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(first__lt=F("second")),
                name="apart_pair_two_players_in_order",
                violation_error_message=_("Choisissez deux joueurs différents."),
            ),
            models.UniqueConstraint(
                fields=["first", "second"],
                name="apart_pair_once",
                violation_error_message=_("Ces deux joueurs sont déjà tenus à l'écart."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} ≠ {self.second}"


class FixedTable(models.Model):
    """A player who sits at the same table at every position (reduced mobility: the table
    near the door), with the reason. A hard constraint of the generator, published by the
    verifiable draw (``fixed``)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="fixed_tables"
    )
    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="fixed_table"
    )
    table = models.PositiveIntegerField(_("table"))
    reason = models.CharField(_("motif"), max_length=300)
    added_by = models.CharField(_("demandé par"), max_length=400)
    added_at = models.DateTimeField(_("demandé le"), auto_now_add=True)

    class Meta:
        verbose_name = _("table fixe")
        verbose_name_plural = _("tables fixes")
        ordering = ["table", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(table__gte=1),
                name="fixed_table_numbered_from_one",
                violation_error_message=_("Les tables sont numérotées à partir de 1."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "table"],
                name="fixed_table_one_player",
                violation_error_message=_(
                    "Cette table est déjà la table fixe d'un autre joueur : un seul joueur "
                    "par table fixe."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} : table {self.table}"
