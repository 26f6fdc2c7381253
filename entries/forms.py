"""What is typed for online registration: the public form, the arbitre's settings, the record
of a held entry. Checked here for shape; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from entries.models import Eligibility

NOT_TYPED_AT_ALL = {"required": _("Ce champ est obligatoire.")}


class EntryForm(forms.Form):
    """The public entry form: what a person types, kept as typed when refused."""

    last_name = forms.CharField(label=_("Nom"), max_length=100, strip=True)
    first_name = forms.CharField(label=_("Prénom"), max_length=100, strip=True)
    licence = forms.CharField(
        label=_("N° de licence FFT"),
        max_length=20,
        required=False,
        help_text=_("Des chiffres seulement, comme sur votre licence."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    club = forms.CharField(label=_("Club"), max_length=200, required=False)
    email = forms.CharField(
        label=_("Adresse e-mail"),
        max_length=254,
        help_text=_("Pour la confirmation et le lien de désistement."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args, licence_required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["licence"].required = licence_required
        self.fields["last_name"].widget.attrs["autocomplete"] = "family-name"
        self.fields["first_name"].widget.attrs["autocomplete"] = "given-name"


class LocalDateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self):
        super().__init__(format="%Y-%m-%dT%H:%M")


class OpeningForm(forms.Form):
    opens_at = forms.DateTimeField(
        label=_("Ouverture des inscriptions"),
        widget=LocalDateTimeInput(),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d/%m/%Y %H:%M"],
    )
    closes_at = forms.DateTimeField(
        label=_("Clôture des inscriptions"),
        widget=LocalDateTimeInput(),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d/%m/%Y %H:%M"],
    )
    capacity = forms.IntegerField(
        label=_("Nombre de places"),
        required=False,
        min_value=1,
        max_value=10000,
        help_text=_("Laissez vide pour ne pas limiter. Au-delà : liste d'attente."),
    )
    eligibility = forms.ChoiceField(label=_("Qui peut s'inscrire"), choices=Eligibility.choices)
    note = forms.CharField(
        label=_("Message affiché sur le formulaire"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class ResolveForm(forms.Form):
    """Who a held entry is: one of the records under its name, or « une autre personne »."""

    player = forms.CharField(required=False, max_length=20)

    def chosen_id(self) -> int | None | str:
        """A record's id, None for another person, or "" for a choice no record can have."""
        value = self.cleaned_data.get("player", "")
        if value == "autre":
            return None
        if value.isascii() and value.isdigit() and len(value) < 19:
            return int(value)
        return ""
