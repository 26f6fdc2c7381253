"""The tournament's data: who plays, where they sit, and every deal with its stored marques.

The rules that the database can hold are held there (see each model's ``Meta.constraints``):
a deal whose marques do not sum to zero cannot be stored, whatever writes it.
"""

import secrets
from collections.abc import Mapping
from enum import StrEnum

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.db.models.lookups import Exact
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring import rules
from tournaments.actors import Actor, ActorKind
from tournaments.selectors import names


class Place(models.TextChoices):
    """The seats of a table, in the order the seating plan lists them."""

    NORD = "N", _("Nord")
    EST = "E", _("Est")
    SUD = "S", _("Sud")
    OUEST = "O", _("Ouest")
    CINQUIEME = "C", _("Cinquième")


PLACES_BY_TABLE_SIZE = {
    3: (Place.NORD, Place.EST, Place.SUD),
    4: (Place.NORD, Place.EST, Place.SUD, Place.OUEST),
    5: (Place.NORD, Place.EST, Place.SUD, Place.OUEST, Place.CINQUIEME),
}


class Formula(models.TextChoices):
    INDIVIDUAL = "individuel", _("Individuel")
    DUO = "duo", _("DUO (équipes de 2)")
    QUADRETTE = "quadrette", _("Quadrette (équipes de 4)")


TEAM_SIZE = {Formula.INDIVIDUAL: 1, Formula.DUO: 2, Formula.QUADRETTE: 4}


class FiveMode(models.TextChoices):
    CALL = "appel", _("Appel au roi")
    DEAD = "mort", _("Avec un mort (le donneur ne joue pas)")


def _labelled(enum: type[StrEnum], labels: Mapping[StrEnum, str]) -> type[models.TextChoices]:
    """The model choices for one of the rules' enums: its members and stored values, in its
    order, with the French words the pages show.

    ``scoring.rules`` owns the values, so that a new contract is added there once; it gets its
    label here. A member left without a label stops the app at start, rather than showing a bare
    value on the sheet.
    """
    if set(labels) != set(enum):
        raise ImproperlyConfigured(
            f"{enum.__name__}: one French label for each member of scoring.rules.{enum.__name__}."
        )
    members = [(member.name, (member.value, labels[member])) for member in enum]
    return models.TextChoices(enum.__name__, members, module=__name__)


Contract = _labelled(
    rules.Contract,
    {
        rules.Contract.PRISE: _("Prise"),
        rules.Contract.GARDE: _("Garde"),
        rules.Contract.GARDE_SANS: _("Garde sans"),
        rules.Contract.GARDE_CONTRE: _("Garde contre"),
    },
)
Camp = _labelled(rules.Camp, {rules.Camp.ATTACK: _("Attaque"), rules.Camp.DEFENSE: _("Défense")})
PoigneeSize = _labelled(
    rules.PoigneeSize,
    {
        rules.PoigneeSize.SIMPLE: _("Simple"),
        rules.PoigneeSize.DOUBLE: _("Double"),
        rules.PoigneeSize.TRIPLE: _("Triple"),
    },
)
Chelem = _labelled(
    rules.Chelem,
    {
        rules.Chelem.ANNOUNCED_MADE: _("Annoncé et réalisé"),
        rules.Chelem.UNANNOUNCED_MADE: _("Réalisé sans annonce"),
        rules.Chelem.ANNOUNCED_FAILED: _("Annoncé et chuté"),
        rules.Chelem.DEFENSE: _("Réalisé par la défense"),
    },
)


def _spoken(choices: type[models.TextChoices]) -> str:
    """« Prise », « Garde », « Garde sans » ou « Garde contre »: what a column allows, said
    in a message. Lazy, like the labels it quotes."""

    def say() -> str:
        quoted = [f"« {label} »" for label in choices.labels]
        return f"{', '.join(quoted[:-1])} ou {quoted[-1]}"

    return lazy(say, str)()


class _ChoiceCheck(models.CheckConstraint):
    """A choice column's check, which ``full_clean`` makes in Python.

    A plain CheckConstraint asks the database in ``full_clean`` (a query, in a savepoint): one
    per choice column would double the queries of each deal saved. The value is in the list or
    it is not; the database still checks every write, and migrations see a plain CheckConstraint.
    """

    def __init__(self, *, field: str, allowed: tuple[str | None, ...], **options) -> None:
        self.field, self.allowed = field, allowed
        condition = Q(**{f"{field}__in": [value for value in allowed if value is not None]})
        if None in allowed:
            condition |= Q(**{f"{field}__isnull": True})
        super().__init__(condition=condition, **options)

    def deconstruct(self):
        _path, args, kwargs = super().deconstruct()
        return "django.db.models.CheckConstraint", args, kwargs

    def clone(self) -> "_ChoiceCheck":
        # Django clones each constraint of Meta when it makes the model: keep the field's list.
        _path, args, kwargs = self.deconstruct()
        del kwargs["condition"]
        return type(self)(*args, field=self.field, allowed=self.allowed, **kwargs)

    # Django's signature: the model and the database are not needed to read one value.
    def validate(self, model, instance, exclude=None, using=DEFAULT_DB_ALIAS) -> None:  # noqa: ARG002
        if exclude and self.field in exclude:
            return
        if getattr(instance, self.field) not in self.allowed:
            raise ValidationError(
                self.get_violation_error_message(), code=self.violation_error_code
            )


def _one_of(
    model: str,
    field: str,
    choices: type[models.TextChoices],
    message: str,
    *,
    null: bool = False,
    **words: str,
) -> models.CheckConstraint:
    """The database's own check, ``<model>_<field>_known``, that a choice column holds one of
    its choices (or nothing, where the column may be empty), whatever writes it, raw SQL too.

    ``message`` says what is refused in a club's words: ``{allowed}`` in it becomes the
    choices, and each of ``words`` its own ``{word}``.
    """
    return _ChoiceCheck(
        field=field,
        allowed=(*choices.values, None) if null else tuple(choices.values),
        name=f"{model}_{field}_known",
        violation_error_message=format_lazy(message, allowed=_spoken(choices), **words),
    )


def _numbered(model: str, *, within: str, taken: str, from_one: str) -> list[models.BaseConstraint]:
    """A ``number`` that counts from 1 and is taken once ``within`` its parent: participants in
    a tournament, positions in a tournament, tables in a position, deals on a sheet."""
    return [
        models.UniqueConstraint(
            fields=[within, "number"],
            name=f"{model}_number_unique",
            violation_error_message=taken,
        ),
        models.CheckConstraint(
            condition=Q(number__gte=1),
            name=f"{model}_number_positive",
            violation_error_message=from_one,
        ),
    ]


def new_table_code() -> str:
    """A table code: short enough to type on a phone, random enough not to be guessed.

    Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
    """
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


class TournamentStatus(models.TextChoices):
    PREPARATION = "preparation", _("En préparation")
    RUNNING = "en_cours", _("En cours")
    FINISHED = "termine", _("Terminé")


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
            _one_of(
                "tournament", "formula", Formula, _("Formule inconnue : ce doit être {allowed}.")
            ),
            _one_of(
                "tournament", "five_mode", FiveMode, _("Jeu à 5 inconnu : ce doit être {allowed}.")
            ),
            _one_of(
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
    # tournaments/selectors/names.py. Written by save(), whoever saves the player.
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
            *_numbered(
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
        constraints = _numbered(
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
        constraints = _numbered(
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
            _one_of("seat", "place", Place, _("Place inconnue : ce doit être {allowed}.")),
        ]

    def __str__(self) -> str:
        return f"{self.get_place_display()} : {self.registration}"


MARQUE_FIELDS = {
    Place.NORD: "marque_nord",
    Place.EST: "marque_est",
    Place.SUD: "marque_sud",
    Place.OUEST: "marque_ouest",
    Place.CINQUIEME: "marque_cinquieme",
}
POIGNEE_FIELDS = {
    Place.NORD: "poignee_nord",
    Place.EST: "poignee_est",
    Place.SUD: "poignee_sud",
    Place.OUEST: "poignee_ouest",
    Place.CINQUIEME: "poignee_cinquieme",
}


# A deal's result as the table gave it and its marques: what its history and the journal show.
# What a deal's form and record hold besides its poignées, in the order the sheet asks them.
DEAL_FIELDS = (
    "taker",
    "contract",
    "partner",
    "sitting_out",
    "bouts",
    "points",
    "petit_au_bout",
    "chelem",
)
DEAL_RESULT_FIELDS = (
    "all_pass",
    *DEAL_FIELDS,
    "chelem_announced",
    *POIGNEE_FIELDS.values(),
    *MARQUE_FIELDS.values(),
)


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
            *_numbered(
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
                _one_of("deal", field, choices, message, null=True)
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
                _one_of(
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


class SheetEventKind(models.TextChoices):
    CONFIRMED = "confirmed", _("Bilan confirmé")
    SIGNED = "signed", _("Feuille signée")
    REOPENED = "reopened", _("Feuille rouverte")
    CORRECTED = "corrected", _("Correction après signature")


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
            _one_of(
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

    ``kind`` is the call as the deal asks it (``tournaments.services.positions.call_kind``): a
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


class JournalAction(models.TextChoices):
    """Every action the journal records, with its French label: the one list of them."""

    TOURNAMENT_CREATED = "tournament.created", _("Tournoi créé")
    TOURNAMENT_UPDATED = "tournament.updated", _("Réglages du tournoi modifiés")
    TOURNAMENT_PUBLISHED = "tournament.published", _("Tournoi publié")
    TOURNAMENT_HIDDEN = "tournament.hidden", _("Tournoi masqué")
    REGISTRATION_REGISTERED = "registration.registered", _("Joueur inscrit")
    REGISTRATION_UPDATED = "registration.updated", _("Inscription corrigée")
    REGISTRATION_UNREGISTERED = "registration.unregistered", _("Inscription retirée")
    REGISTRATION_IMPORTED = "registration.imported", _("Joueurs importés (CSV)")
    REGISTRATION_CHECKED_IN = "registration.checked_in", _("Joueur pointé présent")
    REGISTRATION_LATE = "registration.arrived_late", _("Arrivée tardive")
    REGISTRATION_CHECKED_OUT = "registration.checked_out", _("Joueur pointé absent")
    REGISTRATION_WITHDRAWN = "registration.withdrawn", _("Retrait déclaré")
    REGISTRATION_RETURNED = "registration.withdrawal_cancelled", _("Retrait annulé")
    TEAM_CREATED = "team.created", _("Équipe créée")
    TEAM_CHANGED = "team.member_changed", _("Équipe d'un joueur changée")
    TEAM_DELETED = "team.deleted", _("Équipe supprimée")
    SEATING_PLANNED = "seating.planned", _("Placement tiré")
    SEATING_REPLANNED = "seating.replanned", _("Placement tiré à nouveau")
    SEATING_SWAPPED = "seating.swapped", _("Joueurs échangés")
    SEATING_PUBLISHED = "seating.published", _("Placement publié")
    DEAL_RECORDED = "deal.recorded", _("Donne inscrite")
    DEAL_CORRECTED = "deal.corrected", _("Donne corrigée")
    DEAL_DELETED = "deal.deleted", _("Donne supprimée")
    BILAN_CONFIRMED = "bilan.confirmed", _("Bilan confirmé")
    SHEET_SIGNED = "sheet.signed", _("Feuille signée")
    SHEET_REOPENED = "sheet.reopened", _("Feuille rouverte")
    POSITION_CLOSED = "position.closed", _("Position close")
    POSITION_REOPENED = "position.reopened", _("Position rouverte")
    TABLE_PHONE_OPENED = "table.phone_opened", _("Téléphone ouvert depuis la salle")
    CALL_HANDLED = "call.handled", _("Appel pris en compte")
    PENALTY_ADDED = "penalty.added", _("Pénalité donnée")
    PENALTY_CANCELLED = "penalty.cancelled", _("Pénalité annulée")


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
            _one_of(
                "journal", "action", JournalAction, _("Action du journal inconnue : {allowed}.")
            ),
            _one_of(
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
