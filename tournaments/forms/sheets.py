"""The deal form of a sheet: what the table taps, turned into a ``DealResult``.

The form only reads what was typed; the rules of the marque are checked by the service (and
``scoring.rules``), whose refusals come back here with ``add_refusal`` to sit beside the field
they name. A form with the contract but no points is the bidding step: the result follows.
"""

import re
import uuid
from dataclasses import asdict
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.choices import Camp, Chelem, Contract, FiveMode, Place
from tournaments.deal_scoring import DealResult, with_a_mort
from tournaments.deal_words import points_text, short_name
from tournaments.forms.primes import MISERES, NONE, POIGNEES, TypedPrimes, typed_primes
from tournaments.models import Seat, Table
from tournaments.widgets import choice_buttons

TOTAL_POINTS = Decimal(91)
# What the points field may hold: up to three digits and an optional half (or tenths, which the
# rules then refuse with their own message). ASCII digits only: « ² » is a digit to Python.
POINTS_TEXT = re.compile(r"[0-9]{1,3}(\.[0-9])?", re.ASCII)
POINTS_MAX_LENGTH = 5
POINTS_MESSAGE = _("Les points sont un nombre de 0 à 91, par exemple 47 ou 40,5.")
# At 4 players (and at 5 with a mort) the attack's points are whole: no half in the example.
WHOLE_POINTS_MESSAGE = _("Les points sont un nombre de 0 à 91, par exemple 47.")


class DealForm(forms.Form):
    """One deal of one table: taker, contract (the bidding), then the result.

    Built for a table's seats: the taker and poignée choices are its players, the partner is
    asked at 5 players in the appel-au-roi game, the mort at 5 players with a mort. Built
    without them, it reads any table's deal, for a service to check against the seats.
    """

    number = forms.IntegerField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    # Names this form's send, so that sending it twice stores it once (docs, « Hors
    # connexion »). The browser's script puts its own id in every form it shows; without
    # JavaScript the id the server rendered does the same for a double tap or a reload.
    submission_id = forms.CharField(widget=forms.HiddenInput, required=False, initial=uuid.uuid4)
    contract = choice_buttons(Contract.choices)
    bouts = choice_buttons([(str(n), str(n)) for n in range(4)])
    points = forms.CharField(
        label=_("Points"),
        required=False,
        max_length=POINTS_MAX_LENGTH,
        error_messages={"max_length": POINTS_MESSAGE},
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": 5}),
    )
    points_for = choice_buttons(
        [(Camp.ATTACK, _("de l'attaque")), (Camp.DEFENSE, _("de la défense"))],
        initial=Camp.ATTACK,
    )
    petit_au_bout = choice_buttons(
        [(NONE, _("Personne")), (Camp.ATTACK, _("Attaque")), (Camp.DEFENSE, _("Défense"))],
        initial=NONE,
    )
    chelem = forms.ChoiceField(
        label=_("Chelem"), choices=[(NONE, _("Aucun")), *Chelem.choices], required=False
    )
    chelem_announced = forms.BooleanField(label=_("Chelem annoncé"), required=False)
    # Asked of the arbitre correcting a signed sheet only (the service requires it there).
    reason = forms.CharField(
        label=_("Motif de la correction"),
        required=False,
        max_length=300,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    # Not typed: they carry the refusals that name the poignées, or the misères, as a whole.
    poignees = forms.CharField(required=False, widget=forms.HiddenInput)
    miseres = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args, table: Table | None = None, seats: list[Seat] | None = None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.table = table
        self.seats = seats
        if seats is None:
            # Any table's deal, read before its sheet is (a phone's save, ``views.deals``):
            # every place, the partner and the mort. The service then checks them against the
            # table's seats, under its lock; a page shows a table's form, built with them.
            names = list(Place.choices)
            self.five = self.dead_hand = False
            asks_partner = asks_mort = asks_miseres = True
        else:
            names = [(seat.place, short_name(seat)) for seat in seats]
            self.five = len(seats) == 5
            self.dead_hand = with_a_mort(table, [seat.place for seat in seats])
            tournament = table.position.tournament
            asks_partner = self.five and tournament.five_mode == FiveMode.CALL
            asks_mort = self.dead_hand
            asks_miseres = tournament.rule_profile.miseres
        self.player_names = dict(names)
        self.fields["taker"] = choice_buttons(names)
        self.order_fields(["number", "version", "taker", "contract"])
        if asks_partner:
            self.fields["partner"] = choice_buttons([(NONE, _("Seul")), *names], initial=NONE)
        if asks_mort:
            self.fields["sitting_out"] = choice_buttons(names)
        self.poignee_names = POIGNEES.add_fields(self, names)
        # Club rules with misères only (docs/scoring.md §Règles du club): who announced which.
        self.misere_names = MISERES.add_fields(self, names) if asks_miseres else []
        # At 4 players points are whole; at 3 and 5 a half point is possible.
        self.half_points = seats is not None and len(seats) in (3, 5) and not self.dead_hand
        self.points_message = POINTS_MESSAGE if self.half_points else WHOLE_POINTS_MESSAGE
        self.fields["points"].error_messages["max_length"] = self.points_message

    @property
    def deal_number(self):
        """The number of the deal this form writes, as typed or as offered."""
        return self.data.get("number") if self.is_bound else self.initial.get("number")

    @property
    def deal_version(self):
        """The version of the deal the device saw (None for a new deal)."""
        return self.data.get("version") if self.is_bound else self.initial.get("version")

    @property
    def has_deal_errors(self) -> bool:
        """Whether the deal itself was refused (not only the reason of a correction)."""
        return any(name != "reason" for name in self.errors)

    @property
    def poignee_fields(self):
        return [self[name] for name in self.poignee_names]

    @property
    def misere_fields(self):
        return [self[name] for name in self.misere_names]

    @property
    def seat_buttons(self):
        return self["taker"]

    @property
    def other_submission_id(self) -> uuid.UUID:
        """A new id for the other form of the same deal (« Tous passent »)."""
        return uuid.uuid4()

    def clean_submission_id(self) -> uuid.UUID | None:
        """The id sent, or None: a malformed id (no browser sends one) only loses the
        protection against a second send, and is no reason to refuse the deal."""
        try:
            return uuid.UUID(self.cleaned_data["submission_id"])
        except ValueError:
            return None

    def clean_points(self) -> Decimal | None:
        text = self.cleaned_data["points"].strip().replace(",", ".").replace("½", ".5")
        if not text:
            return None
        # Checked as text before it becomes a number: « 9e9999999 » is a valid Decimal that
        # no message can format, and nothing longer than « 40.5 » is ever a score.
        if not POINTS_TEXT.fullmatch(text):
            raise forms.ValidationError(self.points_message, code="invalid")
        return Decimal(text)

    def clean(self):
        data = super().clean()
        played = data.get("bouts") or self._primes(data).played
        if data.get("points") is None and "points" not in self.errors and played:
            self.add_error("points", _("Indiquez les points, de 0 à 91."))
        if data.get("points") is not None and not data.get("bouts"):
            self.add_error("bouts", _("Indiquez le nombre de bouts de l'attaque."))
        if not data.get("taker") and "taker" not in self.errors:
            self.add_error("taker", _("Choisissez le preneur."))
        if not data.get("contract") and "contract" not in self.errors:
            self.add_error("contract", _("Choisissez le contrat."))
        return data

    def _primes(self, data: dict) -> TypedPrimes:
        return typed_primes(
            data, poignee_fields=self.poignee_names, misere_fields=self.misere_names
        )

    def result(self) -> DealResult:
        """The deal as typed, the defence's points turned into the attack's (91 − x)."""
        data = self.cleaned_data
        points = data.get("points")
        if points is not None and data.get("points_for") == Camp.DEFENSE:
            points = TOTAL_POINTS - points
        bouts = data.get("bouts")
        return DealResult(
            taker=data.get("taker") or None,
            contract=data.get("contract") or None,
            partner=data.get("partner") or None,
            sitting_out=data.get("sitting_out") or None,
            bouts=int(bouts) if bouts not in (None, "") else None,
            points=points,
            **asdict(self._primes(data)),
        )


def initial_for(deal, *, number: int | None = None) -> dict:
    """The form's initial values: a stored deal's (to correct or complete it), or a new one."""
    if deal is None:
        return {"number": number, "points_for": Camp.ATTACK, "petit_au_bout": NONE}
    initial = {
        "number": deal.number,
        "version": deal.version,
        "taker": deal.taker,
        "contract": deal.contract,
        "partner": deal.partner or NONE,
        "sitting_out": deal.sitting_out,
        "bouts": "" if deal.bouts is None else str(deal.bouts),
        "points": points_text(deal.points),
        "points_for": Camp.ATTACK,
        "petit_au_bout": deal.petit_au_bout or NONE,
        "chelem": deal.chelem or NONE,
        "chelem_announced": deal.chelem_announced,
    }
    for place, size in deal.poignees().items():
        initial[POIGNEES.field_name(place)] = size
    for place, kinds in deal.miseres().items():
        initial[MISERES.field_name(place)] = kinds
    return initial


class TableCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Code de la table"),
        max_length=20,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "autofocus": True,
            }
        ),
    )
