"""The sheets: recording deals, scored by the FFT rules, their marques stored with them.

A refusal is a ``DealRefused`` (or the scoring's ``InvalidDeal``) naming the field and saying,
in French, what is wrong, so that the form can show it beside what was typed.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.rules import Contract as RuleContract
from scoring.rules import Deal as ScoredDeal
from scoring.rules import InvalidDeal, Poignee
from scoring.sheet import seat_marques
from tournaments.models import (
    MARQUE_FIELDS,
    POIGNEE_FIELDS,
    Deal,
    FiveMode,
    Place,
    Table,
)


class DealRefused(ValueError):
    """A deal the sheet cannot take, for a reason that is not a rule of the marque."""

    def __init__(self, message: str, *, field: str | None = None, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


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

    @property
    def is_played(self) -> bool:
        return self.all_pass or self.points is not None


def table_places(table: Table) -> list[str]:
    """The occupied seats of a table, in seat order."""
    order = list(Place.values)
    return sorted((seat.place for seat in table.seats.all()), key=order.index)


def score_result(*, table: Table, places: Sequence[str], result: DealResult) -> dict[str, int]:
    """The marque of each occupied seat for a played deal, by the FFT rules (scoring.rules).

    At a table of 5 playing with a mort, the mort's seat is scored as out of the deal (0) and
    the others play a 4-player deal; in the appel-au-roi game all five play.
    """
    if result.all_pass:
        return dict.fromkeys(places, 0)
    dead_hand = len(places) == 5 and table.position.tournament.five_mode == FiveMode.DEAD
    if dead_hand and not result.sitting_out:
        raise DealRefused(
            _("À 5 avec un mort, indiquez le joueur qui ne joue pas cette donne."),
            field="sitting_out",
        )
    if result.sitting_out and not dead_hand:
        raise DealRefused(
            _("Seule une table de 5 jouée avec un mort a un joueur qui ne joue pas."),
            field="sitting_out",
        )
    attack = {result.taker, result.partner} - {None}
    poignees = result.poignees or {}
    for place in poignees:
        if place not in places or place == result.sitting_out:
            raise DealRefused(
                _("La poignée est montrée par un joueur qui n'est pas à la table."),
                field="poignees",
            )
    scored = ScoredDeal(
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
    return seat_marques(
        scored,
        seats=list(places),
        taker=result.taker,
        partner=result.partner,
        sitting_out=result.sitting_out,
    )


@transaction.atomic
def record_deal(*, table: Table, number: int, result: DealResult) -> Deal:
    """Write a new deal on a table's sheet, scored, its marques stored with it.

    The database refuses a deal whose marques do not sum to zero (``deal_sums_to_zero``);
    scoring makes that impossible here, the constraint makes it impossible everywhere.
    """
    table = (
        Table.objects.select_for_update().select_related("position__tournament").get(pk=table.pk)
    )
    deals_per_position = table.position.tournament.deals_per_position
    if not 1 <= number <= deals_per_position:
        raise DealRefused(
            _("Une position compte %(count)s donnes : la donne %(number)s n'existe pas.")
            % {"count": deals_per_position, "number": number},
            field="number",
            code="number_out_of_range",
        )
    if table.deals.filter(number=number).exists():
        raise DealRefused(
            _("La donne %(number)s est déjà inscrite sur cette feuille.") % {"number": number},
            field="number",
            code="number_taken",
        )
    places = table_places(table)
    _check_seats(places=places, result=result)
    deal = Deal(table=table, number=number)
    _apply_result(deal, table=table, places=places, result=result)
    deal.full_clean(exclude=["table"])
    deal.save()
    return deal


def _check_seats(*, places: Sequence[str], result: DealResult) -> None:
    if result.all_pass:
        return
    if result.taker not in places:
        raise DealRefused(_("Le preneur doit être un joueur de la table."), field="taker")
    if result.partner is not None and result.partner not in places:
        raise DealRefused(_("Le partenaire doit être un joueur de la table."), field="partner")


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
    poignees = result.poignees or {}
    for place, field in POIGNEE_FIELDS.items():
        setattr(deal, field, poignees.get(place.value))
    marques = score_result(table=table, places=places, result=result) if result.is_played else {}
    if not result.is_played:
        # The contract alone, entered at the bidding: scoring it checks nothing yet.
        _check_contract(result.contract)
    for place, field in MARQUE_FIELDS.items():
        setattr(deal, field, marques.get(place.value))


def _check_contract(contract: str | None) -> None:
    try:
        RuleContract(contract)
    except ValueError as error:
        raise InvalidDeal(field="contract", message=_("Choisissez le contrat.")) from error
