"""The club's forms: the club, an arbitre added by login, a member's name and licence. They
parse and bound what is typed; the services decide, and ``common.refusals.add_refusal`` puts
a service's refusal back beside what was typed.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.licence_files import FIELDS, MAX_BYTES, REQUIRED
from clubs.models import validate_licence


class LicenceField(forms.CharField):
    """The FFT licence as every form types it: digits only, or empty (``validate_licence``)."""

    def __init__(self, **kwargs):
        kwargs = {"label": _("N° de licence FFT"), "max_length": 20, "required": False} | kwargs
        super().__init__(validators=[validate_licence], **kwargs)


class AnotherPersonField(forms.BooleanField):
    """« C'est une autre personne »: hidden until a name typed is already known
    (``ask_another_person``), then a box the arbitre ticks to make a new record anyway."""

    def __init__(self, **kwargs):
        kwargs = {
            "label": _("C'est une autre personne : créer une nouvelle fiche"),
            "required": False,
            "widget": forms.HiddenInput,
        } | kwargs
        super().__init__(**kwargs)


def ask_another_person(form: forms.Form) -> None:
    """Show the « C'est une autre personne » box, after a refusal for a name already known."""
    form.fields["another_person"].widget = forms.CheckboxInput()


class MemberEmailField(forms.CharField):
    """The club's address for a member: optional, checked by the service (``member_email``),
    so that what was typed comes back beside its refusal."""

    def __init__(self, **kwargs):
        kwargs = {
            "label": _("Adresse e-mail"),
            "max_length": 254,
            "required": False,
            "help_text": _(
                "Pour lui envoyer le lien de ses soirées. Le club seul la voit : elle n'est "
                "jamais affichée publiquement."
            ),
            "widget": forms.EmailInput(attrs={"autocomplete": "off"}),
        } | kwargs
        super().__init__(**kwargs)


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Nom du club"), max_length=200)
    town = forms.CharField(label=_("Ville"), max_length=200, required=False)


class ArbitreForm(forms.Form):
    username = forms.CharField(
        label=_("Identifiant du compte"),
        max_length=150,
        help_text=_("L'identifiant avec lequel cet arbitre se connecte."),
    )


class MemberEditForm(forms.Form):
    last_name = forms.CharField(label=_("Nom"), max_length=100)
    first_name = forms.CharField(label=_("Prénom"), max_length=100)
    licence = LicenceField()
    email = MemberEmailField()
    another_person = AnotherPersonField(
        label=_("C'est une autre personne : garder les deux fiches")
    )


class AccountForm(forms.Form):
    """A new account for a tournament's team: its login, and the name it goes by."""

    username = forms.CharField(
        label=_("Identifiant"),
        max_length=150,
        help_text=_("Lettres, chiffres et @ . + - _ seulement."),
    )
    first_name = forms.CharField(label=_("Prénom"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Nom"), max_length=150, required=False)


class LicenceFileForm(forms.Form):
    """The federation's licence list, as a file (docs, « La liste des licences »)."""

    file = forms.FileField(
        label=_("Fichier de la liste des licences"),
        help_text=_(
            "CSV (séparé par « ; » ou « , ») ou classeur Excel (.xlsx), une ligne par licence, "
            "la première nommant les colonnes. 20 Mo au plus."
        ),
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".csv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-"
                "officedocument.spreadsheetml.sheet"
            }
        ),
    )

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > MAX_BYTES:
            raise forms.ValidationError(
                _("Le fichier dépasse %(size)s Mo : ce n'est pas une liste de licences.")
                % {"size": MAX_BYTES // (1024 * 1024)}
            )
        return file


class LicenceColumnsForm(forms.Form):
    """Which column of the file holds each of the player's fields: a list of the file's
    columns for each, the licence and both names required."""

    def __init__(self, headers: list[str], *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("(aucune)")), *((header, header) for header in headers if header)]
        for name, label in FIELDS.items():
            self.fields[name] = forms.ChoiceField(
                label=label, choices=choices, required=name in REQUIRED
            )
        self.fields["fingerprint"] = forms.CharField(
            required=False, max_length=64, widget=forms.HiddenInput
        )

    @property
    def columns(self) -> dict[str, str]:
        return {name: self.cleaned_data[name] for name in FIELDS if self.cleaned_data.get(name)}
