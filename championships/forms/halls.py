"""What the arbitre types to add a hall and to give a role in a tournament."""

from django import forms
from django.utils.translation import gettext_lazy as _

from championships.models import Hall, TournamentRole
from tournaments.models import Tournament


class HallForm(forms.Form):
    name = forms.CharField(label=_("Nom de la salle"), max_length=60)
    first_table = forms.IntegerField(
        label=_("De la table"),
        min_value=1,
        max_value=32767,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    last_table = forms.IntegerField(
        label=_("À la table"),
        min_value=1,
        max_value=32767,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def clean(self):
        data = super().clean()
        first, last = data.get("first_table"), data.get("last_table")
        if first is not None and last is not None and last < first:
            self.add_error("last_table", _("La dernière table vient après la première."))
        return data


class RoleForm(forms.Form):
    username = forms.CharField(label=_("Identifiant du compte"), max_length=150)
    role = forms.ChoiceField(label=_("Rôle"), choices=TournamentRole.Kind.choices)
    hall = forms.ModelChoiceField(
        label=_("Salle (arbitre de salle)"),
        queryset=Hall.objects.none(),
        required=False,
        empty_label=_("— aucune —"),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hall"].queryset = tournament.halls.order_by("first_table")

    def clean(self):
        data = super().clean()
        if data.get("role") == TournamentRole.Kind.HALL_ARBITRE and not data.get("hall"):
            self.add_error("hall", _("Choisissez la salle de l'arbitre de salle."))
        return data
