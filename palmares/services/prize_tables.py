"""Every write to a tournament's prize table: set it (the pot, its rows, the ex aequo rule,
« un seul prix par joueur »), lock the prize list once paid, unlock it with a reason.

Each is one transaction, told who acts (``by``), refusing with the one ``Refused`` and a
French message (nothing saved), and journalled in the prizes' journal
(``palmares.services.journal.record``).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.refusals import Refused, clean_or_refuse
from palmares.categories import prize_label
from palmares.models import MAX_EUROS, Category, PotKind, PrizeRow, PrizeTable, TieRule
from palmares.selectors.prize_lists import prize_list
from palmares.services import journal
from tournaments.models import Tournament

# Far above any tournament's prize table, and small enough to read on one page.
MAX_ROWS = 60
MAX_SERIE = 30


@dataclass(frozen=True)
class RowSpec:
    """A row as the arbitre typed it: its list, its série (for a série's list), and its value:
    euros for a pot of fixed amounts, a per cent of the pot for a pot of takings."""

    category: str
    value: Decimal
    serie: str = ""


def _euros(value: Decimal | None, *, field: str, words: str) -> Decimal:
    if value is None or not value.is_finite() or not 0 <= value <= MAX_EUROS:
        raise Refused(
            _("%(words)s : un montant de 0 à 999 999,99 €.") % {"words": words},
            field=field,
            code="amount",
        )
    if value != value.quantize(Decimal("0.01")):
        raise Refused(
            _("%(words)s : un montant en euros, au centime près (12,50).") % {"words": words},
            field=field,
            code="amount",
        )
    return value


def _percent(value: Decimal | None, *, field: str, words: str) -> Decimal:
    if value is None or not value.is_finite() or not 0 <= value <= 100:
        raise Refused(
            _("%(words)s : un pourcentage de 0 à 100.") % {"words": words},
            field=field,
            code="percent",
        )
    if value != value.quantize(Decimal("0.01")):
        raise Refused(
            _("%(words)s : un pourcentage, au centième près (12,5).") % {"words": words},
            field=field,
            code="percent",
        )
    return value


def _rows(pot_kind: str, rows: Sequence[RowSpec]) -> list[PrizeRow]:
    if not rows:
        raise Refused(
            _("Le tableau n'a aucun prix : donnez au moins une ligne."), field="rows", code="rows"
        )
    if len(rows) > MAX_ROWS:
        raise Refused(
            _("Au plus %(max)s lignes de prix.") % {"max": MAX_ROWS}, field="rows", code="rows"
        )
    made, counted = [], {}
    for order, spec in enumerate(rows, start=1):
        at = f"rows.{order - 1}"  # the row refused, for the form to show it beside it
        if spec.category not in Category.values:
            raise Refused(_("Ligne %(n)s : liste inconnue.") % {"n": order}, field=at)
        serie = " ".join((spec.serie or "").split()) if spec.category == Category.SERIE else ""
        if spec.category == Category.SERIE and not serie:
            raise Refused(
                _("Ligne %(n)s : un prix de série dit sa série (1, 2T…).") % {"n": order},
                field=at,
                code="serie",
            )
        if len(serie) > MAX_SERIE or not serie.isprintable():
            raise Refused(
                _("Ligne %(n)s : une série s'écrit en %(max)s caractères au plus.")
                % {"n": order, "max": MAX_SERIE},
                field=at,
                code="serie",
            )
        key = (spec.category, serie.casefold())
        counted[key] = counted.get(key, 0) + 1
        words = _("Ligne %(n)s (%(label)s)") % {
            "n": order,
            "label": prize_label(spec.category, serie, counted[key]),
        }
        row = PrizeRow(order=order, category=spec.category, serie=serie)
        if pot_kind == PotKind.TAKINGS:
            row.share = _percent(spec.value, field=at, words=words)
        else:
            row.amount = _euros(spec.value, field=at, words=words)
        made.append(row)
    if pot_kind == PotKind.TAKINGS:
        total = sum(row.share for row in made)
        if total > 100:
            raise Refused(
                _("Les parts des lignes font %(total)s %% de la dotation : au plus 100 %%.")
                % {"total": f"{total.normalize():f}".replace(".", ",")},
                field="rows",
                code="shares",
            )
    return made


def _fields(table: PrizeTable) -> dict:
    """What the journal keeps of a table: its settings and its rows in words."""
    rows = []
    counted: dict = {}
    for row in table.rows.order_by("order"):
        key = (row.category, row.serie.casefold())
        counted[key] = counted.get(key, 0) + 1
        value = f"{row.share} %" if row.share is not None else f"{row.amount} €"
        rows.append(f"{prize_label(row.category, row.serie, counted[key])} : {value}")
    return {
        "pot_kind": table.pot_kind,
        "fee": str(table.fee),
        "percent": "" if table.percent is None else str(table.percent),
        "ties": table.ties,
        "one_prize_each": table.one_prize_each,
        "rows": rows,
    }


def _refuse_if_locked(table: PrizeTable | None) -> None:
    if table is not None and table.locked:
        raise Refused(
            _(
                "Le palmarès est arrêté : rouvrez-le, en disant pourquoi, avant de changer le "
                "tableau des prix."
            ),
            code="locked",
        )


@transaction.atomic
def set_prize_table(
    *,
    tournament: Tournament,
    pot_kind: str,
    rows: Sequence[RowSpec],
    fee: Decimal = Decimal("0.00"),
    percent: Decimal | None = None,
    ties: str = TieRule.SHARE,
    one_prize_each: bool = True,
    by: Actor,
) -> PrizeTable:
    """The tournament's prize table, made or replaced whole: refused while the list is locked."""
    table = PrizeTable.objects.select_for_update().filter(tournament=tournament).first()
    _refuse_if_locked(table)
    if pot_kind not in PotKind.values:
        raise Refused(_("Dotation inconnue."), field="pot_kind", code="pot_kind")
    if ties not in TieRule.values:
        raise Refused(_("Règle des ex æquo inconnue."), field="ties", code="ties")
    fee = _euros(fee, field="fee", words=_("Droit d'inscription"))
    if pot_kind == PotKind.TAKINGS:
        percent = _percent(percent, field="percent", words=_("Part des recettes"))
        if fee == 0:
            raise Refused(
                _("Donnez le droit d'inscription : la dotation est une part des recettes."),
                field="fee",
                code="fee",
            )
    else:
        percent = None
    made = _rows(pot_kind, rows)
    before = _fields(table) if table is not None else {}
    if table is None:
        table = PrizeTable(tournament=tournament)
    table.pot_kind, table.fee, table.percent = pot_kind, fee, percent
    table.ties, table.one_prize_each = ties, bool(one_prize_each)
    clean_or_refuse(table)
    table.save()
    table.rows.all().delete()
    for row in made:
        row.table = table
        clean_or_refuse(row)
    PrizeRow.objects.bulk_create(made)
    journal.record(
        table=table, action=journal.Action.TABLE_SET, by=by, before=before, after=_fields(table)
    )
    return table


def _locked_table(tournament: Tournament) -> PrizeTable:
    table = (
        PrizeTable.objects.select_for_update()
        .select_related("tournament")
        .filter(tournament=tournament)
        .first()
    )
    if table is None:
        raise Refused(_("Ce tournoi n'a pas encore de tableau des prix."), code="no_table")
    return table


@transaction.atomic
def lock_prize_list(*, tournament: Tournament, by: Actor) -> PrizeTable:
    """The prize list as it reads now, kept: it no longer moves with the ranking. Refused
    before the ranking is final (every position closed)."""
    table = _locked_table(tournament)
    if table.locked:
        raise Refused(_("Le palmarès est déjà arrêté."), code="locked")
    shown = prize_list(table)
    if not shown.final:
        raise Refused(
            _(
                "Le classement n'est pas encore définitif : le palmarès s'arrête une fois "
                "toutes les positions closes."
            ),
            code="not_final",
        )
    table.locked_list = shown.snapshot()
    table.locked_at = timezone.now()
    table.locked_by = by.user
    table.save(update_fields=["locked_list", "locked_at", "locked_by"])
    journal.record(
        table=table,
        action=journal.Action.LIST_LOCKED,
        by=by,
        after={
            "pot": f"{shown.pot_cents / 100:.2f} €",
            "paid": f"{shown.paid_cents / 100:.2f} €",
            "winners": len(shown.paid),
        },
    )
    return table


MAX_REASON = 500


@transaction.atomic
def unlock_prize_list(*, tournament: Tournament, reason: str, by: Actor) -> PrizeTable:
    """The locked list opened again, with the reason said: it follows the ranking again."""
    table = _locked_table(tournament)
    if not table.locked:
        raise Refused(_("Le palmarès n'est pas arrêté."), code="not_locked")
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused(
            _("Dites pourquoi vous rouvrez le palmarès (il est journalisé)."),
            field="reason",
            code="reason",
        )
    if len(reason) > MAX_REASON:
        raise Refused(
            _("La raison tient en %(max)s caractères au plus.") % {"max": MAX_REASON},
            field="reason",
            code="reason",
        )
    locked_at = table.locked_at
    table.locked_list, table.locked_at, table.locked_by = {}, None, None
    table.save(update_fields=["locked_list", "locked_at", "locked_by"])
    journal.record(
        table=table,
        action=journal.Action.LIST_UNLOCKED,
        by=by,
        before={"locked_at": locked_at},
        after={"reason": reason},
    )
    return table
