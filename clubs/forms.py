"""The club's forms: the club, an arbitre added by login, a member's name and licence. They
parse and bound what is typed; the services decide, and ``common.refusals.add_refusal`` puts
a service's refusal back beside what was typed.
"""

from django import forms
from django.utils.translation import gettext_lazy as _


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
    licence = forms.CharField(label=_("N° de licence FFT"), max_length=20, required=False)


class AccountForm(forms.Form):
    """A new account for a tournament's team: its login, and the name it goes by."""

    username = forms.CharField(
        label=_("Identifiant"),
        max_length=150,
        help_text=_("Lettres, chiffres et @ . + - _ seulement."),
    )
    first_name = forms.CharField(label=_("Prénom"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Nom"), max_length=150, required=False)
