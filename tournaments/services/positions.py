"""Closing a position, reopening it, and answering the tables' calls to the arbitre.

FFT fascicule, « Rôle de l'arbitre »: the arbitre collects every table's signed sheet before
the position is over; a garde sans, a garde contre and an announced chelem call the arbitre
to the table. Closing the last position finishes the tournament and makes its ranking final.

Every write runs in one transaction and starts by locking the tournament's row, then the
position's (``services.locks``), so that two taps on « Clore » (or a closing racing a reopening
or a seating) take turns. Closings and reopenings are
kept in the position's history with their reason (django-simple-history).
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused
from tournaments.models import Deal, HandledCall, Position, Tournament
from tournaments.selectors.sheets import call_kind, unanswered_calls
from tournaments.services import journal
from tournaments.services.errors import required_reason
from tournaments.services.locks import lock_position, lock_tables

# The contracts for which the table calls the arbitre (FFT): the deal is checked at the table.


def _locked_position(position: Position) -> Position:
    return lock_position(position)


def _account(by: Actor, tournament: Tournament) -> AbstractBaseUser:
    """The account a closing or an answered call is kept under: the arbitre's own, or for a
    script (which holds the arbitre's powers) the tournament's arbitre. The journal names
    the script itself."""
    return by.user if by.user is not None else tournament.arbitre


def _closing_fields(position: Position) -> dict:
    return {
        "closed": position.closed_at is not None,
        "close_reason": position.close_reason,
        "unsigned_at_close": position.unsigned_at_close,
        **fields_of(position.tournament, ["status"]),
    }


@retry_once_on_conflict
@transaction.atomic
def close_position(
    *,
    position: Position,
    by: Actor,
    force: bool = False,
    reason: str = "",
    despite_calls: bool = False,
) -> Position:
    """Close a position once every table has signed its sheet.

    The arbitre may force it while tables have not signed, with a reason: the unsigned tables
    are kept with the reason. A table's call still unanswered (a garde sans, an announced
    chelem) is named, and the position closes only once the arbitre confirms
    (``despite_calls``): a call forgotten in the bustle is a rule left unchecked. Once closed,
    a sheet of the position changes only through the arbitre. Closing the last open position
    finishes the tournament: the ranking is final.
    """
    position = _locked_position(position)
    if position.closed_at is not None:
        raise Refused(
            _("La position %(number)s est déjà close.") % {"number": position.number},
            code="already_closed",
        )
    # Locked after the position: a table signing meanwhile is counted signed or unsigned,
    # and none writes on a sheet of the position once it is closed.
    tables = sorted((table.number, table.locked_at) for table in lock_tables(position))
    if not tables:
        raise Refused(
            _("La position %(number)s n'est pas encore placée : rien à clore.")
            % {"number": position.number},
            code="not_seated",
        )
    unsigned = [number for number, locked_at in tables if locked_at is None]
    before = _closing_fields(position)
    if unsigned and not force:
        raise Refused(
            _(
                "Feuilles pas encore signées : %(tables)s. Attendez leur signature, ou forcez "
                "la clôture en donnant le motif."
            )
            % {"tables": _tables_text(unsigned)},
            code="unsigned",
        )
    calls = [] if despite_calls else unanswered_calls(position)
    if calls:
        raise Refused(
            _(
                "Appels sans réponse : %(calls)s. Prenez-les en compte dans la salle, ou "
                "confirmez la clôture."
            )
            % {"calls": " ; ".join(str(call) for call in calls)},
            code="unanswered_calls",
        )
    position.close_reason = (
        required_reason(reason, missing=_("Pour forcer la clôture, donnez-en le motif."))
        if unsigned
        else ""
    )
    position.unsigned_at_close = unsigned
    position.closed_at = timezone.now()
    position.closed_by = _account(by, position.tournament)
    position._change_reason = (
        _("Clôture forcée : %(reason)s") % {"reason": position.close_reason}
        if unsigned
        else _("Clôture")
    )
    position._history_user = by.user
    position.save()
    _update_status(position.tournament)
    journal.record_change(
        action=journal.Action.POSITION_CLOSED,
        by=by,
        position=position,
        subject=position,
        before=before,
        after=_closing_fields(position),
    )
    return position


@retry_once_on_conflict
@transaction.atomic
def reopen_position(*, position: Position, by: Actor, reason: str) -> Position:
    """Reopen a closed position, with a reason kept in its history; the ranking is
    provisional again until it is closed once more."""
    position = _locked_position(position)
    if position.closed_at is None:
        raise Refused(
            _("La position %(number)s n'est pas close.") % {"number": position.number},
            code="not_closed",
        )
    reason = required_reason(reason, missing=_("Pour rouvrir la position, donnez-en le motif."))
    before = _closing_fields(position)
    position.closed_at = None
    position.closed_by = None
    position.close_reason = ""
    position.unsigned_at_close = []
    position._change_reason = _("Réouverture : %(reason)s") % {"reason": reason}
    position._history_user = by.user
    position.save()
    _update_status(position.tournament)
    journal.record_change(
        action=journal.Action.POSITION_REOPENED,
        by=by,
        position=position,
        subject=position,
        before=before,
        after={**_closing_fields(position), "reopen_reason": reason},
    )
    return position


def _update_status(tournament: Tournament) -> None:
    """Finished once every position is closed; under way again when one is reopened."""
    closed = tournament.positions.filter(closed_at__isnull=False).count()
    finished = closed >= tournament.positions_count
    status = Tournament.Status.FINISHED if finished else Tournament.Status.RUNNING
    if tournament.status != status:
        tournament.status = status
        tournament.save(update_fields=["status"])


def _tables_text(numbers: list[int]) -> str:
    return ", ".join(_("table %(number)s") % {"number": number} for number in numbers)


@retry_once_on_conflict
@transaction.atomic
def handle_call(*, deal: Deal, by: Actor) -> HandledCall:
    """The arbitre has answered the table's call for this deal (« pris en compte »).

    A second tap on the same call answers with the first record: who answered, and when.
    """
    kind = call_kind(deal)
    if not kind:
        raise Refused(_("Cette donne n'appelle pas l'arbitre."), code="no_call")
    table = deal.table
    tournament = table.position.tournament
    call, created = HandledCall.objects.get_or_create(
        deal=deal, kind=kind, defaults={"handled_by": _account(by, tournament)}
    )
    if created:
        journal.record(
            tournament=tournament,
            action=journal.Action.CALL_HANDLED,
            by=by,
            table=table,
            subject=deal,
            after={"call": kind},
        )
    return call
