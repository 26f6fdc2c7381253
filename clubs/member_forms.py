"""The members' forms that choose among the directory's players: a member added (found or
typed in), and the tick list that fills an evening from the members. They parse and bound what
is typed; the services decide. The club's own forms are ``clubs.forms``."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.forms import AnotherPersonField, LicenceField, MemberEmailField
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
    licence = LicenceField()
    email = MemberEmailField()
    another_person = AnotherPersonField()

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


class RecordChoiceField(RowChoiceField):
    def label_from_instance(self, obj: Player) -> str:
        words = [str(obj)]
        if obj.licence:
            words.append(obj.licence)
        # club_records says which records are members; the others played the club's evenings.
        if not getattr(obj, "is_member", True):
            words.append(str(_("non membre")))
        return " · ".join(words)


KEEP_THIS, KEEP_OTHER = "cette", "autre"


class MergeForm(forms.Form):
    """Two records of the club that are one person: the other record, and which to keep."""

    other = RecordChoiceField(
        label=_("L'autre fiche de ce joueur"),
        queryset=Player.objects.none(),
        empty_label=None,
        error_messages={"invalid_choice": _("Fiche inconnue.")},
    )
    kept = forms.ChoiceField(
        label=_("Fiche à garder"),
        choices=[(KEEP_THIS, _("cette fiche")), (KEEP_OTHER, _("l'autre fiche"))],
        initial=KEEP_THIS,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, records, **kwargs):
        """``records``: the club's other records (``selectors.clubs.club_records``)."""
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = records.order_by("search_name", "pk")
