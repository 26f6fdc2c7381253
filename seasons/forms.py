"""The arbitre's season form: it parses what is typed; the services decide."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from common.forms import RowsChoiceField
from seasons.models import Method, Season, method_words
from seasons.services.seasons import MAX_EVENINGS
from tournaments.models import Tournament

EVENINGS_BY_DATES = "dates"
EVENINGS_CHOSEN = "choisies"


class TournamentChoices(RowsChoiceField):
    """The club's evenings by id (an id no row can hold is an invalid choice, not a 500)."""

    def label_from_instance(self, obj: Tournament) -> str:
        hidden = "" if obj.published else " — " + str(_("pas encore publiée"))
        return f"{obj.date:%d/%m/%Y} · {obj.name}{hidden}"


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Nom de la saison"), max_length=200)
    start = forms.DateField(
        label=_("Début"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    end = forms.DateField(
        label=_("Fin"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    method = forms.ChoiceField(
        label=_("Méthode de classement"),
        choices=Method.choices,
        initial=Method.PLACE_POINTS,
        widget=forms.RadioSelect,
        help_text=lazy(
            lambda: " ".join(f"{label} : {method_words(value)}" for value, label in Method.choices),
            str,
        )(),
    )
    best = forms.IntegerField(
        label=_("Ne retenir que les meilleures soirées"),
        min_value=1,
        max_value=MAX_EVENINGS,
        required=False,
        help_text=_("Laissez vide pour compter toutes les soirées."),
    )
    minimum = forms.IntegerField(
        label=_("Soirées jouées pour être classé"),
        min_value=1,
        max_value=MAX_EVENINGS,
        initial=1,
        help_text=_("Les joueurs en dessous sont listés à part."),
    )
    evenings = forms.ChoiceField(
        label=_("Soirées comptées"),
        choices=[
            (EVENINGS_BY_DATES, _("Toutes les soirées publiées du club entre ces dates")),
            (EVENINGS_CHOSEN, _("Seulement celles cochées ci-dessous")),
        ],
        initial=EVENINGS_BY_DATES,
        widget=forms.RadioSelect,
    )
    tournaments = TournamentChoices(
        label=_("Soirées du club"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the club's own evenings are offered: another club's id is « not a choice ».
        self.fields["tournaments"].queryset = Tournament.objects.filter(club=club).order_by(
            "-date", "name"
        )

    @classmethod
    def initial_of(cls, season: Season) -> dict:
        return {
            "name": season.name,
            "start": season.start,
            "end": season.end,
            "method": season.method,
            "best": season.best,
            "minimum": season.minimum,
            "evenings": EVENINGS_CHOSEN if season.chosen else EVENINGS_BY_DATES,
            "tournaments": list(season.tournaments.all()),
        }

    def season_fields(self) -> dict:
        data = self.cleaned_data
        chosen = data["evenings"] == EVENINGS_CHOSEN
        return {
            "name": data["name"],
            "start": data["start"],
            "end": data["end"],
            "method": data["method"],
            "best": data["best"],
            "minimum": data["minimum"],
            "tournaments": list(data["tournaments"]) if chosen else None,
        }
