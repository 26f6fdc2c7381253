"""The sheets: recording deals, scored by the FFT rules, their marques stored with them.

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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import wraps
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.rules import Contract as RuleContract
from scoring.rules import Deal as ScoredDeal
from scoring.rules import InvalidDeal, Marque, Poignee, score_deal
from scoring.sheet import seat_marques, sheet_totals
from tournaments.actors import Actor, ActorKind
from tournaments.db import retry_once_on_conflict
from tournaments.models import (
    DEAL_RESULT_FIELDS,
    MARQUE_FIELDS,
    POIGNEE_FIELDS,
    Deal,
    FiveMode,
    Place,
    Seat,
    SheetEvent,
    Table,
)
from tournaments.services import journal
from tournaments.services.errors import Refused, refusal_for_violation, required_reason

# The chelems that were announced at the bidding (docs/scoring.md §One deal, 6).
ANNOUNCED_CHELEMS = {"announced_made", "announced_failed"}


def _reason(reason: str) -> dict:
    """The reason given for a correction or a reopening, kept only when there is one."""
    return {"reason": reason} if reason else {}


def _journal(
    table: Table, action: journal.Action, by: Actor, *, subject, before: dict, after: dict
) -> None:
    journal.record(
        tournament=table.position.tournament,
        action=action,
        by=by,
        table=table,
        subject=subject,
        before=before,
        after=after,
    )


@dataclass(frozen=True)
class DealResult:
    """What the table says of one deal: the bidding and, once played, its result."""

    taker: str | None = None
    contract: str | None = None
    partner: str | None = None
    sitting_out: str | None = None
    bouts: int | None = None
    points: Decimal | int | None = None
    petit_au_bout: str | None = None
    chelem: str | None = None
    poignees: Mapping[str, str] | None = None  # seat place -> "simple" | "double" | "triple"
    all_pass: bool = False
    chelem_announced: bool = False  # at the bidding, before the result is known

    @property
    def is_played(self) -> bool:
        return self.all_pass or self.points is not None

    @classmethod
    def of_deal(cls, deal: Deal) -> "DealResult":
        """The result a stored deal holds, to fill a form with it."""
        return cls(
            taker=deal.taker,
            contract=deal.contract,
            partner=deal.partner,
            sitting_out=deal.sitting_out,
            bouts=deal.bouts,
            points=deal.points,
            petit_au_bout=deal.petit_au_bout,
            chelem=deal.chelem,
            poignees=deal.poignees(),
            all_pass=deal.all_pass,
            chelem_announced=deal.chelem_announced,
        )


@dataclass(frozen=True)
class Preview:
    """A deal scored before it is saved: each seat's marque and the terms that explain it."""

    marques: dict[str, int]
    marque: Marque | None  # None for « tous passent »


def table_places(table: Table) -> list[str]:
    """The occupied seats of a table, in seat order."""
    return _places_of(table.seats.order_by())


def _places_of(seats: Sequence[Seat]) -> list[str]:
    return _in_seat_order(seat.place for seat in seats)


def _in_seat_order(places: Iterable[str]) -> list[str]:
    """Places as the sheet lists them: Nord, Est, Sud, Ouest, then the fifth seat."""
    return sorted(places, key=list(Place.values).index)


def _rules_deal(*, table: Table, places: Sequence[str], result: DealResult) -> ScoredDeal:
    """The deal as ``scoring.rules`` checks and scores it (raises InvalidDeal or Refused).

    At a table of 5 playing with a mort, the mort's seat is out of the deal and the others
    play a 4-player deal; in the appel-au-roi game all five play.
    """
    dead_hand = _dead_hand(table, places)
    if dead_hand and not result.sitting_out:
        raise Refused(
            _("À 5 avec un mort, indiquez le joueur qui ne joue pas cette donne."),
            field="sitting_out",
        )
    attack = {result.taker, result.partner} - {None}
    poignees = result.poignees or {}
    for place in poignees:
        if place not in places or place == result.sitting_out:
            raise Refused(
                _("La poignée est montrée par un joueur qui n'est pas à la table."),
                field="poignees",
            )
    return ScoredDeal(
        players=len(places) - (1 if dead_hand else 0),
        contract=result.contract,
        points=result.points,
        bouts=result.bouts,
        petit_au_bout=result.petit_au_bout,
        poignees=tuple(
            Poignee(camp="attack" if place in attack else "defense", size=size)
            for place, size in poignees.items()
        ),
        chelem=result.chelem,
        partner=result.partner is not None,
    )


def score_result(*, table: Table, places: Sequence[str], result: DealResult) -> dict[str, int]:
    """The marque of each occupied seat for a played deal, by the FFT rules (scoring.rules)."""
    if result.all_pass:
        return dict.fromkeys(places, 0)
    return seat_marques(
        _rules_deal(table=table, places=places, result=result),
        seats=list(places),
        taker=result.taker,
        partner=result.partner,
        sitting_out=result.sitting_out,
    )


def preview_result(*, table: Table, places: Sequence[str], result: DealResult) -> Preview:
    """Score a played deal without saving it: what the entry form shows as it is filled.

    Raises what saving would raise (InvalidDeal, Refused), so the preview and the save
    can never disagree.
    """
    _check_seats(table=table, places=places, result=result)
    if result.all_pass:
        return Preview(marques=dict.fromkeys(places, 0), marque=None)
    marques = score_result(table=table, places=places, result=result)
    marque = score_deal(_rules_deal(table=table, places=places, result=result))
    return Preview(marques=marques, marque=marque)


def _locked_table(table: Table) -> Table:
    # Only the table's row: locking its position and tournament too (the rows joined) took
    # them after the table, the opposite of the arbitre's order (services.locks).
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("position__tournament")
        .get(pk=table.pk)
    )


@dataclass(frozen=True)
class _Sheet:
    """A sheet as a write on its deals reads it, once, under the table's lock: the table (its
    position and tournament with it), its deals in number order, its seats."""

    table: Table
    deals: list[Deal]
    seats: list[Seat]

    @property
    def places(self) -> list[str]:
        return _places_of(self.seats)

    def deal(self, number: int) -> Deal | None:
        return next((deal for deal in self.deals if deal.number == number), None)


# What a write on the deals reads of the seats, the table, its position and tournament: a
# query of every column of four models costs more to build than to run. A column left out
# here would be read by one more query when used (the query-count tests would say so).
SHEET_COLUMNS = (
    "place",
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
)


def _locked_sheet(table: Table) -> _Sheet:
    """Two queries: the table's seats, with the table (locked), its position and tournament
    joined to them (a table is seated as it is created, never without its seats), then its
    deals. Each ordered here, not by the models' Meta.ordering, whose chain (table, position,
    tournament) would join three tables to sort the rows of one sheet.

    Only ``table.pk`` is read of ``table``: a phone's save names its table by its key alone
    (``views.sheets.deal_new``), and a table gone meanwhile is refused as missing."""
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
            table = _locked_table(table)
        except Table.DoesNotExist as error:
            raise Refused(_("Cette table n'existe plus."), code="missing") from error
    return _Sheet(table=table, deals=list(table.deals.order_by("number")), seats=seats)


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
    names = [str(Place(place).label) for place in _in_seat_order(places)]
    return {"withdrawn": names} if names else {}


def _record_event(
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
    their bilan again (the sheet is no longer signed until they have); it says why. The
    places withdrawn, for the journal."""
    table = sheet.table
    changed = {place for place in sheet.places if before.get(place) != after.get(place)}
    now = timezone.now()
    withdrawn = [
        seat.place
        for seat in sheet.seats
        if seat.place in changed and seat.confirmed_at is not None
    ]
    if withdrawn:
        table.seats.filter(place__in=withdrawn).update(confirmed_at=None)
        table.locked_at = None
    table.corrected_at = now
    table.correction_reason = reason
    table.save(update_fields=["locked_at", "corrected_at", "correction_reason"])
    _record_event(
        table,
        SheetEvent.Kind.CORRECTED,
        by,
        at=now,
        places=_in_seat_order(withdrawn),
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
    finding out which one."""

    @wraps(write)
    def checked(**fields) -> Deal:
        try:
            return write(**fields)
        except IntegrityError as error:
            refusal = refusal_for_violation(error, Deal)
            if refusal is None:
                raise
            raise refusal from error

    return checked


@retry_once_on_conflict
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
    check_sheet_open(table, by)
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
    before = journal.fields_of(deal, DEAL_RESULT_FIELDS) if deal.pk else {}
    deal.submission_id = submission_id
    deal = _write_result(deal, sheet=sheet, result=result, by=by)
    withdrawn = _withdraw_confirmations(sheet)
    _journal(
        table,
        journal.Action.DEAL_RECORDED,
        by,
        subject=deal,
        before=before,
        after={**journal.fields_of(deal, DEAL_RESULT_FIELDS), **_withdrawn(withdrawn)},
    )
    return deal


@retry_once_on_conflict
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
    check_sheet_open(table, by)
    deal = _get_deal(sheet, number)
    if submission_id is not None and deal.submission_id == submission_id:
        return deal  # this correction, sent twice: saved once (``_sent_before``)
    _check_last_deal(sheet, deal, by)
    _check_version(deal, version)
    reason = _correction_reason(table, reason)
    before = deal.marques()
    before_fields = journal.fields_of(deal, DEAL_RESULT_FIELDS)
    deal.version += 1
    deal.submission_id = submission_id
    deal = _write_result(deal, sheet=sheet, result=result, by=by)
    withdrawn = _withdraw_bilans(
        sheet, number=number, before=before, after=deal.marques(), by=by, reason=reason
    )
    _journal(
        table,
        journal.Action.DEAL_CORRECTED,
        by,
        subject=deal,
        before=before_fields,
        after={
            **journal.fields_of(deal, DEAL_RESULT_FIELDS),
            **_reason(reason),
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
    _check_seats(table=sheet.table, places=places, result=result)
    _apply_result(deal, table=sheet.table, places=places, result=result)
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
    check_sheet_open(table, by)
    deal = _get_deal(sheet, number)
    _check_last_deal(sheet, deal, by)
    _check_version(deal, version)
    reason = _correction_reason(table, reason)
    withdrawn = _withdraw_bilans(
        sheet, number=number, before=deal.marques(), after={}, by=by, reason=reason
    )
    # Written before the deal is deleted, so that the entry keeps the deal's key.
    _journal(
        table,
        journal.Action.DEAL_DELETED,
        by,
        subject=deal,
        before=journal.fields_of(deal, DEAL_RESULT_FIELDS),
        after={**_reason(reason), **_withdrawn(withdrawn)},
    )
    _mark_history(deal, table, by)
    deal.delete()


@retry_once_on_conflict
@transaction.atomic
def confirm_bilan(*, table: Table, place: str, by: Actor) -> Table:
    """A player confirms their bilan; when every player has, the sheet is signed (locked).

    FFT fascicule, « La marque en donnes libres »: each player checks his bilan and that the
    bilans sum to zero before the sheet goes to the arbitre. So every deal of the position
    must be in and played first.
    """
    table = _locked_table(table)
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
        _record_event(table, SheetEvent.Kind.CONFIRMED, by, at=now, places=[seat.place])
        action = journal.Action.BILAN_CONFIRMED
    if not table.seats.filter(confirmed_at__isnull=True).exists():
        table.locked_at = now
        table.save(update_fields=["locked_at"])
        _record_event(table, SheetEvent.Kind.SIGNED, by, at=now)
        action = journal.Action.SHEET_SIGNED  # the last bilan: one entry says both
    if action is not None:
        _journal(
            table,
            action,
            by,
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
    table = _locked_table(table)
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
    event = _record_event(
        table, SheetEvent.Kind.REOPENED, by, reason=" ".join(reason.split())[:300]
    )
    _journal(
        table,
        journal.Action.SHEET_REOPENED,
        by,
        subject=table,
        before={"signed": True},
        after={"signed": False, **_reason(event.reason)},
    )
    return table


def _dead_hand(table: Table, places: Sequence[str]) -> bool:
    """A table of 5 playing with a mort (one seat out of each deal), not the appel au roi."""
    return len(places) == 5 and table.position.tournament.five_mode == FiveMode.DEAD


def _check_seats(*, table: Table, places: Sequence[str], result: DealResult) -> None:
    """The seats the deal names sit at this table and play the parts they are given: checked
    for a deal bid as for a deal played, whoever sends it."""
    if result.all_pass:
        return
    if result.taker not in places:
        raise Refused(_("Le preneur doit être un joueur de la table."), field="taker")
    if result.partner is not None:
        _check_partner(table=table, places=places, result=result)
    if result.sitting_out is not None:
        _check_mort(table=table, places=places, result=result)


def _check_partner(*, table: Table, places: Sequence[str], result: DealResult) -> None:
    if len(places) != 5 or _dead_hand(table, places):
        raise Refused(
            _("Seule une table de 5 jouée en appelant un roi a un partenaire appelé."),
            field="partner",
        )
    if result.partner not in places:
        raise Refused(_("Le partenaire doit être un joueur de la table."), field="partner")
    if result.partner == result.taker:
        raise Refused(
            _("Le preneur ne peut pas être son propre partenaire : choisissez « seul »."),
            field="partner",
        )


def _check_mort(*, table: Table, places: Sequence[str], result: DealResult) -> None:
    if not _dead_hand(table, places):
        raise Refused(
            _("Seule une table de 5 jouée avec un mort a un joueur qui ne joue pas."),
            field="sitting_out",
        )
    if result.sitting_out not in places:
        raise Refused(_("Le mort doit être un joueur de la table."), field="sitting_out")
    if result.sitting_out == result.taker:
        raise Refused(
            _("Le preneur joue la donne : il ne peut pas être le mort."), field="sitting_out"
        )


def _check_fields(deal: Deal) -> None:
    """Each field's own checks (its choices, its digits), in memory. The rules between fields
    and between deals are the database's constraints: broken, they are refused by name
    (``_refused_by_the_database``) rather than checked here by a query each."""
    try:
        deal.clean_fields(exclude=["table"])
    except ValidationError as error:
        name, messages = next(iter(error.message_dict.items()))
        raise Refused(messages[0], field=name, code="invalid") from error


def _apply_result(deal: Deal, *, table: Table, places: Sequence[str], result: DealResult) -> None:
    """Copy the result onto the deal row and store each seat's marque (or none, if unplayed)."""
    deal.all_pass = result.all_pass
    deal.taker = None if result.all_pass else result.taker
    deal.contract = None if result.all_pass else result.contract
    deal.partner = result.partner
    deal.sitting_out = result.sitting_out
    deal.bouts = result.bouts
    deal.points = None if result.points is None else Decimal(str(result.points))
    deal.petit_au_bout = result.petit_au_bout
    deal.chelem = result.chelem
    deal.chelem_announced = not result.all_pass and (
        result.chelem_announced or result.chelem in ANNOUNCED_CHELEMS
    )
    if result.is_played and result.chelem_announced and result.chelem not in ANNOUNCED_CHELEMS:
        raise InvalidDeal(
            field="chelem",
            message=_("Le chelem a été annoncé : indiquez s'il est réalisé ou chuté."),
        )
    poignees = result.poignees or {}
    for place, field in POIGNEE_FIELDS.items():
        setattr(deal, field, poignees.get(place.value))
    marques = score_result(table=table, places=places, result=result) if result.is_played else {}
    if not result.is_played:
        # The contract alone, entered at the bidding: scoring it checks nothing yet.
        _check_contract(result.contract)
        if result.bouts is not None or result.petit_au_bout or result.chelem or poignees:
            raise InvalidDeal(
                field="points", message=_("Indiquez les points de l'attaque, de 0 à 91.")
            )
    for place, field in MARQUE_FIELDS.items():
        setattr(deal, field, marques.get(place.value))


def _check_contract(contract: str | None) -> None:
    try:
        RuleContract(contract)
    except ValueError as error:
        raise InvalidDeal(field="contract", message=_("Choisissez le contrat.")) from error
