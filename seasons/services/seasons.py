"""Every write to a season: create it, change its rules and choose its evenings.

Each is one transaction, told who acts (``by``), refusing with the one ``Refused`` and a
French message (nothing saved), and journalled in the seasons' journal, which the club's
journal page shows (``seasons.services.journal.record``).
"""

import datetime
from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from common.actors import Actor
from common.journal import fields_of
from common.refusals import Refused, clean_or_refuse
from seasons.models import Method, Season
from seasons.services import journal
from tournaments.models import Tournament

SEASON_FIELDS = ("name", "start", "end", "method", "best", "minimum")
# The rules that rank the season: frozen once it has ended.
RANKING_RULES = ("method", "best", "minimum")
# Far above any club's season (a year of weekly evenings is 52), and within the column.
MAX_EVENINGS = 1000


def _checked(season: Season) -> Season:
    season.name = " ".join((season.name or "").split())
    if not season.name:
        raise Refused(_("Donnez un nom à la saison."), field="name", code="name_missing")
    for name, label in (("best", _("meilleures soirées retenues")), ("minimum", _("minimum"))):
        value = getattr(season, name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_EVENINGS:
            raise Refused(
                _("%(label)s : un nombre de soirées de 1 à %(max)s.")
                % {"label": label.capitalize(), "max": MAX_EVENINGS},
                field=name,
                code=name,
            )
    # The model's checks (its constraints, in their French words) before anything is written.
    clean_or_refuse(season)
    return season


@transaction.atomic
def create_season(
    *,
    club: Club,
    name: str,
    start: datetime.date,
    end: datetime.date,
    method: str = Method.PLACE_POINTS,
    best: int | None = None,
    minimum: int = 1,
    tournaments: Iterable[Tournament] | None = None,
    by: Actor,
) -> Season:
    """A new season of ``club``: it counts ``tournaments`` (the club's own) or, with None,
    every published evening of the club in its dates."""
    season = _checked(
        Season(
            club=club, name=name, start=start, end=end, method=method, best=best, minimum=minimum
        )
    )
    chosen = _chosen(season, tournaments)
    season.chosen = chosen is not None
    season.save()
    season.tournaments.set(chosen or [])
    journal.record(
        season=season,
        action=journal.Action.SEASON_CREATED,
        by=by,
        before={},
        after=_fields(season),
    )
    return season


@transaction.atomic
def update_season(
    *,
    season: Season,
    name: str,
    start: datetime.date,
    end: datetime.date,
    method: str,
    best: int | None,
    minimum: int,
    tournaments: Iterable[Tournament] | None,
    by: Actor,
) -> Season:
    """Change the season's name, dates, ranking rules and evenings (as ``create_season``);
    the rules (method, best K, minimum M) no longer change once the season has ended."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = _fields(season)
    ended = season.has_ended()
    changes = {"name": name, "start": start, "end": end, "method": method}
    changes |= {"best": best, "minimum": minimum}
    if ended and any(getattr(season, rule) != changes[rule] for rule in RANKING_RULES):
        raise Refused(
            _(
                "La saison « %(name)s » est terminée depuis le %(end)s : sa méthode de "
                "classement, ses meilleures soirées et son minimum ne changent plus."
            )
            % {"name": season.name, "end": season.end.strftime("%d/%m/%Y")},
            field="method",
            code="season_ended",
        )
    for field_name, value in changes.items():
        setattr(season, field_name, value)
    chosen = _chosen(_checked(season), tournaments)
    season.chosen = chosen is not None
    season.save()
    season.tournaments.set(chosen or [])
    journal.record(
        season=season,
        action=journal.Action.SEASON_UPDATED,
        by=by,
        before=before,
        after=_fields(season),
    )
    return season


def _chosen(season: Season, tournaments: Iterable[Tournament] | None) -> list | None:
    """The evenings chosen, all of the season's club; None for « every evening in its dates »."""
    if tournaments is None:
        return None
    chosen = list(tournaments)
    foreign = [tournament for tournament in chosen if tournament.club_id != season.club_id]
    if foreign:
        raise Refused(
            _("« %(name)s » est une soirée d'un autre club : une saison ne compte que les "
              "soirées de son club.")
            % {"name": foreign[0].name},
            field="tournaments",
            code="other_club",
        )  # fmt: skip
    return chosen


def _fields(season: Season) -> dict:
    fields = fields_of(season, SEASON_FIELDS)
    if not season.pk or not season.chosen:
        return fields | {"evenings": _("toutes les soirées du club dans ses dates")}
    evenings = [str(tournament) for tournament in season.tournaments.order_by("date", "pk")]
    return fields | {"evenings": evenings}
