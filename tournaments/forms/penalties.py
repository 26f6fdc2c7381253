"""A penalty given: to whom, at which position, how many points, why."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament
from tournaments.services.penalties import MAX_PENALTY_POINTS


class PenaltyForm(forms.Form):
    """A penalty: the participant by number, the position, the points taken off, why."""

    number = forms.IntegerField(
        label=_("N° du participant"),
        min_value=1,
        max_value=32767,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    position = forms.TypedChoiceField(label=_("Position"), coerce=int)
    points = forms.IntegerField(
        label=_("Points retirés"),
        min_value=1,
        max_value=MAX_PENALTY_POINTS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.CharField(label=_("Motif"), max_length=300)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["position"].choices = [
            (position.number, str(position))
            for position in tournament.positions.filter(tables__isnull=False).distinct()
        ]

    def clean_number(self):
        number = self.cleaned_data["number"]
        registration = (
            self.tournament.registrations.select_related("player").filter(number=number).first()
        )
        if registration is None:
            raise forms.ValidationError(
                _("Aucun participant ne porte le numéro %(number)s."), params={"number": number}
            )
        self.registration = registration
        return number

    def clean_position(self):
        number = self.cleaned_data["position"]
        self.position_obj = self.tournament.positions.get(number=number)
        return number
