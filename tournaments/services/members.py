"""A club's members as the tournaments see them: a member added (a player the club may see,
or one typed in) or corrected, and an evening filled from the members. Each one is a service
in one transaction, journalled in the club's journal (``clubs.services.journal.record``), or
in the tournament's for the registrations.

They live here, not in ``clubs``, because which players a club may see depends on the
tournaments they played (``registrations.players_visible_to``). A member's name and licence
are the player's, in the directory shared by every club: they change from here only where no
other club shows that player (the rule of ``registrations.update_registration``), and a
licence typed is resolved as a registration resolves it (``registrations.known_player``).
"""

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member, Player
from clubs.services import journal
from clubs.services.clubs import member_fields, one_line
from clubs.services.players import corrected_player, new_player, refuse_licence_taken
from common.actors import Actor
from common.refusals import Refused
from tournaments.models import Registration, Tournament
from tournaments.selectors.registrations import players_visible_to, shown_by_another_club
from tournaments.services import journal as tournament_journal
from tournaments.services.registrations import (
    known_player,
    participant_fields,
    register_player,
)


def _refuse_unknown_player() -> None:
    # The same words as a form's unknown choice: a forged id learns nothing.
    raise Refused(_("Joueur inconnu."), code="unknown_player", field="player")


@transaction.atomic
def add_member(
    *,
    club: Club,
    player: Player | None = None,
    last_name: str = "",
    first_name: str = "",
    licence: str = "",
    by: Actor,
) -> Member:
    """Make a player a member of the club: a known ``player`` the club may see, or a player
    typed in (a licence already known names the same player, as for a registration)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if player is not None:
        if not players_visible_to(club_ids=[club.pk]).filter(pk=player.pk).exists():
            _refuse_unknown_player()
    else:
        last_name, first_name, licence = (
            one_line(last_name),
            one_line(first_name),
            one_line(licence),
        )
        if not last_name:
            raise Refused(_("Le nom est obligatoire."), code="required", field="last_name")
        if not first_name:
            raise Refused(_("Le prénom est obligatoire."), code="required", field="first_name")
        player = known_player(licence=licence, last_name=last_name, club_id=club.pk)
        if player is None:
            player = new_player(
                last_name=last_name, first_name=first_name, licence=licence, club=club.name
            )
    if club.members.filter(player=player).exists():
        raise Refused(
            _("%(player)s est déjà membre du club.") % {"player": player},
            code="already_member",
            field="last_name",
        )
    try:
        with transaction.atomic():
            member = Member.objects.create(club=club, player=player)
    except IntegrityError as error:
        raise Refused(
            _("%(player)s vient d'être ajouté au club.") % {"player": player},
            code="conflict",
            field="last_name",
        ) from error
    journal.record(
        club=club,
        action=journal.Action.MEMBER_ADDED,
        by=by,
        subject=member,
        after=member_fields(member),
    )
    return member


@transaction.atomic
def update_member(
    *, member: Member, last_name: str, first_name: str, licence: str = "", by: Actor
) -> Member:
    """Correct a member's name or licence.

    The player is one person across clubs: where another club shows them (its tournaments, its
    members), their record never changes from here; a correction that keeps their licence is
    refused, one that drops or changes it gives the member a record of their own.
    """
    club = Club.objects.select_for_update().get(pk=member.club_id)
    member = Member.objects.select_related("player").get(pk=member.pk)
    before = member_fields(member)
    last_name, first_name, licence = one_line(last_name), one_line(first_name), one_line(licence)
    if not last_name:
        raise Refused(_("Le nom est obligatoire."), code="required", field="last_name")
    if not first_name:
        raise Refused(_("Le prénom est obligatoire."), code="required", field="first_name")
    player = member.player
    if (last_name, first_name, licence) == (player.last_name, player.first_name, player.licence):
        return member
    if licence and licence != player.licence:
        holder = known_player(licence=licence, last_name=last_name, club_id=club.pk)
        if holder is not None and holder.pk != player.pk:
            refuse_licence_taken(licence, holder)
    shared = shown_by_another_club(player, club_id=club.pk)
    # The member's own record when another club shows them, so that the other club keeps
    # showing theirs; the club's tournaments then follow the member.
    corrected = corrected_player(
        player=player,
        last_name=last_name,
        first_name=first_name,
        licence=licence,
        club=club.name if shared else player.club,
        shared=shared,
    )
    try:
        with transaction.atomic():
            corrected.save()
    except IntegrityError as error:
        raise Refused(
            _("Ce n° de licence vient d'être pris ; réessayez."),
            code="conflict",
            field="licence",
        ) from error
    if corrected.pk != player.pk:
        _follow_the_member(player=player, own=corrected, club=club, by=by)
        member.player = corrected
        member.save(update_fields=["player"])
    journal.record(
        club=club,
        action=journal.Action.MEMBER_UPDATED,
        by=by,
        subject=member,
        before=before,
        after=member_fields(member),
    )
    return member


@transaction.atomic
def register_members(
    *, tournament: Tournament, players: Sequence[Player], by: Actor
) -> list[Registration]:
    """Register each of ``players`` (ticked on the players page) not yet registered, through
    the registration service, all of them or none."""
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    return [
        register_player(tournament=tournament, player=player, by=by)
        for player in players
        if player.pk not in registered
    ]


def _follow_the_member(*, player: Player, own: Player, club: Club, by: Actor) -> None:
    """The club's tournaments name the member's own record from now on: each registration
    changed is a write to its tournament, in its journal (its ranking and the seasons' kept
    totals are read again from it)."""
    for registration in Registration.objects.filter(
        player=player, tournament__club=club
    ).select_related("player", "tournament"):
        before = participant_fields(registration)
        registration.player = own
        registration.save(update_fields=["player"])
        tournament_journal.record_change(
            action=tournament_journal.Action.REGISTRATION_UPDATED,
            by=by,
            subject=registration,
            before=before,
            after=participant_fields(registration),
        )
