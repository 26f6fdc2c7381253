"""A tournament's settings: creating it, changing them while they fit what is seated, publishing."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, own_club_name
from clubs.permissions import is_club_arbitre
from clubs.services.clubs import create_club
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused, clean_or_refuse
from tournaments.choices import RULE_FIELDS
from tournaments.models import Deal, Tournament
from tournaments.selectors.registrations import last_seated_position_number
from tournaments.services import journal
from tournaments.signals import tournament_hidden, tournament_shown

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
    "homologable",
    "rules",
    "club_miseres",
    "club_individual_primes",
    "club_round_to_ten",
    "status",
    "published",
)
# The settings that change the marque (docs/scoring.md §Règles du club): fixed once a deal is
# recorded, so that every deal of a tournament is scored by the same rules.
RULE_SETTINGS = (*RULE_FIELDS, "five_mode")


def _save_tournament(tournament: Tournament) -> Tournament:
    clean_or_refuse(tournament)
    tournament.save()
    return tournament


def _club_of(arbitre: AbstractBaseUser, by: Actor) -> Club:
    """The club of an arbitre who named none: their only one, or a new one named after them
    (an account in no club yet); with several, they must choose."""
    clubs = list(arbitre.clubs.order_by("pk")[:2])
    if len(clubs) == 1:
        return clubs[0]
    if clubs:
        raise Refused(_("Choisissez le club du tournoi."), code="club_required", field="club")
    return create_club(name=own_club_name(arbitre), by=by)


def _check_club(club: Club, arbitre: AbstractBaseUser) -> None:
    if not is_club_arbitre(arbitre, club.pk):
        raise Refused(
            _("Vous n'êtes pas arbitre de ce club."), code="not_club_arbitre", field="club"
        )


@retry_once_on_conflict
@transaction.atomic
def create_tournament(
    *,
    settings: Mapping[str, Any],
    by: Actor,
    club: Club | None = None,
    arbitre: AbstractBaseUser | None = None,
) -> Tournament:
    """A new tournament of ``club``, with the given settings (see TOURNAMENT_SETTINGS), run by
    the arbitre who creates it (``by``); a script names the account it creates it for
    (``arbitre``). The arbitre must be one of the club's; without a club, their only one
    (created, named after them, if they have none)."""
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"Unknown tournament settings: {sorted(unknown)}")
    arbitre = arbitre or by.user
    if arbitre is None:
        raise TypeError("A tournament is run by an arbitre: a script names their account.")
    if club is None:
        club = _club_of(arbitre, by)
    else:
        _check_club(club, arbitre)
    tournament = _save_tournament(Tournament(arbitre=arbitre, club=club, **settings))
    journal.record_fields(
        action=journal.Action.TOURNAMENT_CREATED,
        by=by,
        subject=tournament,
        fields=TOURNAMENT_SETTINGS,
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
    if (
        settings.get("positions_count", tournament.positions_count) != tournament.positions_count
        and tournament.stages.exists()
    ):
        raise Refused(
            _("Le tournoi se joue en phases : son nombre de positions est celui de ses phases."),
            code="positions_follow_stages",
            field="positions_count",
        )
    check_rules_open(tournament, settings)
    before = fields_of(tournament, settings)
    for name, value in settings.items():
        setattr(tournament, name, value)
    tournament = _save_tournament(tournament)
    journal.record_fields(
        action=journal.Action.TOURNAMENT_UPDATED,
        by=by,
        subject=tournament,
        fields=settings,
        before=before,
    )
    return tournament


def check_rules_open(tournament: Tournament, settings: Mapping[str, Any]) -> None:
    """The rules may change until the first deal is recorded, never after. The settings form
    asks this first too, so that a played tournament is refused for this reason rather than
    for how its new rules would hold together."""
    changed = [
        name
        for name in RULE_SETTINGS
        if name in settings and settings[name] != getattr(tournament, name)
    ]
    if changed and Deal.objects.filter(table__position__tournament=tournament).exists():
        raise Refused(
            _(
                "Des donnes sont déjà inscrites aux « %(rules)s » : les règles du tournoi ne "
                "peuvent plus changer, pour que toutes les donnes se marquent de la même façon."
            )
            % {"rules": tournament.rules_label},
            code="rules_fixed",
            field=changed[0],
        )


@retry_once_on_conflict
@transaction.atomic
def publish_tournament(*, tournament: Tournament, published: bool, by: Actor) -> Tournament:
    """Show the tournament to everyone on the home page (or hide it again)."""
    before = fields_of(tournament, ["published"])
    was_published = (
        Tournament.objects.select_for_update()
        .values_list("published", flat=True)
        .get(pk=tournament.pk)
    )
    tournament.published = published
    # Written by an update, not a save: a tournament's save that hides it is one made outside
    # the services (the admin, a script), which the seasons note with no actor known; this
    # service tells them who acts instead.
    Tournament.objects.filter(pk=tournament.pk).update(published=published)
    if was_published and not published:
        tournament_hidden.send(sender=Tournament, tournament=tournament, by=by)
    elif published and not was_published:
        tournament_shown.send(sender=Tournament, tournament=tournament, by=by)
    journal.record_fields(
        action=journal.Action.TOURNAMENT_PUBLISHED
        if published
        else journal.Action.TOURNAMENT_HIDDEN,
        by=by,
        subject=tournament,
        fields=["published"],
        before=before,
    )
    return tournament
