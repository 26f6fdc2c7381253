"""A seating plan changed by hand: two seats swapped."""

from operator import attrgetter

from django import forms
from django.utils.translation import gettext_lazy as _

from common.forms import RowChoiceField, choices_by_name
from tournaments.models import Seat


class SwapForm(forms.Form):
    """Two seats of one position whose players the arbitre swaps."""

    first = RowChoiceField(label=_("Joueur"), queryset=Seat.objects.none())
    second = RowChoiceField(label=_("avec"), queryset=Seat.objects.none())
    # Asked only when the swap makes players meet again (``services.seating.swap_seats``).
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
