"""A tournament's settings: creating it, changing them while they fit what is seated, publishing."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import (
    Tournament,
)
from tournaments.selectors.registrations import last_seated_position_number
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


@transaction.atomic
def create_tournament(*, arbitre: AbstractBaseUser, settings: Mapping[str, Any]) -> Tournament:
    """A new tournament run by ``arbitre``, with the given settings (see TOURNAMENT_SETTINGS)."""
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    return _save_tournament(Tournament(arbitre=arbitre, **settings))


@transaction.atomic
def update_tournament(*, tournament: Tournament, settings: Mapping[str, Any]) -> Tournament:
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
    for name, value in settings.items():
        setattr(tournament, name, value)
    return _save_tournament(tournament)


@transaction.atomic
def publish_tournament(*, tournament: Tournament, published: bool) -> Tournament:
    """Show the tournament to everyone on the home page (or hide it again)."""
    tournament.published = published
    tournament.save(update_fields=["published"])
    return tournament
