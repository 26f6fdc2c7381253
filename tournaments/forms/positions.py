"""Closing a position before every table has signed, and reopening one: each with its reason."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ClosePositionForm(forms.Form):
    force = forms.BooleanField(
        label=_("Forcer la clôture malgré les feuilles non signées"), required=False
    )
    reason = forms.CharField(
        label=_("Motif"),
        required=False,
        max_length=300,
        widget=forms.TextInput(attrs={"placeholder": _("ex. table 4 partie sans signer")}),
    )
    # Sent by « Clore quand même », once the arbitre has read the calls still unanswered.
    despite_calls = forms.BooleanField(required=False, widget=forms.HiddenInput)


class ReopenPositionForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif de la réouverture"),
        max_length=300,
        error_messages={"required": _("Pour rouvrir la position, donnez-en le motif.")},
    )
