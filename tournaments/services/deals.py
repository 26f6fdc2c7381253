"""A sheet's deals: recorded, corrected and deleted, each scored by its tournament's rules
(``tournaments.deal_scoring``: the FFT's or the club's), its marques stored with it. The
sheet as a whole (bilans confirmed, signature, reopening) is ``services.sheets``.

A refusal is a ``Refused`` (or the scoring's ``InvalidDeal``) naming the field and saying,
in French, what is wrong, so that the form can show it beside what was typed.

Every write here runs in one transaction and starts by locking the table's row
(``select_for_update``): two devices writing on one sheet take turns, and the second one reads
what the first one wrote before deciding. That is what makes the stale-save check
(``version``) safe on PostgreSQL; on SQLite the settings open every transaction with
``BEGIN IMMEDIATE``, which serialises writers the same way.

Who changed a deal is kept in the deal's history (django-simple-history). Its ``history_user``
is a User, which a table is not: a table's device holds a code, not an account. So every
historical row also gets a ``history_change_reason`` naming the actor in words (« Table 3 »,
« Arbitre : Anne Arbitre »), and ``history_user`` is the arbitre's account when the arbitre
made the change (None for a table or a script). No model field is added for it, so the history
stays a plain simple-history table that its admin and tools read as usual.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor, ActorKind
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused
from tournaments.choices import DEAL_RESULT_FIELDS, RULE_FIELDS, Place
from tournaments.deal_scoring import DealResult, apply_result, check_seats
from tournaments.models import Deal, Seat, SheetEvent, Table
from tournaments.services import journal, sheets
from tournaments.services.errors import refusal_for_violation, required_reason


@dataclass(frozen=True)
class _Sheet:
    """A sheet as a write on its deals reads it, once, under the table's lock: the table (its
    position and tournament with it), its deals in number order, its seats."""

    table: Table
    deals: list[Deal]
    seats: list[Seat]

    @property
    def places(self) -> list[str]:
        return sheets.places_of(self.seats)

    def deal(self, number: int) -> Deal | None:
        return next((deal for deal in self.deals if deal.number == number), None)


# What a write on the deals reads of the seats, the table, its position and tournament: a
# query of every column of four models costs more to build than to run. A column left out
# here would be read by one more query when used (the query-count tests would say so).
SHEET_COLUMNS = (
    "place",
    "registration",
    "confirmed_at",
    "table__number",
    "table__locked_at",
    "table__corrected_at",
    "table__correction_reason",
    "table__position__number",
    "table__position__closed_at",
    "table__position__tournament__deals_per_position",
    "table__position__tournament__five_mode",
    "table__position__tournament__counts_all_pass",
    *(f"table__position__tournament__{name}" for name in RULE_FIELDS),
)


def _locked_sheet(table: Table) -> _Sheet:
    """Two queries: the table's seats, with the table (locked), its position and tournament
    joined to them (a table is seated as it is created, never without its seats), then its
    deals. Each ordered here, not by the models' Meta.ordering, whose chain (table, position,
    tournament) would join three tables to sort the rows of one sheet.

    Only ``table.pk`` is read of ``table``: a phone's save names its table by its key alone
    (``views.deals.deal_new``), and a table gone meanwhile is refused as missing."""
    seats = list(
        Seat.objects.select_for_update(of=("table",))
        .select_related("table__position__tournament")
        .only(*SHEET_COLUMNS)
        .filter(table_id=table.pk)
        .order_by()
    )
    if seats:
        table = seats[0].table
    else:
        try:
            table = sheets.locked_table(table)
        except Table.DoesNotExist as error:
            raise Refused(_("Cette table n'existe plus."), code="missing") from error
    # For the live events (notifications/live.py).
    table.seated_registrations = [seat.registration_id for seat in seats]
    return _Sheet(table=table, deals=list(table.deals.order_by("number")), seats=seats)


def _check_last_deal(sheet: _Sheet, deal: Deal, by: Actor) -> None:
    """The table may change its last deal only; earlier ones are the arbitre's to correct."""
    if by.is_arbitre:
        return
    if deal.number != max(other.number for other in sheet.deals):
        raise Refused(
            _(
                "Seule la dernière donne peut être modifiée par la table : appelez l'arbitre "
                "pour corriger la donne %(number)s."
            )
            % {"number": deal.number},
            code="not_last",
        )


def _check_version(deal: Deal, version: int | None, *, required: bool = True) -> None:
    """Refuse a write made on a view of the deal older than the stored one.

    A device always sends the version it saw; only a script completing a deal it just bid
    (``record_deal``) may leave it out.
    """
    if (version is None and not required) or version == deal.version:
        return
    raise Refused(
        _(
            "La donne %(number)s vient d'être modifiée sur un autre appareil : votre saisie "
            "n'a pas été enregistrée. Vérifiez la feuille et recommencez."
        )
        % {"number": deal.number},
        code="stale",
    )


def _check_in_order(sheet: _Sheet, number: int) -> None:
    """A new deal comes after the sheet's deals are all played, and after every number below
    it: a sheet with a gap could never be signed."""
    waiting = next((other for other in sheet.deals if not other.is_played), None)
    if waiting is not None:
        raise Refused(
            _("La donne %(number)s attend encore son résultat : complétez-la d'abord.")
            % {"number": waiting.number},
            field="number",
            code="previous_unplayed",
        )
    taken = {other.number for other in sheet.deals}
    missing = next((below for below in range(1, number) if below not in taken), None)
    if missing is not None:
        raise Refused(
            _(
                "La donne %(missing)s n'est pas inscrite : les donnes s'inscrivent dans "
                "l'ordre, la donne %(missing)s d'abord."
            )
            % {"missing": missing},
            field="number",
            code="previous_missing",
        )


def _get_deal(sheet: _Sheet, number: int) -> Deal:
    deal = sheet.deal(number)
    if deal is None:
        raise Refused(
            _("La donne %(number)s n'est pas sur cette feuille.") % {"number": number},
            field="number",
            code="missing",
        )
    return deal


def _mark_history(deal: Deal, table: Table, by: Actor) -> None:
    """Name who makes this change in the historical row that saving or deleting writes."""
    deal._change_reason = by.label(table.number)
    deal._history_user = by.user


def _withdraw_confirmations(sheet: _Sheet) -> list[str]:
    """A changed deal changes the bilans: confirmations given before it on the open sheet no
    longer hold. The places withdrawn, for the journal."""
    if sheet.table.locked_at is not None:
        return []
    withdrawn = [seat.place for seat in sheet.seats if seat.confirmed_at is not None]
    if withdrawn:
        sheet.table.seats.filter(confirmed_at__isnull=False).update(confirmed_at=None)
    return withdrawn


def _withdrawn(places: Sequence[str]) -> dict:
    """The bilans a change withdrew, as its journal entry says them (« Nord, Sud »)."""
    names = [str(Place(place).label) for place in sheets.in_seat_order(places)]
    return {"withdrawn": names} if names else {}


def _correction_reason(table: Table, reason: str) -> str:
    """On a signed sheet, the arbitre's correction says why (FFT: the players signed it)."""
    if table.locked_at is None:
        return ""
    try:
        return required_reason(
            reason,
            missing=_(
                "La feuille est signée : indiquez le motif de la correction, il sera montré "
                "aux joueurs."
            ),
        )
    except Refused as refused:
        raise Refused(refused.message, field="reason", code=refused.code) from refused


def _corrected_after_signature(
    sheet: _Sheet,
    *,
    number: int,
    before: Mapping[str, int | None],
    after: Mapping[str, int | None],
    by: Actor,
    reason: str,
) -> list[str]:
    """A signed sheet corrected by the arbitre: the players whose marque changed confirm
    their bilan again (``sheets.withdraw_confirmations``); it says why. The places
    withdrawn, for the journal."""
    table = sheet.table
    changed = {place for place in sheet.places if before.get(place) != after.get(place)}
    now = timezone.now()
    withdrawn = [
        seat.place
        for seat in sheet.seats
        if seat.place in changed and seat.confirmed_at is not None
    ]
    sheets.withdraw_confirmations(table, sheet.seats, withdrawn)
    table.corrected_at = now
    table.correction_reason = reason
    table.save(update_fields=["locked_at", "corrected_at", "correction_reason"])
    sheets.record_event(
        table,
        SheetEvent.Kind.CORRECTED,
        by,
        at=now,
        places=sheets.in_seat_order(withdrawn),
        deal_number=number,
        reason=reason,
    )
    return withdrawn


# --- Exactly once ------------------------------------------------------------------------


def _sent_before(deal: Deal | None, submission_id: UUID | None) -> bool:
    """Whether the form ``submission_id`` names was already stored on ``deal``.

    Each form a device shows carries a new id (made by the browser, or by the server without
    JavaScript), so a double tap, a resend after a lost answer or the offline queue sending
    again all carry the id of the first send. A deal bid then completed holds the id of its
    last form; its bid's id is in its history, read only when the number would otherwise be
    refused as taken: the online save costs no query more.
    """
    if submission_id is None or deal is None:
        return False
    if deal.submission_id == submission_id:
        return True
    return deal.is_played and deal.history.filter(submission_id=submission_id).exists()


def _check_not_deleted_since(sheet: _Sheet, number: int, submission_id: UUID | None) -> None:
    """A form from a phone's offline queue may have reached the sheet before (its answer lost),
    and its deal been deleted since: sent again, it would bring the deal back. The sheet's
    history says so: a deal that held this id and is no longer on the sheet. Asked of queued
    sends only: an online save costs no query more."""
    if submission_id is None:
        return
    held = Deal.history.filter(table_id=sheet.table.pk, submission_id=submission_id)
    on_the_sheet = {deal.pk for deal in sheet.deals}
    if any(deal_id not in on_the_sheet for deal_id in held.values_list("id", flat=True)):
        raise Refused(
            _(
                "La donne %(number)s envoyée par ce téléphone a été supprimée de la feuille "
                "depuis : elle n'est pas inscrite une seconde fois."
            )
            % {"number": number},
            field="number",
            code="deleted",
        )


def _refused_by_the_database(write: Callable[..., Deal]) -> Callable[..., Deal]:
    """A deal the database turns down is refused in the words of the constraint it broke
    (``Deal.Meta.constraints``, found by name), never a 500: one form's id on two deals
    (``deal_submission_unique``, only a forged or broken form sends that), a number another
    write took, any rule a script's deal breaks. The rules are not checked again before the
    save (``full_clean`` costs a query per constraint): only a refused write pays for
    finding out which one. A write that met another (a deadlock) is run once more."""

    @wraps(write)
    def checked(**fields) -> Deal:
        try:
            return write(**fields)
        except IntegrityError as error:
            refusal = refusal_for_violation(error, Deal)
            if refusal is None:
                raise
            raise refusal from error

    return retry_once_on_conflict(checked)


@_refused_by_the_database
@transaction.atomic
def record_deal(
    *,
    table: Table,
    number: int,
    result: DealResult,
    by: Actor,
    version: int | None = None,
    submission_id: UUID | None = None,
    queued: bool = False,
) -> Deal:
    """Write a deal on a table's sheet, scored, its marques stored with it.

    A new number adds the deal; the number of a deal entered at the bidding (contract, no
    result yet) completes it with its result, refused as stale if ``version`` is given and the
    deal changed since. The database refuses a deal whose marques do not sum to zero
    (``deal_sums_to_zero``); scoring makes that impossible here, the constraint everywhere.

    ``submission_id`` names the form sent (see ``_sent_before``): the same form sent again
    stores nothing and gets the deal back, as the first send did. ``queued`` says the form
    comes from a phone's offline queue: if its deal was stored and deleted since, it is
    refused rather than stored again (``_check_not_deleted_since``).

    Of ``table`` only its key is used: everything else is read here, under the lock, so a
    phone's save may name its table by key alone (``Table(pk=…)``), read by nothing before.
    """
    sheet = _locked_sheet(table)
    table = sheet.table
    deal = sheet.deal(number)
    if _sent_before(deal, submission_id):
        return deal
    if deal is None and queued:
        _check_not_deleted_since(sheet, number, submission_id)
    sheets.check_sheet_open(table, by)
    tournament = table.position.tournament
    if result.all_pass and not tournament.counts_all_pass:
        raise Refused(
            _("Dans ce tournoi, une donne où tous passent est redistribuée sans être notée.")
        )
    deals_per_position = tournament.deals_per_position
    if not 1 <= number <= deals_per_position:
        raise Refused(
            _("Une position compte %(count)s donnes : la donne %(number)s n'existe pas.")
            % {"count": deals_per_position, "number": number},
            field="number",
            code="number_out_of_range",
        )
    if deal is not None and deal.is_played:
        raise Refused(
            _("La donne %(number)s est déjà inscrite sur cette feuille.") % {"number": number},
            field="number",
            code="number_taken",
        )
    if deal is None:
        _check_in_order(sheet, number)
        deal = Deal(table=table, number=number)
    else:
        _check_version(deal, version, required=by.kind != ActorKind.SCRIPT)
        deal.version += 1
    before = fields_of(deal, DEAL_RESULT_FIELDS) if deal.pk else {}
    deal.submission_id = submission_id
    deal = _write_result(deal, sheet=sheet, result=result, by=by)
    withdrawn = _withdraw_confirmations(sheet)
    journal.record_change(
        action=journal.Action.DEAL_RECORDED,
        by=by,
        table=table,
        subject=deal,
        before=before,
        after={**fields_of(deal, DEAL_RESULT_FIELDS), **_withdrawn(withdrawn)},
    )
    return deal


@_refused_by_the_database
@transaction.atomic
def correct_deal(
    *,
    table: Table,
    number: int,
    version: int,
    result: DealResult,
    by: Actor,
    submission_id: UUID | None = None,
    reason: str = "",
) -> Deal:
    """Change a deal already on the sheet: the table its last deal until the sheet is signed,
    the arbitre any deal at any time.

    ``version`` is the one the device saw; if the deal changed since, the save is refused
    (code ``stale``) rather than overwrite what another device wrote. On a signed sheet the
    arbitre gives a ``reason``, and the players whose marque changed confirm their bilan
    again.
    """
    sheet = _locked_sheet(table)
    table = sheet.table
    sheets.check_sheet_open(table, by)
    deal = _get_deal(sheet, number)
    if submission_id is not None and deal.submission_id == submission_id:
        return deal  # this correction, sent twice: saved once (``_sent_before``)
    _check_last_deal(sheet, deal, by)
    _check_version(deal, version)
    reason = _correction_reason(table, reason)
    before = deal.marques()
    before_fields = fields_of(deal, DEAL_RESULT_FIELDS)
    deal.version += 1
    deal.submission_id = submission_id
    deal = _write_result(deal, sheet=sheet, result=result, by=by)
    withdrawn = _withdraw_bilans(
        sheet, number=number, before=before, after=deal.marques(), by=by, reason=reason
    )
    journal.record_change(
        action=journal.Action.DEAL_CORRECTED,
        by=by,
        table=table,
        subject=deal,
        before=before_fields,
        after={
            **fields_of(deal, DEAL_RESULT_FIELDS),
            **journal.reason_fields(reason),
            **_withdrawn(withdrawn),
        },
    )
    return deal


def _withdraw_bilans(sheet: _Sheet, *, number: int, before, after, by: Actor, reason: str):
    """The bilans a changed deal withdraws: on the open sheet every confirmation given, on a
    signed sheet those of the players whose marque the arbitre's correction changed."""
    if sheet.table.locked_at is None:
        return _withdraw_confirmations(sheet)
    return _corrected_after_signature(
        sheet, number=number, before=before, after=after, by=by, reason=reason
    )


def _write_result(deal: Deal, *, sheet: _Sheet, result: DealResult, by: Actor) -> Deal:
    """Score the result onto the deal and save it, with who wrote it in the history."""
    places = sheet.places
    check_seats(table=sheet.table, places=places, result=result)
    apply_result(deal, table=sheet.table, places=places, result=result)
    _check_fields(deal)
    _mark_history(deal, sheet.table, by)
    deal.save()
    return deal


@retry_once_on_conflict
@transaction.atomic
def delete_deal(*, table: Table, number: int, version: int, by: Actor, reason: str = "") -> None:
    """Take a deal off the sheet: the table its last deal until signed, the arbitre any deal.

    The deleted deal stays in the history, with who deleted it. On a signed sheet it is a
    correction after signature, with its reason (see ``correct_deal``).
    """
    sheet = _locked_sheet(table)
    table = sheet.table
    sheets.check_sheet_open(table, by)
    deal = _get_deal(sheet, number)
    _check_last_deal(sheet, deal, by)
    _check_version(deal, version)
    reason = _correction_reason(table, reason)
    withdrawn = _withdraw_bilans(
        sheet, number=number, before=deal.marques(), after={}, by=by, reason=reason
    )
    # Written before the deal is deleted, so that the entry keeps the deal's key.
    journal.record_change(
        action=journal.Action.DEAL_DELETED,
        by=by,
        table=table,
        subject=deal,
        before=fields_of(deal, DEAL_RESULT_FIELDS),
        after={**journal.reason_fields(reason), **_withdrawn(withdrawn)},
    )
    _mark_history(deal, table, by)
    deal.delete()


def _check_fields(deal: Deal) -> None:
    """Each field's own checks (its choices, its digits), in memory. The rules between fields
    and between deals are the database's constraints: broken, they are refused by name
    (``_refused_by_the_database``) rather than checked here by a query each."""
    try:
        deal.clean_fields(exclude=["table"])
    except ValidationError as error:
        name, messages = next(iter(error.message_dict.items()))
        raise Refused(messages[0], field=name, code="invalid") from error
