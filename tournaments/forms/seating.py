"""A seating plan changed by hand: two seats swapped."""

from operator import attrgetter

from django import forms
from django.utils.translation import gettext_lazy as _

from common.forms import RowChoiceField, choices_by_name
from tournaments.models import Registration, Seat


class SwapForm(forms.Form):
    """Two seats of one position whose players the arbitre swaps."""

    first = RowChoiceField(label=_("Joueur"), queryset=Seat.objects.none())
    second = RowChoiceField(label=_("avec"), queryset=Seat.objects.none())
    # Asked only when the swap makes players meet again or breaks a seating wish
    # (``services.seating.swap_seats``).
    reason = forms.CharField(
        label=_("Motif de l'échange (il sera public)"), max_length=300, required=False
    )

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            choices_by_name(self.fields[name], seats, player=attrgetter("registration.player"))
            self.fields[name].label_from_instance = self.seat_label
            self.fields[name].empty_label = _("— choisir —")

    @staticmethod
    def seat_label(seat: Seat) -> str:
        return _("%(player)s (table %(table)s, %(place)s)") % {
            "player": seat.registration.player,
            "table": seat.table.number,
            "place": seat.get_place_display(),
        }


# Closing positions and penalties ----------------------------------------------------------


# The arbitre's seating wishes ---------------------------------------------------------------


def _registration_field(label) -> RowChoiceField:
    field = RowChoiceField(label=label, queryset=Registration.objects.none())
    field.label_from_instance = attrgetter("numbered")
    field.empty_label = _("— choisir —")
    field.error_messages["invalid_choice"] = _("Choisissez un joueur inscrit à ce tournoi.")
    return field


def _reason_field(help_text) -> forms.CharField:
    return forms.CharField(
        label=_("Motif"),
        max_length=300,
        help_text=help_text,
        error_messages={"required": _("Donnez le motif.")},
    )


class ApartForm(forms.Form):
    """Two players of the tournament never seated at one table, and why."""

    first = _registration_field(_("Joueur"))
    second = _registration_field(_("à tenir à l'écart de"))
    reason = _reason_field(_("Par exemple : même famille, conflit signalé."))

    def __init__(self, *args, registrations, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            choices_by_name(self.fields[name], registrations, player=attrgetter("player"))


class FixedTableForm(forms.Form):
    """A player seated at the same table at every position, and why."""

    registration = _registration_field(_("Joueur"))
    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        max_value=9999,
        error_messages={
            "min_value": _("Les tables sont numérotées à partir de 1."),
            "max_value": _("Les tables sont numérotées à partir de 1."),
        },
    )
    reason = _reason_field(_("Par exemple : mobilité réduite, la table près de la porte."))

    def __init__(self, *args, registrations, **kwargs):
        super().__init__(*args, **kwargs)
        choices_by_name(self.fields["registration"], registrations, player=attrgetter("player"))
