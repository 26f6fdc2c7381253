"""A person's entry, from the public form to the tournament's list: entering (registered, or
waiting in order of arrival once the places are taken), withdrawing by the e-mail's link, the
arbitre's cancelling, promoting, moving and naming the record of a homonym, and a club member's
« je viens » / « je ne viens pas ».

Every write that counts the places first locks the tournament's ``Opening`` row: entries sent
at the same moment take their turn there, so that the last places go to exactly as many as
there are, and the rest wait in the order they were let in. A registered entry is the
tournament's registration too (``tournaments.services.registrations``), made or taken off in
the same transaction.
"""

import secrets

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Member, Player, validate_licence
from clubs.services.players import new_player
from common.actors import Actor
from common.journal import fields_of
from common.names import same_name
from common.refusals import Refused
from entries.models import LIVE, Eligibility, Entry, EntryStatus, Opening
from entries.selectors.entries import closed_reason, registered_count
from entries.services import journal
from entries.tasks import send_after_commit
from tournaments.models import Tournament
from tournaments.selectors.clubs import homonyms
from tournaments.services.registrations import (
    register_player,
    unregister_player,
    withdraw_player,
)

ENTRY_FIELDS = ("status", "rank", "player")
CLOSED = {
    "none": _("Ce tournoi ne prend pas d'inscription en ligne."),
    "finished": _("Ce tournoi est terminé : les inscriptions sont closes."),
    "not_yet": _("Les inscriptions ne sont pas encore ouvertes."),
    "closed": _("Les inscriptions sont closes."),
}
ALREADY = _("Déjà inscrit(e) à ce tournoi.")


def _field(value: str, *, name: str, label: str, required: bool, max_length: int) -> str:
    value = " ".join(value.split())
    if required and not value:
        raise Refused(_("Indiquez votre %(label)s.") % {"label": label}, field=name)
    if len(value) > max_length:
        raise Refused(
            _("%(label)s : %(max)s caractères au plus.") % {"label": label, "max": max_length},
            field=name,
        )
    if any(not character.isprintable() for character in value):
        raise Refused(_("%(label)s : caractère non permis.") % {"label": label}, field=name)
    return value


def _locked_opening(tournament: Tournament) -> Opening | None:
    return Opening.objects.select_for_update().filter(tournament=tournament).first()


def _member_of_club(player: Player, tournament: Tournament) -> bool:
    return Member.objects.filter(club_id=tournament.club_id, player=player).exists()


def _refuse_not_member() -> None:
    raise Refused(
        _("Ce tournoi est réservé aux membres du club organisateur."),
        code="members_only",
        field="licence",
    )


def _player_typed(
    *, tournament: Tournament, eligibility: str, last_name: str, first_name: str, licence: str
) -> tuple[Player | None, bool]:
    """The directory's record the entry names, and whether it is a new one to make.

    A licence names its holder, in the whole directory (the person typed their own), under
    their last name only: another name is refused without saying whose it is. With no
    licence holder, a record the club may see under the same name may be the person: the
    entry is held for the arbitre to say (as the CSV import holds such a row); a club
    member's record under that name is theirs when the evening is the members'. Otherwise a
    new record is made."""
    if licence:
        holder = Player.objects.filter(licence=licence, licence_pending=False).first()
        if holder is not None:
            if not same_name(last_name, holder.last_name):
                raise Refused(
                    _("Ce n° de licence est inscrit sous un autre nom : vérifiez l'un et l'autre."),
                    code="licence_other_name",
                    field="licence",
                )
            if eligibility == Eligibility.MEMBERS and not _member_of_club(holder, tournament):
                _refuse_not_member()
            return holder, False
    known = homonyms(
        club_id=tournament.club_id, last_name=last_name, first_name=first_name, licence=licence
    )
    if eligibility == Eligibility.MEMBERS:
        members = [homonym.player for homonym in known if homonym.member is not None]
        if len(members) == 1:
            return members[0], False
        if not members:
            _refuse_not_member()
    if known:
        return None, False
    return None, True


def _already(tournament: Tournament, player: Player) -> bool:
    return (
        Entry.objects.filter(tournament=tournament, player=player, status__in=LIVE).exists()
        or tournament.registrations.filter(player=player).exists()
    )


def _held_twice(tournament: Tournament, last_name: str, first_name: str, email: str) -> bool:
    """A held entry (no record yet) sent again under the same name and address: a double tap."""
    held = Entry.objects.filter(
        tournament=tournament, player__isnull=True, status__in=LIVE, email__iexact=email
    )
    return any(
        same_name(last_name, entry.last_name) and same_name(first_name, entry.first_name)
        for entry in held
    )


def _register(entry: Entry, *, by: Actor) -> None:
    """The tournament's registration of a registered entry whose record is known."""
    if entry.player is None or entry.registration_id is not None:
        return
    entry.registration = register_player(
        tournament=entry.tournament, player=entry.player, entered_online=True, by=by
    )
    entry.save(update_fields=["registration"])


def _unregister(entry: Entry, *, by: Actor) -> None:
    """The tournament's registration of an entry that leaves: taken off the list before it was
    ever seated, else withdrawn from the first position not started (its points kept)."""
    registration = entry.registration
    if registration is None:
        return
    if registration.seats.exists() or registration.penalties.exists():
        withdraw_player(registration=registration, by=by)
        return
    entry.registration = None
    entry.save(update_fields=["registration"])
    unregister_player(registration=registration, by=by)


def _next_rank(tournament: Tournament) -> int:
    last = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).aggregate(
        last=Max("rank")
    )["last"]
    return (last or 0) + 1


def _has_place(opening: Opening | None, tournament: Tournament) -> bool:
    capacity = opening.capacity if opening is not None else None
    return capacity is None or registered_count(tournament) < capacity


@transaction.atomic
def submit_entry(
    *,
    tournament: Tournament,
    last_name: str,
    first_name: str,
    licence: str = "",
    club: str = "",
    email: str,
    by: Actor,
    opening: Opening | None = None,
) -> Entry:
    """A person's entry from the public form: registered while places are left, else on the
    waiting list, in order of arrival; a confirmation e-mail once committed."""
    last_name = _field(last_name, name="last_name", label=_("nom"), required=True, max_length=100)
    first_name = _field(
        first_name, name="first_name", label=_("prénom"), required=True, max_length=100
    )
    licence = _field(
        licence, name="licence", label=_("n° de licence"), required=False, max_length=20
    )
    club = _field(club, name="club", label=_("club"), required=False, max_length=200)
    email = _field(email, name="email", label=_("adresse e-mail"), required=True, max_length=254)
    try:
        validate_licence(licence)
    except ValidationError as error:
        raise Refused(error.messages[0], code="licence_digits", field="licence") from error
    try:
        validate_email(email)
    except ValidationError as error:
        raise Refused(
            _("Cette adresse e-mail ne semble pas valide : vérifiez-la."),
            code="email",
            field="email",
        ) from error
    opening = _locked_opening(tournament)
    reason = closed_reason(opening, tournament, timezone.now())
    if reason:
        raise Refused(str(CLOSED[reason]), code="closed")
    if opening.eligibility == Eligibility.LICENSED and not licence:
        raise Refused(
            _("Ce tournoi est réservé aux licenciés FFT : indiquez votre n° de licence."),
            code="licence_required",
            field="licence",
        )
    player, new = _player_typed(
        tournament=tournament,
        eligibility=opening.eligibility,
        last_name=last_name,
        first_name=first_name,
        licence=licence,
    )
    if player is not None and _already(tournament, player):
        raise Refused(str(ALREADY), code="already_registered", field="licence")
    if player is None and not new and _held_twice(tournament, last_name, first_name, email):
        raise Refused(str(ALREADY), code="already_registered", field="last_name")
    if new:
        player = new_player(last_name=last_name, first_name=first_name, licence=licence, club=club)
    return _enter(
        tournament=tournament,
        opening=opening,
        player=player,
        typed={
            "last_name": last_name,
            "first_name": first_name,
            "licence": licence,
            "club": club,
            "email": email,
        },
        by=by,
    )


def _enter(
    *, tournament: Tournament, opening: Opening, player: Player | None, typed: dict, by: Actor
) -> Entry:
    """The new entry, registered or waiting, its registration, its journal line and e-mail;
    the opening is locked by the caller."""
    entry = Entry(tournament=tournament, player=player, withdraw_nonce=secrets.token_hex(16))
    for name, value in typed.items():
        setattr(entry, name, value)
    if _has_place(opening, tournament):
        entry.status = EntryStatus.REGISTERED
        action = journal.Action.ENTERED
    else:
        entry.status, entry.rank = EntryStatus.WAITING, _next_rank(tournament)
        action = journal.Action.WAITLISTED
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError as error:
        # A double tap: the same player's first entry won.
        raise Refused(str(ALREADY), code="already_registered", field="licence") from error
    if entry.status == EntryStatus.REGISTERED:
        _register(entry, by=by)
    journal.record(
        tournament=tournament,
        action=action,
        by=by,
        subject=entry,
        after={**fields_of(entry, ENTRY_FIELDS), "email": entry.email},
    )
    send_after_commit(entry, "confirmation")
    return entry


def promote_waiting(*, tournament: Tournament, by: Actor) -> list[Entry]:
    """The waiting list's first take the places left, in rank order, each told by e-mail.
    Called inside the write that freed them (the opening locked)."""
    opening = _locked_opening(tournament)
    promoted = []
    while _has_place(opening, tournament):
        first = (
            Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
            .order_by("rank", "pk")
            .first()
        )
        if first is None:
            break
        _promote(first, by=by)
        promoted.append(first)
    return promoted


def _promote(entry: Entry, *, by: Actor) -> None:
    before = fields_of(entry, ENTRY_FIELDS)
    entry.status, entry.rank = EntryStatus.REGISTERED, None
    entry.save(update_fields=["status", "rank"])
    _register(entry, by=by)
    journal.record(
        tournament=entry.tournament,
        action=journal.Action.PROMOTED,
        by=by,
        subject=entry,
        before=before,
        after=fields_of(entry, ENTRY_FIELDS),
    )
    send_after_commit(entry, "promotion")


def _leave(entry: Entry, *, status: str, action: str, by: Actor) -> Entry:
    """An entry that leaves (withdrawn, cancelled, « ne vient pas »): its registration taken
    off, and the place it held given to the waiting list's first."""
    tournament = entry.tournament
    _locked_opening(tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status not in LIVE:
        raise Refused(_("Cette inscription n'est plus en cours."), code="not_live")
    before = fields_of(entry, ENTRY_FIELDS)
    was_registered = entry.status == EntryStatus.REGISTERED
    entry.status, entry.rank, entry.withdraw_nonce = status, None, ""
    entry.save(update_fields=["status", "rank", "withdraw_nonce"])
    _unregister(entry, by=by)
    journal.record(
        tournament=tournament,
        action=action,
        by=by,
        subject=entry,
        before=before,
        after=fields_of(entry, ENTRY_FIELDS),
    )
    if was_registered:
        promote_waiting(tournament=tournament, by=by)
    return entry


@transaction.atomic
def withdraw_entry(*, entry: Entry, nonce: str, by: Actor) -> Entry:
    """The player withdraws by the e-mail's link: once, and until the tournament's day."""
    if not nonce or not secrets.compare_digest(nonce, entry.withdraw_nonce):
        raise Refused(_("Ce lien de désistement a déjà servi."), code="used")
    if entry.tournament.date < timezone.localdate():
        raise Refused(_("Ce lien de désistement a expiré avec le tournoi."), code="expired")
    return _leave(entry, status=EntryStatus.WITHDRAWN, action=journal.Action.WITHDRAWN, by=by)


@transaction.atomic
def cancel_entry(*, entry: Entry, by: Actor) -> Entry:
    """The arbitre cancels an entry, registered or waiting."""
    return _leave(entry, status=EntryStatus.CANCELLED, action=journal.Action.CANCELLED, by=by)


@transaction.atomic
def promote_entry(*, entry: Entry, by: Actor) -> Entry:
    """The arbitre takes a waiting entry in, even past the capacity (his decision). A held
    entry's registration waits for its record to be named, as when a place frees."""
    _locked_opening(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status != EntryStatus.WAITING:
        raise Refused(_("Cette inscription n'est pas en liste d'attente."), code="not_waiting")
    if entry.player is None:
        raise Refused(_("Dites d'abord qui est ce joueur dans l'annuaire (homonyme)."), code="held")
    _promote(entry, by=by)
    return entry


@transaction.atomic
def move_entry(*, entry: Entry, up: bool, by: Actor) -> Entry:
    """The arbitre moves a waiting entry one place up or down the list."""
    _locked_opening(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status != EntryStatus.WAITING:
        raise Refused(_("Cette inscription n'est pas en liste d'attente."), code="not_waiting")
    waiting = Entry.objects.filter(tournament=entry.tournament, status=EntryStatus.WAITING)
    other = (
        waiting.filter(rank__lt=entry.rank).order_by("-rank").first()
        if up
        else waiting.filter(rank__gt=entry.rank).order_by("rank").first()
    )
    if other is None:
        return entry
    before = fields_of(entry, ["rank"])
    # Through a free rank, so that the unique rank holds at every step.
    free = _next_rank(entry.tournament)
    mine, theirs = entry.rank, other.rank
    Entry.objects.filter(pk=entry.pk).update(rank=free)
    Entry.objects.filter(pk=other.pk).update(rank=mine)
    Entry.objects.filter(pk=entry.pk).update(rank=theirs)
    entry.rank = theirs
    journal.record(
        tournament=entry.tournament,
        action=journal.Action.MOVED,
        by=by,
        subject=entry,
        before=before,
        after=fields_of(entry, ["rank"]),
    )
    return entry


@transaction.atomic
def resolve_entry(*, entry: Entry, player: Player | None, by: Actor) -> Entry:
    """The arbitre says who a held entry is: one of the records under its name (``player``),
    or another person (None: a new record)."""
    _locked_opening(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not entry.held:
        raise Refused(_("Le joueur de cette inscription est déjà connu."), code="known")
    known = {
        homonym.player.pk: homonym.player
        for homonym in homonyms(
            club_id=entry.tournament.club_id,
            last_name=entry.last_name,
            first_name=entry.first_name,
            licence=entry.licence,
        )
    }
    if player is not None:
        if player.pk not in known:
            raise Refused(_("Joueur inconnu."), code="unknown_player", field="player")
        if _already(entry.tournament, player):
            raise Refused(str(ALREADY), code="already_registered", field="player")
    else:
        player = new_player(
            last_name=entry.last_name,
            first_name=entry.first_name,
            licence=entry.licence,
            club=entry.club,
        )
    entry.player = player
    entry.save(update_fields=["player"])
    if entry.status == EntryStatus.REGISTERED:
        _register(entry, by=by)
    journal.record(
        tournament=entry.tournament,
        action=journal.Action.RESOLVED,
        by=by,
        subject=entry,
        after={"player": str(player)},
    )
    return entry


@transaction.atomic
def confirm_entry(*, entry: Entry, by: Actor) -> Entry:
    """The player confirms from the e-mail's page: the address is theirs, and they come."""
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.confirmed_at is not None or entry.status not in LIVE:
        return entry
    entry.confirmed_at = timezone.now()
    entry.save(update_fields=["confirmed_at"])
    journal.record(
        tournament=entry.tournament,
        action=journal.Action.CONFIRMED,
        by=by,
        subject=entry,
        after=fields_of(entry, ["confirmed_at"]),
    )
    return entry
