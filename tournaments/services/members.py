"""A club's members as the tournaments see them: a member added (a player the club may see,
or one typed in) or corrected, and an evening filled from the members. Each one is a service
in one transaction, journalled in the club's journal (``clubs.services.journal.record``), or
in the tournament's for the registrations.

They live here, not in ``clubs``, because which players a club may see depends on the
tournaments they played (``registrations.players_visible_to``). A member's name and licence
are the player's, in the directory shared by every club: they are corrected from here for
every club that lists the player, unless the club sees them in another club's published
evening (the rule of ``registrations.update_registration``), and a licence typed is resolved
as a registration resolves it (``registrations.known_player``).
"""

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member, Player
from clubs.services import journal
from clubs.services.clubs import member_email, member_fields, one_line
from clubs.services.players import (
    corrected_player,
    licence_held_elsewhere,
    new_player,
    refuse_licence_taken,
)
from common.actors import Actor
from common.journal import fields_of
from common.names import search_name
from common.refusals import Refused
from tournaments.models import Registration, Tournament
from tournaments.selectors.registrations import players_visible_to, seen_in_another_club
from tournaments.services import journal as tournament_journal
from tournaments.services.homonyms import refuse_homonym
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
    email: str = "",
    another_person: bool = False,
    by: Actor,
) -> Member:
    """Make a player a member of the club: a known ``player`` the club may see, or a player
    typed in (a licence already known names the same player, as for a registration). A player
    typed in under the name of one the club may see is refused until the arbitre says it is
    ``another_person`` (``homonyms.refuse_homonym``). ``email``, the club's own address for
    the member, is optional."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    email = member_email(email)
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
        if player is None and not another_person:
            refuse_homonym(
                club_id=club.pk, last_name=last_name, first_name=first_name, licence=licence
            )
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
            member = Member.objects.create(club=club, player=player, email=email)
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
    *,
    member: Member,
    last_name: str,
    first_name: str,
    licence: str = "",
    email: str | None = None,
    another_person: bool = False,
    by: Actor,
) -> Member:
    """Correct a member's name or licence, or the club's address for them (``email``; None
    leaves it as it is). The address is the club's own: it changes nothing of the record.

    A member renamed onto the name of another record the club may see is refused as a member
    typed in is, until the arbitre says it is ``another_person`` (``homonyms.refuse_homonym``):
    one person, two records, is a merge. Accents or case corrected keep the name: no refusal.

    The player is one person across clubs, and one record of the directory: the correction is
    that record's, for every club that lists them, and the member keeps it (its id, its pages)
    whether or not another club lists them privately (its members, its unpublished evenings):
    a refusal or a new record resting on those would tell this club they exist (finding D9).
    Only where this club may see them in another club (a published evening) is the record kept
    as it is (``clubs.services.players.corrected_player``): a correction that keeps the licence
    is refused, one that changes it gives the member a record of their own.
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
        return _set_email(member, email, club=club, by=by)
    if email is not None:
        member.email = member_email(email)
        member.save(update_fields=["email"])
    if licence and licence != player.licence:
        holder = known_player(licence=licence, last_name=last_name, club_id=club.pk)
        if holder is not None and holder.pk != player.pk:
            refuse_licence_taken(licence, holder)
    renamed = search_name(last_name=last_name, first_name=first_name) != player.search_name
    if renamed and not another_person:
        refuse_homonym(
            club_id=club.pk,
            last_name=last_name,
            first_name=first_name,
            licence=licence,
            other_than=player,
        )
    # The record itself is corrected, whoever else lists the player privately: the member
    # keeps their record and its pages. Only another club's published evening keeps the
    # record as it is: the member then gets one of their own, which the club's tournaments
    # follow.
    seen = seen_in_another_club(player, club_id=club.pk)
    corrected = corrected_player(
        player=player,
        last_name=last_name,
        first_name=first_name,
        licence=licence,
        club=club.name if seen else player.club,
        seen=seen,
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


def _set_email(member: Member, email: str | None, *, club: Club, by: Actor) -> Member:
    """The club's address for the member alone changed (or nothing at all)."""
    before = member_fields(member)
    email = member.email if email is None else member_email(email)
    if email == member.email:
        return member
    member.email = email
    member.save(update_fields=["email"])
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


def _merge_memberships(*, club: Club, kept: Player, merged: Player) -> None:
    """The membership of ``merged`` follows ``kept``: one membership, and the club's address
    for the member from either."""
    memberships = {
        member.player_id: member for member in club.members.filter(player__in=[kept, merged])
    }
    if merged.pk not in memberships:
        return
    if kept.pk not in memberships:
        memberships[merged.pk].player = kept
        memberships[merged.pk].save(update_fields=["player"])
        return
    if not memberships[kept.pk].email and memberships[merged.pk].email:
        memberships[kept.pk].email = memberships[merged.pk].email
        memberships[kept.pk].save(update_fields=["email"])
    memberships[merged.pk].delete()


MERGE_FIELDS = ("last_name", "first_name", "licence", "club")


@transaction.atomic
def merge_players(*, club: Club, kept: Player, merged: Player, by: Actor) -> Player:
    """Make one record of two records of the directory that are one person, for the club:
    every evening of the club that ``merged`` played follows ``kept`` (each registration
    journalled in its tournament, so its ranking, the seasons and the history read it again),
    their membership too, and ``kept`` takes the licence it lacked; the club's journal keeps
    both records as they were.

    A merge moves the club's own rows, nothing else. ``merged`` is deleted when no other row
    names it; another club that still lists it (its members, its unpublished evenings) keeps it
    as it was, its rows, ids and journal untouched. So the club reads the same answer, the
    same ids and the same pages whether or not another club lists either record privately: a
    refusal or a check resting on those lists would tell the club they exist (finding D9).
    Only a record the club may see in another club (``seen_in_another_club``: a published
    evening, which anyone reads) is refused, as it always was, since what another club has
    published never changes from here. Two records that sat one of the club's evenings, or
    hold two licences, are two people: refused.
    """
    club = Club.objects.select_for_update().get(pk=club.pk)
    pair = [kept.pk, merged.pk]
    # Locked: a row another club would add to either record waits for this merge (its key
    # names the record), so ``merged`` is deleted only if nothing names it once moved.
    players = {
        player.pk: player
        for player in players_visible_to(club_ids=[club.pk]).filter(pk__in=pair).select_for_update()
    }
    if kept.pk == merged.pk or len(players) != 2:
        _refuse_unknown_player()
    kept, merged = players[kept.pk], players[merged.pk]
    for player in (kept, merged):
        if seen_in_another_club(player, club_id=club.pk):
            raise Refused(
                _(
                    "%(player)s figure aussi dans un autre club : ses fiches ne se fusionnent "
                    "pas ici. Demandez-le à l'administrateur."
                )
                % {"player": player},
                code="shared_player",
            )
    if kept.licence and merged.licence and kept.licence != merged.licence:
        raise Refused(
            _(
                "Les deux fiches portent deux licences différentes (%(kept)s et %(merged)s) : "
                "ce sont deux personnes."
            )
            % {"kept": kept.licence, "merged": merged.licence},
            code="two_licences",
        )
    both = (
        Tournament.objects.filter(club=club, registrations__player=kept)
        .filter(registrations__player=merged)
        .order_by("date", "pk")
        .first()
    )
    if both is not None:
        raise Refused(
            _("Les deux fiches ont joué la même soirée, « %(evening)s » : ce sont deux personnes.")
            % {"evening": both},
            code="same_evening",
        )
    before = {"merged": f"{merged} (n° {merged.pk})"} | fields_of(kept, MERGE_FIELDS)
    evenings = [
        str(registration.tournament)
        for registration in merged.registrations.filter(tournament__club=club)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__pk")
    ]
    _follow_the_member(player=merged, own=kept, club=club, by=by)
    _merge_memberships(club=club, kept=kept, merged=merged)
    licence = merged.licence
    if not (merged.registrations.exists() or merged.memberships.exists()):
        merged.delete()
    if not kept.licence and licence:
        # A licence the record still kept for another club holds stays « à rapprocher » here,
        # as a licence typed that a hidden record holds (``new_player``).
        kept.licence = licence
        kept.licence_pending = licence_held_elsewhere(licence, player=kept)
        kept.save(update_fields=["licence", "licence_pending"])
    journal.record(
        club=club,
        action=journal.Action.PLAYERS_MERGED,
        by=by,
        subject=kept,
        before=before,
        after={"evenings": evenings} | fields_of(kept, MERGE_FIELDS),
    )
    return kept
