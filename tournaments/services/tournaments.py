"""A tournament's settings: creating it, changing them while they fit what is seated, publishing."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.actors import Actor
from tournaments.db import retry_once_on_conflict
from tournaments.models import (
    Tournament,
)
from tournaments.selectors.registrations import last_seated_position_number
from tournaments.services import journal
from tournaments.services.errors import Refused, clean_or_refuse

TOURNAMENT_SETTINGS = (
    "name",
    "date",
    "venue",
    "organiser",
    "positions_count",
    "deals_per_position",
    "formula",
    "allow_five",
    "five_mode",
    "counts_all_pass",
    "status",
    "published",
)


def _save_tournament(tournament: Tournament) -> Tournament:
    clean_or_refuse(tournament)
    tournament.save()
    return tournament


@retry_once_on_conflict
@transaction.atomic
def create_tournament(
    *, arbitre: AbstractBaseUser, settings: Mapping[str, Any], by: Actor
) -> Tournament:
    """A new tournament run by ``arbitre``, with the given settings (see TOURNAMENT_SETTINGS)."""
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    tournament = _save_tournament(Tournament(arbitre=arbitre, **settings))
    journal.record(
        tournament=tournament,
        action=journal.Action.TOURNAMENT_CREATED,
        by=by,
        subject=tournament,
        after=journal.fields_of(tournament, TOURNAMENT_SETTINGS),
    )
    return tournament


@retry_once_on_conflict
@transaction.atomic
def update_tournament(
    *, tournament: Tournament, settings: Mapping[str, Any], by: Actor
) -> Tournament:
    """Change a tournament's settings, as long as they still fit the positions already seated.

    The number of positions cannot drop below the last position seated, and the formula
    (individual or teams) is fixed once a position is seated, since its tables were drawn
    to keep team-mates apart.
    """
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    last_seated = last_seated_position_number(tournament=tournament)
    if settings.get("positions_count", tournament.positions_count) < last_seated:
        raise Refused(
            _("La position %(number)s est déjà placée : le tournoi en compte au moins autant.")
            % {"number": last_seated},
            code="positions_seated",
            field="positions_count",
        )
    if last_seated and settings.get("formula", tournament.formula) != tournament.formula:
        raise Refused(
            _("Des positions sont déjà placées : la formule ne peut plus changer."),
            code="formula_fixed",
            field="formula",
        )
    before = journal.fields_of(tournament, settings)
    for name, value in settings.items():
        setattr(tournament, name, value)
    tournament = _save_tournament(tournament)
    journal.record(
        tournament=tournament,
        action=journal.Action.TOURNAMENT_UPDATED,
        by=by,
        subject=tournament,
        before=before,
        after=journal.fields_of(tournament, settings),
    )
    return tournament


@retry_once_on_conflict
@transaction.atomic
def publish_tournament(*, tournament: Tournament, published: bool, by: Actor) -> Tournament:
    """Show the tournament to everyone on the home page (or hide it again)."""
    before = journal.fields_of(tournament, ["published"])
    tournament.published = published
    tournament.save(update_fields=["published"])
    journal.record(
        tournament=tournament,
        action=journal.Action.TOURNAMENT_PUBLISHED
        if published
        else journal.Action.TOURNAMENT_HIDDEN,
        by=by,
        subject=tournament,
        before=before,
        after=journal.fields_of(tournament, ["published"]),
    )
    return tournament
