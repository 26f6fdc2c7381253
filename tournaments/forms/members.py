"""The members' forms that choose among the directory's players: a member added (found or
typed in), and the tick list that fills an evening from the members. They parse and bound what
is typed; the services decide. The club's own forms are ``clubs.forms``."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from common.forms import RowChoiceField, RowsChoiceField


class MemberForm(forms.Form):
    """A new member: a known player picked from the search (``player``), or typed in."""

    player = RowChoiceField(
        queryset=Player.objects.none(),
        required=False,
        widget=forms.HiddenInput,
        error_messages={"invalid_choice": _("Joueur inconnu.")},
    )
    last_name = forms.CharField(label=_("Nom"), max_length=100, required=False)
    first_name = forms.CharField(label=_("Prénom"), max_length=100, required=False)
    licence = forms.CharField(label=_("N° de licence FFT"), max_length=20, required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players

    def clean(self):
        data = super().clean()
        if "player" in self.errors:
            # A hidden field: its refusal shows above the form, and nothing else is asked.
            self.add_error(None, self.errors.pop("player"))
        elif data.get("player") is None:
            if not data.get("last_name", "").strip():
                self.add_error("last_name", _("Le nom est obligatoire."))
            if not data.get("first_name", "").strip():
                self.add_error("first_name", _("Le prénom est obligatoire."))
        return data


class TickForm(forms.Form):
    """The players ticked on the tournament's players page, among those offered."""

    players = RowsChoiceField(
        queryset=Player.objects.none(),
        error_messages={
            "required": _("Cochez au moins un joueur."),
            "invalid_choice": _("Joueur inconnu."),
            "invalid_pk_value": _("Joueur inconnu."),
        },
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = players
