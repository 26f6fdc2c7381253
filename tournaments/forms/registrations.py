"""The players of a tournament: searching the directory, registering, correcting a participant,
importing a CSV list, the teams."""

import base64
import binascii
from operator import attrgetter

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.forms import AnotherPersonField, LicenceField
from clubs.models import Player
from common.forms import RowChoiceField, RowsChoiceField, choices_by_name, holdable_id
from tournaments.models import Registration, Team, Tournament
from tournaments.selectors.registrations import players_visible_to


class PlayerSearchForm(forms.Form):
    # A bounded text without NUL (which PostgreSQL refuses): the form's CharField sees to it.
    q = forms.CharField(
        label=_("Chercher un joueur déjà connu"),
        required=False,
        max_length=100,
        widget=forms.SearchInput(attrs={"placeholder": _("nom ou n° de licence")}),
    )


def _team_field(tournament: Tournament) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        label=_("Équipe"),
        queryset=tournament.teams.all(),
        required=False,
        empty_label=_("— aucune —"),
    )


class RegistrationForm(forms.Form):
    """A new player, typed in; or a known player picked from the search (``player``).

    ``player`` takes only a player the tournament's club may see: any other id, forged or
    not, is « Joueur inconnu. », whoever it names (docs, « Players, clubs and tenancy »).
    """

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, widget=forms.HiddenInput
    )
    last_name = forms.CharField(label=_("Nom"), max_length=100, required=False)
    first_name = forms.CharField(label=_("Prénom"), max_length=100, required=False)
    licence = LicenceField()
    club = forms.CharField(label=_("Club"), max_length=200, required=False)
    number = forms.IntegerField(
        label=_("N° de participant"),
        min_value=1,
        max_value=32767,
        required=False,
        help_text=_("Laisser vide pour le suivant."),
    )
    checked_in = forms.BooleanField(label=_("Pointé présent"), required=False)
    another_person = AnotherPersonField()

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["player"] = RowChoiceField(
            queryset=players_visible_to(club_ids=[tournament.club_id]),
            required=False,
            widget=forms.HiddenInput,
            error_messages={"invalid_choice": _("Joueur inconnu.")},
        )
        if tournament.team_size > 1:
            self.fields["team"] = _team_field(tournament)

    def clean(self):
        data = super().clean()
        if "player" in self.errors:
            # A hidden field: its refusal shows above the form, and nothing else is asked.
            self.add_error(None, self.errors.pop("player"))
        elif data.get("player") is None:
            if not data.get("last_name"):
                self.add_error("last_name", _("Le nom est obligatoire."))
            if not data.get("first_name"):
                self.add_error("first_name", _("Le prénom est obligatoire."))
        return data


class RegistrationEditForm(forms.Form):
    """Corrections to a participant: the player's details, their number and team."""

    last_name = forms.CharField(label=_("Nom"), max_length=100)
    first_name = forms.CharField(label=_("Prénom"), max_length=100)
    licence = LicenceField()
    club = forms.CharField(label=_("Club"), max_length=200, required=False)
    number = forms.IntegerField(label=_("N° de participant"), min_value=1, max_value=32767)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament.team_size > 1:
            self.fields["team"] = _team_field(tournament)


class CsvImportForm(forms.Form):
    file = forms.FileField(
        label=_("Fichier CSV"),
        help_text=_(
            "Une ligne par joueur : nom, prénom, licence, club, équipe "
            "(séparés par « ; » ou « , »). Une première ligne de titres est facultative."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    MAX_SIZE = 1_000_000

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > self.MAX_SIZE:
            raise forms.ValidationError(_("Fichier trop gros (1 Mo au plus)."))
        return file


ANOTHER_PERSON_ANSWER = "autre"


class HeldRowsForm(forms.Form):
    """The answers about the rows of a CSV file held for a name already known
    (``services.imports``): the same file again, and for each row (« fiche-<line> ») the id of
    the record it is, or « autre » for another person."""

    content = forms.CharField(widget=forms.HiddenInput, max_length=2 * CsvImportForm.MAX_SIZE)

    def clean_content(self) -> bytes:
        try:
            content = base64.b64decode(self.cleaned_data["content"], validate=True)
        except (binascii.Error, ValueError) as error:
            raise forms.ValidationError(_("Fichier illisible : importez-le de nouveau.")) from error
        if len(content) > CsvImportForm.MAX_SIZE:
            raise forms.ValidationError(_("Fichier trop gros (1 Mo au plus)."))
        return content

    def clean(self):
        data = super().clean()
        choices: dict[int, int | None] = {}
        for key, value in self.data.items():
            line = key.removeprefix("fiche-")
            if line == key or not holdable_id(line):
                continue
            if value == ANOTHER_PERSON_ANSWER:
                choices[int(line)] = None
            elif holdable_id(value):
                choices[int(line)] = int(value)
            else:
                raise forms.ValidationError(_("Fiche inconnue."))
        data["choices"] = choices
        return data

    @staticmethod
    def encoded(content: bytes) -> str:
        """The file as the form carries it, from one page to the next."""
        return base64.b64encode(content).decode("ascii")


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Nom de l'équipe"), max_length=100)
    members = RowsChoiceField(
        label=_("Joueurs"),
        queryset=Registration.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        choices_by_name(
            self.fields["members"],
            tournament.registrations.filter(team__isnull=True).select_related("player"),
            player=attrgetter("player"),
        )


class TeamAssignmentForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"] = _team_field(tournament)


def search_query(data) -> str:
    """The searched text of a GET (``q``), or nothing when it is not a text one can search."""
    form = PlayerSearchForm(data)
    return form.cleaned_data["q"] if form.is_valid() else ""
