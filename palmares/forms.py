"""The arbitre's prize table form and the unlock form: they parse what is typed (amounts in
French, « 12,50 »); the services decide."""

import re
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from palmares.models import Category, PotKind, PrizeTable, TieRule
from palmares.services.prize_tables import MAX_REASON, MAX_ROWS, MAX_SERIE, RowSpec

# Blank rows offered below the table's own, to add prizes without any script.
BLANK_ROWS = 4
MAX_NUMBER_TEXT = 20
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?|-?\.[0-9]+", re.ASCII)


def parse_number(text: str) -> Decimal | None:
    """« 12,50 », « 12.5 », « 1 200 » as a Decimal; None for nothing typed. Anything else is
    refused in French (the service then checks the bounds and the cents)."""
    cleaned = "".join((text or "").split()).replace("\u202f", "").replace(",", ".")
    cleaned = cleaned.removesuffix("€").removesuffix("%")
    if not cleaned:
        return None
    # Plain digits only: no exponent (« 1e999 »), no other script's digits, no sign but the
    # minus, whose refusal the service words (« de 0 à … »).
    if len(cleaned) > MAX_NUMBER_TEXT or not NUMBER.fullmatch(cleaned):
        raise forms.ValidationError(_("Un nombre, comme 12,50."), code="number")
    return Decimal(cleaned)


class NumberField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 40)
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off", "size": 10})

    def clean(self, value):
        return parse_number(super().clean(value))


class PrizeTableForm(forms.Form):
    pot_kind = forms.ChoiceField(
        label=_("Dotation"),
        choices=PotKind.choices,
        initial=PotKind.AMOUNTS,
        widget=forms.RadioSelect,
        help_text=_(
            "Montants fixes : chaque ligne est un montant en euros, la dotation est leur "
            "somme. Part des recettes : la dotation est la part dite des recettes (joueurs "
            "pointés × droit d'inscription), et chaque ligne une part de la dotation, en %."
        ),
    )
    fee = NumberField(label=_("Droit d'inscription (€)"))
    percent = NumberField(label=_("Part des recettes versée en prix (%)"))
    ties = forms.ChoiceField(
        label=_("Ex æquo"),
        choices=TieRule.choices,
        initial=TieRule.SHARE,
        widget=forms.RadioSelect,
        help_text=_(
            "Partage : les ex æquo se partagent la somme de leurs prix. Départage : le "
            "meilleur bilan d'une position les sépare (puis le suivant) ; encore égaux, ils "
            "partagent."
        ),
    )
    one_prize_each = forms.BooleanField(
        label=_("Un seul prix par joueur (le plus gros)"), required=False, initial=True
    )

    @staticmethod
    def initial_of(table: PrizeTable | None) -> dict:
        if table is None:
            return {"pot_kind": PotKind.AMOUNTS, "ties": TieRule.SHARE, "one_prize_each": True}
        return {
            "pot_kind": table.pot_kind,
            "fee": _french(table.fee) if table.fee else "",
            "percent": _french(table.percent) if table.percent is not None else "",
            "ties": table.ties,
            "one_prize_each": table.one_prize_each,
        }


def _french(number: Decimal) -> str:
    return f"{number.normalize():f}".replace(".", ",")


class PrizeRowForm(forms.Form):
    # Short words, for a phone's narrow column; the prize list says « Classement général ».
    category = forms.ChoiceField(
        label=_("Liste"),
        choices=[
            (Category.SCRATCH, _("Général")),
            (Category.LADIES, _("Dames")),
            (Category.YOUNG, _("Jeunes")),
            (Category.SERIE, _("Série")),
        ],
        required=False,
    )
    serie = forms.CharField(
        label=_("Série"),
        required=False,
        max_length=MAX_SERIE,
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}),
    )
    value = NumberField(label=_("Montant (€) ou part (%)"))

    def spec(self) -> RowSpec | None:
        """The row typed, or None for a blank row (no value typed)."""
        value = self.cleaned_data.get("value")
        if value is None:
            return None
        category = self.cleaned_data.get("category") or Category.SCRATCH
        return RowSpec(category=category, serie=self.cleaned_data.get("serie", ""), value=value)


PrizeRowFormSet = forms.formset_factory(
    PrizeRowForm,
    extra=0,
    max_num=MAX_ROWS + BLANK_ROWS,
    absolute_max=MAX_ROWS + BLANK_ROWS,
    validate_max=True,
)


def rows_initial(table: PrizeTable | None) -> list[dict]:
    rows = list(table.rows.all()) if table is not None else []
    initial = [
        {
            "category": row.category,
            "serie": row.serie,
            "value": _french(row.share if row.share is not None else row.amount),
        }
        for row in sorted(rows, key=lambda row: row.order)
    ]
    return initial + [{"category": Category.SCRATCH}] * BLANK_ROWS


class UnlockForm(forms.Form):
    reason = forms.CharField(
        label=_("Pourquoi rouvrir le palmarès ?"),
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Journalisé avec votre nom : « erreur de saisie d'une donne corrigée »."),
    )
