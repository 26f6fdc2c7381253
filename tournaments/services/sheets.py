"""The sheets as a whole: whether one is open to a write, a player's confirmation of their
bilan (the last one signs and locks the sheet), the arbitre's closing of a sheet the players
have not all signed, and the arbitre's unlocking; the sheet's events for its history. The
deals on it are ``services.deals``'.

Every write here runs in one transaction and starts by locking the table's row, as the
deals' writes do, so that a signature and a deal saved at once take turns.
"""

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.refusals import Refused
from scoring.sheet import sheet_totals
from tournaments.choices import seat_order
from tournaments.models import Seat, SheetEvent, Table
from tournaments.selectors.sheets import closed_by_arbitre
from tournaments.services import journal
from tournaments.services.errors import required_reason


def table_places(table: Table) -> list[str]:
    """The occupied seats of a table, in seat order."""
    return places_of(table.seats.order_by())


def places_of(seats: Sequence[Seat]) -> list[str]:
    return in_seat_order(seat.place for seat in seats)


def in_seat_order(places: Iterable[str]) -> list[str]:
    """Places as the sheet lists them: Nord, Est, Sud, Ouest, then the fifth seat."""
    return sorted(places, key=seat_order)


def locked_table(table: Table) -> Table:
    # Only the table's row: locking its position and tournament too (the rows joined) took
    # them after the table, the opposite of the arbitre's order (services.locks).
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("position__tournament")
        .get(pk=table.pk)
    )


def check_sheet_open(table: Table, by: Actor) -> None:
    """Once signed (or the position closed), only the arbitre changes the sheet: Refused
    (``locked``) for anyone else. Also asked by a page before it offers a change."""
    if by.is_arbitre:
        return
    if table.position.closed_at is not None:
        raise Refused(
            _("La position est close : seul l'arbitre peut encore changer cette feuille."),
            code="locked",
        )
    if table.locked_at is not None:
        raise Refused(
            _("La feuille est signée : seul l'arbitre peut encore la modifier."), code="locked"
        )


def record_event(
    table: Table,
    kind: str,
    by: Actor,
    *,
    at=None,
    places: Sequence[str] = (),
    deal_number: int | None = None,
    reason: str = "",
) -> SheetEvent:
    return SheetEvent.objects.create(
        table=table,
        kind=kind,
        at=at or timezone.now(),
        actor=by.label(table.number),
        places=list(places),
        deal_number=deal_number,
        reason=reason,
    )


@retry_once_on_conflict
@transaction.atomic
def confirm_bilan(*, table: Table, place: str, by: Actor) -> Table:
    """A player confirms their bilan; when every player has, the sheet is signed (locked).

    FFT fascicule, « La marque en donnes libres »: each player checks his bilan and that the
    bilans sum to zero before the sheet goes to the arbitre. So every deal of the position
    must be in and played first.
    """
    table = locked_table(table)
    if table.locked_at is not None:
        raise Refused(_("La feuille est déjà signée."), code="locked")
    if table.position.closed_at is not None:
        raise Refused(
            _("La position est close : seul l'arbitre peut encore changer cette feuille."),
            code="locked",
        )
    deals = list(table.deals.all())
    expected = table.position.tournament.deals_per_position
    played = [deal for deal in deals if deal.is_played]
    if len(played) != expected or len(deals) != expected:
        raise Refused(
            _(
                "Les %(count)s donnes de la position ne sont pas toutes inscrites "
                "(%(played)s sur %(count)s) : la feuille ne peut pas encore être signée."
            )
            % {"count": expected, "played": len(played)},
            code="incomplete",
        )
    places = table_places(table)
    totals = sheet_totals(places, {deal.number: deal.marques() for deal in deals})
    if not totals.balanced:
        raise Refused(_("Les bilans ne font pas zéro : appelez l'arbitre."), code="unbalanced")
    seat = table.seats.filter(place=place).first()
    if seat is None:
        raise Refused(_("Personne n'est assis à cette place."), field="place", code="missing")
    now = timezone.now()
    action = None
    if seat.confirmed_at is None:
        seat.confirmed_at = now
        seat.save(update_fields=["confirmed_at"])
        record_event(table, SheetEvent.Kind.CONFIRMED, by, at=now, places=[seat.place])
        action = journal.Action.BILAN_CONFIRMED
    if not table.seats.filter(confirmed_at__isnull=True).exists():
        table.locked_at = now
        table.save(update_fields=["locked_at"])
        record_event(table, SheetEvent.Kind.SIGNED, by, at=now)
        action = journal.Action.SHEET_SIGNED  # the last bilan: one entry says both
    if action is not None:
        journal.record_change(
            action=action,
            by=by,
            table=table,
            subject=seat,
            before={},
            after={"confirmed": seat.get_place_display(), "signed": table.locked_at is not None},
        )
    return table


@retry_once_on_conflict
@transaction.atomic
def unlock_sheet(*, table: Table, by: Actor, reason: str = "") -> Table:
    """The arbitre gives a signed sheet back to the table; the players will sign it again.

    The reopening, with its reason if one is given, goes into the sheet's history.
    """
    if by is not None and not by.is_arbitre:
        raise Refused(_("Seul l'arbitre peut rouvrir une feuille signée."), code="not_arbitre")
    table = locked_table(table)
    if table.position.closed_at is not None:
        raise Refused(
            _("La position est close : rouvrez-la d'abord pour rendre la feuille à la table."),
            code="locked",
        )
    if table.locked_at is None:
        raise Refused(_("La feuille n'est pas signée : elle est déjà ouverte."), code="open")
    table.locked_at = None
    table.save(update_fields=["locked_at"])
    Seat.objects.filter(table=table).update(confirmed_at=None)
    event = record_event(table, SheetEvent.Kind.REOPENED, by, reason=" ".join(reason.split())[:300])
    journal.record_change(
        action=journal.Action.SHEET_REOPENED,
        by=by,
        table=table,
        subject=table,
        before={"signed": True},
        after={"signed": False, **journal.reason_fields(event.reason)},
    )
    return table


def withdraw_confirmations(table: Table, seats: Sequence[Seat], places: Sequence[str]) -> None:
    """A correction after signature changed the marques of the players at ``places`` who had
    confirmed: they confirm their bilan again, and the sheet is no longer signed until they
    have. A sheet the arbitre closed stays closed: its players had not all signed it."""
    if not places:
        return
    closed = closed_by_arbitre(table, seats)
    table.seats.filter(place__in=places).update(confirmed_at=None)
    if not closed:
        table.locked_at = None


@retry_once_on_conflict
@transaction.atomic
def close_sheet(*, table: Table, by: Actor, reason: str) -> Table:
    """The arbitre closes a sheet its players have not all signed (a player gone, a table
    that cannot finish), with the reason, kept in the sheet's history and the journal.

    The sheet is then locked as a signed one is: only the arbitre changes it, it counts as
    signed when the position closes, and reopening it gives it back to the table. Its deals
    count as they are; a table that played none reads « non jouée », as when the position is
    closed by force. Who may close which table is the views' (``permissions.table_arbitre``:
    the club's arbitres, and the arbitre de salle of the table's hall).
    """
    if not by.is_arbitre:
        raise Refused(_("Seul l'arbitre peut clore une feuille."), code="not_arbitre")
    table = locked_table(table)
    if table.position.closed_at is not None:
        raise Refused(_("La position est close : ses feuilles le sont avec elle."), code="locked")
    if table.locked_at is not None:
        raise Refused(_("La feuille est déjà signée."), code="locked")
    reason = required_reason(
        reason,
        missing=_("Pour clore la feuille sans la signature de tous les joueurs, donnez le motif."),
    )
    unconfirmed = in_seat_order(
        table.seats.filter(confirmed_at__isnull=True).values_list("place", flat=True)
    )
    table.locked_at = timezone.now()
    table.save(update_fields=["locked_at"])
    record_event(
        table, SheetEvent.Kind.CLOSED, by, at=table.locked_at, places=unconfirmed, reason=reason
    )
    journal.record_change(
        action=journal.Action.SHEET_CLOSED,
        by=by,
        table=table,
        subject=table,
        before={"closed": False},
        after={"closed": True, "reason": reason},
    )
    return table
