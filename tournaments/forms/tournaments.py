"""The tournament's settings: its name, date, rules and formula, as the arbitre types them."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.choices import RuleSet
from tournaments.models import Tournament
from tournaments.services.tournaments import TOURNAMENT_SETTINGS


class TournamentForm(forms.ModelForm):
    # Declared here so that a count below 1 is a French message on the field, before the
    # database's check constraint would refuse it.
    positions_count = forms.IntegerField(
        label=_("Nombre de positions"), min_value=1, max_value=30, initial=5
    )
    deals_per_position = forms.IntegerField(
        label=_("Donnes par position"), min_value=1, max_value=50, initial=5
    )
    # The FFT's rules unless the club's are chosen (docs/scoring.md §Règles du club); a form
    # sent without the choice keeps the default.
    rules = forms.ChoiceField(
        label=_("Règles de la marque"),
        choices=RuleSet.choices,
        initial=RuleSet.FFT,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Les options ci-dessous ne comptent qu'avec les règles du club. Les règles ne "
            "changent plus une fois la première donne inscrite."
        ),
    )

    def clean_rules(self) -> str:
        return self.cleaned_data["rules"] or RuleSet.FFT

    class Meta:
        model = Tournament
        fields = list(TOURNAMENT_SETTINGS)
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }
        help_texts = {
            "allow_five": _("Les tables de 3 sont homologuées par la FFT, celles de 5 non."),
            "homologable": _("Un tournoi homologable se joue aux règles FFT."),
            "club_miseres": _("« Pas d'honneur » et « pas d'atout », 10 points chacune."),
            "club_individual_primes": _(
                "Poignées et misères payées par le joueur qui les montre, ou à lui."
            ),
            "club_round_to_ten": _("Les points de plus ou de moins arrondis à la dizaine."),
            "published": _("Visible de tous sur la page d'accueil."),
        }
