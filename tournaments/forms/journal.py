"""The journal's filters: one position, one table."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class JournalFilterForm(forms.Form):
    """The journal's filters: one position, one table (a GET form, that works without
    JavaScript). A value that is not one of the choices is refused in French, never a 500."""

    position = forms.TypedChoiceField(
        label=_("Position"), coerce=int, required=False, empty_value=None
    )
    table = forms.TypedChoiceField(label=_("Table"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, tournament: Tournament, table_numbers: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        every = [("", _("Toutes"))]
        self.fields["position"].choices = every + [
            (number, _("Position %(number)s") % {"number": number})
            for number in range(1, tournament.positions_count + 1)
        ]
        self.fields["table"].choices = every + [
            (number, _("Table %(number)s") % {"number": number}) for number in table_numbers
        ]

    def filters(self) -> dict[str, int | None]:
        """The position and table asked for; none of them when the form is refused."""
        if not self.is_valid():
            return {"position": None, "table": None}
        return {"position": self.cleaned_data["position"], "table": self.cleaned_data["table"]}
