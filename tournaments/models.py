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

from tournaments import names
from tournaments.actors import Actor, ActorKind
from tournaments.choices import (
    MARQUE_FIELDS,
    POIGNEE_FIELDS,
    TEAM_SIZE,
    Camp,
    Chelem,
    Contract,
    FiveMode,
    Formula,
    JournalAction,
    Place,
    PoigneeSize,
    SheetEventKind,
    TournamentStatus,
)
from tournaments.constraints import numbered, one_of


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
    status = models.CharField(_("état"), max_length=12, choices=Status, default=Status.PREPARATION)
    arbitre = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.PROTECT,
        related_name="tournaments",
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


class Player(models.Model):
    last_name = models.CharField(_("nom"), max_length=100)
    first_name = models.CharField(_("prénom"), max_length=100)
    licence = models.CharField(_("n° de licence FFT"), max_length=20, blank=True, default="")
    club = models.CharField(_("club"), max_length=200, blank=True)
    # Both names folded (accents, case and ligatures aside) for searching: see
    # tournaments/names.py. Written by save(), whoever saves the player.
    search_name = models.CharField(
        max_length=names.SEARCH_NAME_MAX_LENGTH, editable=False, default="", db_index=True
    )

    class Meta:
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")
        ordering = ["search_name", "pk"]
        constraints = [
            # A licence number identifies one player; players without one are many.
            models.UniqueConstraint(
                fields=["licence"],
                condition=~Q(licence=""),
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


def _poignee_field(place: Place) -> models.CharField:
    return models.CharField(
        _("poignée %(place)s") % {"place": place.label},
        max_length=6,
        choices=PoigneeSize,
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

    poignee_nord = _poignee_field(Place.NORD)
    poignee_est = _poignee_field(Place.EST)
    poignee_sud = _poignee_field(Place.SUD)
    poignee_ouest = _poignee_field(Place.OUEST)
    poignee_cinquieme = _poignee_field(Place.CINQUIEME)

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
            # A deal is either "tous passent" (no taker, no contract, everyone marks 0) or
            # has a taker and a contract, its result following after play.
            models.CheckConstraint(
                condition=(
                    Q(
                        all_pass=True,
                        taker__isnull=True,
                        contract__isnull=True,
                        points__isnull=True,
                        marque_nord=0,
                        marque_est=0,
                        marque_sud=0,
                    )
                    | Q(all_pass=False, taker__isnull=False, contract__isnull=False)
                ),
                name="deal_all_pass_or_taken",
                violation_error_message=_(
                    "Une donne a un preneur et un contrat, sauf quand tous passent : "
                    "elle n'a alors ni preneur, ni contrat, ni points, et chacun marque 0."
                ),
            ),
            # Once the result is in, the deal is scored: points, bouts and marques together.
            models.CheckConstraint(
                condition=(
                    Q(points__isnull=True, bouts__isnull=True, marque_nord__isnull=True)
                    | Q(
                        points__isnull=False,
                        bouts__isnull=False,
                        marque_nord__isnull=False,
                        marque_est__isnull=False,
                        marque_sud__isnull=False,
                    )
                    | Q(all_pass=True)
                ),
                name="deal_played_is_scored",
                violation_error_message=_(
                    "Une donne jouée s'inscrit en entier : les points, les bouts et la marque "
                    "de chaque joueur."
                ),
            ),
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
            *(
                one_of(
                    "deal",
                    field,
                    PoigneeSize,
                    _("Poignée {place} inconnue : ce doit être {allowed}."),
                    null=True,
                    place=place.label,
                )
                for place, field in POIGNEE_FIELDS.items()
            ),
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
    # ``Actor.label``: « Arbitre : » and a full name of up to 301 characters.
    actor = models.CharField(_("par"), max_length=320)
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


class JournalEntry(models.Model):
    """One write to a tournament, for its journal: who did what, on what, when, and the
    fields it changed (before and after), in the manner of pretix's ``log_action``.

    Every service that changes a tournament writes one entry in its own transaction
    (``tournaments.services.journal.record``), so an entry exists exactly when the write does.
    The position and the table are kept by number, not by key: a seating drawn again deletes
    its tables, and the journal still tells what happened at table 3 of position 2. The
    subject (the registration, seat, deal or penalty) is named in words as it was then, since
    it may be deleted since (a player taken off the list, a deal deleted).
    """

    Action = JournalAction

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="journal")
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
    action = models.CharField(_("action"), max_length=40, choices=JournalAction)
    position_number = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    subject_type = models.CharField(_("sur"), max_length=20, blank=True)
    subject_id = models.PositiveBigIntegerField(null=True, blank=True)
    subject = models.CharField(_("sur"), max_length=200, blank=True)
    before = models.JSONField(_("avant"), default=dict, blank=True)
    after = models.JSONField(_("après"), default=dict, blank=True)

    class Meta:
        verbose_name = _("entrée du journal")
        verbose_name_plural = _("entrées du journal")
        ordering = ["-at", "-pk"]
        indexes = [
            # The journal page: a tournament's entries newest first, or one position's, or
            # one table's of one position.
            models.Index(fields=["tournament", "-at", "-id"], name="journal_tournament_at"),
            models.Index(
                fields=["tournament", "position_number", "table_number", "-at", "-id"],
                name="journal_position_table_at",
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
            # Who acted, always, and only as their kind allows: an account for the arbitre,
            # a name for a script, neither for a table (which holds a code, not an account).
            models.CheckConstraint(
                # Each kind's rule on its own, so that an unknown kind is refused by
                # journal_actor_kind_known, in its own words.
                condition=(~Q(actor_kind="arbitre") | Q(actor_user__isnull=False, actor_script=""))
                & (~Q(actor_kind="table") | Q(actor_user__isnull=True, actor_script=""))
                & (~Q(actor_kind="script") | (Q(actor_user__isnull=True) & ~Q(actor_script=""))),
                name="journal_actor_named",
                violation_error_message=_(
                    "L'auteur d'une ligne du journal est nommé selon ce qu'il est : l'arbitre "
                    "par son compte, un script par son nom, une table par son seul numéro."
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

    def __str__(self) -> str:
        return f"{self.at:%d/%m/%Y %H:%M} {self.get_action_display()}"

    @property
    def actor(self) -> Actor:
        return Actor(
            kind=ActorKind(self.actor_kind), user=self.actor_user, script=self.actor_script
        )

    @property
    def actor_label(self) -> str:
        """Who acted, in words: « Arbitre : Anne Arbitre », « Table 3 », « Script : … »."""
        return self.actor.label(self.table_number)
