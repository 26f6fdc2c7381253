"""The arbitre's set-up forms: they parse and check what is typed; the services decide.

A service refusal (``Refused``) is put back on the form with ``common.refusals.add_refusal``,
beside the field it is about, so that the arbitre sees the message next to what they typed.
"""

from operator import attrgetter

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from common.forms import RowChoiceField, RowsChoiceField, choices_by_name
from tournaments.choices import RuleSet
from tournaments.models import Registration, Seat, Team, Tournament
from tournaments.selectors.registrations import players_visible_to
from tournaments.services.penalties import MAX_PENALTY_POINTS
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
    not, is « Joueur inconnu. », whoever it names (README, « Players, clubs and tenancy »).
    """

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, widget=forms.HiddenInput
    )
    last_name = forms.CharField(label=_("Nom"), max_length=100, required=False)
    first_name = forms.CharField(label=_("Prénom"), max_length=100, required=False)
    licence = forms.CharField(label=_("N° de licence FFT"), max_length=20, required=False)
    club = forms.CharField(label=_("Club"), max_length=200, required=False)
    number = forms.IntegerField(
        label=_("N° de participant"),
        min_value=1,
        max_value=32767,
        required=False,
        help_text=_("Laisser vide pour le suivant."),
    )
    checked_in = forms.BooleanField(label=_("Pointé présent"), required=False)

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
    licence = forms.CharField(label=_("N° de licence FFT"), max_length=20, required=False)
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


class SwapForm(forms.Form):
    """Two seats of one position whose players the arbitre swaps."""

    first = RowChoiceField(label=_("Joueur"), queryset=Seat.objects.none())
    second = RowChoiceField(label=_("avec"), queryset=Seat.objects.none())

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            choices_by_name(self.fields[name], seats, player=attrgetter("registration.player"))
            self.fields[name].label_from_instance = self.seat_label
            self.fields[name].empty_label = _("— choisir —")

    @staticmethod
    def seat_label(seat: Seat) -> str:
        return _("%(player)s (table %(table)s, %(place)s)") % {
            "player": seat.registration.player,
            "table": seat.table.number,
            "place": seat.get_place_display(),
        }


# Closing positions and penalties ----------------------------------------------------------


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


class ReopenPositionForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif de la réouverture"),
        max_length=300,
        error_messages={"required": _("Pour rouvrir la position, donnez-en le motif.")},
    )


class PenaltyForm(forms.Form):
    """A penalty: the participant by number, the position, the points taken off, why."""

    number = forms.IntegerField(
        label=_("N° du participant"),
        min_value=1,
        max_value=32767,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    position = forms.TypedChoiceField(label=_("Position"), coerce=int)
    points = forms.IntegerField(
        label=_("Points retirés"),
        min_value=1,
        max_value=MAX_PENALTY_POINTS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.CharField(label=_("Motif"), max_length=300)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["position"].choices = [
            (position.number, str(position))
            for position in tournament.positions.filter(tables__isnull=False).distinct()
        ]

    def clean_number(self):
        number = self.cleaned_data["number"]
        registration = (
            self.tournament.registrations.select_related("player").filter(number=number).first()
        )
        if registration is None:
            raise forms.ValidationError(
                _("Aucun participant ne porte le numéro %(number)s."), params={"number": number}
            )
        self.registration = registration
        return number

    def clean_position(self):
        number = self.cleaned_data["position"]
        self.position_obj = self.tournament.positions.get(number=number)
        return number


def search_query(data) -> str:
    """The searched text of a GET (``q``), or nothing when it is not a text one can search."""
    form = PlayerSearchForm(data)
    return form.cleaned_data["q"] if form.is_valid() else ""


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
