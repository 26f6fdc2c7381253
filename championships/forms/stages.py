"""The arbitre's stage form: what is typed about a stage, checked before the services decide."""

from fractions import Fraction

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext_lazy as _

from championships.models.stages import FRACTION_WORDS

CARRY_OVER_CHOICES = [
    ("0", _("Aucun report")),
    *[
        (str(share), capfirst(format_lazy(_("{share} du total"), share=words)))
        for share, words in sorted(FRACTION_WORDS.items())
    ],
    ("1", _("Le total entier")),
]


class StageForm(forms.Form):
    name = forms.CharField(
        label=_("Nom de la phase"),
        max_length=60,
        help_text=_("Par exemple « Qualification », « Demi-finale », « Finale »."),
    )
    positions_count = forms.IntegerField(label=_("Nombre de positions"), min_value=1, max_value=30)
    cut = forms.IntegerField(
        label=_("Qualifiés pour la phase suivante"),
        min_value=1,
        max_value=5000,
        required=False,
        help_text=_(
            "Les premiers du classement de la phase ; les ex aequo à la limite passent tous. "
            "Vide pour la dernière phase."
        ),
    )
    cut_per_hall = forms.BooleanField(
        label=_("Qualifiés par salle"),
        required=False,
        help_text=_("Les premiers de chaque salle, là où chacun a fini la phase."),
    )
    carry_over = forms.ChoiceField(
        label=_("Points reportés de la phase précédente"),
        choices=CARRY_OVER_CHOICES,
        initial="0",
        help_text=_("Arrondis au point. La première phase ne reporte rien."),
    )

    def __init__(
        self, *args, first: bool = False, last: bool = True, halls: bool = False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        if first:
            del self.fields["carry_over"]
        if last:
            del self.fields["cut"]
        if last or not halls:
            del self.fields["cut_per_hall"]

    @property
    def carry_over_share(self) -> Fraction:
        return Fraction(self.cleaned_data.get("carry_over", "0"))
