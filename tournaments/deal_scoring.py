"""What a deal scores at its table, by its tournament's rules: the one place that turns a
deal (typed, or stored) with its table's seats and its tournament's settings into a
``scoring.rules`` deal, and that deal into each seat's marque.

The record (``services.deals``), the live marques and the stored-deal rescoring of the sheet
(``selectors.sheets``) all score here, so that they can never disagree; the prints and the
exports show the marques the record stored. It sits below the services, selectors, forms and
prints; it refuses with the services' one ``Refused`` (``common/refusals.py``, which
imports none of the services).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from common.refusals import Refused
from scoring.club import SeatMarques, score_seats
from scoring.rules import Contract as RuleContract
from scoring.rules import Deal as ScoredDeal
from scoring.rules import InvalidDeal, Marque, Misere, Poignee
from tournaments.choices import (
    MARQUE_FIELDS,
    MISERE_FIELDS,
    MISERE_KINDS,
    POIGNEE_FIELDS,
    FiveMode,
    MisereShown,
)
from tournaments.models import Deal, Table

# The chelems that were announced at the bidding (docs/scoring.md §One deal, 6).
ANNOUNCED_CHELEMS = {"announced_made", "announced_failed"}


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
    # Club rules: seat place -> "pas_d_honneur" | "pas_d_atout" | "les_deux" (MisereShown).
    miseres: Mapping[str, str] | None = None

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
            miseres=deal.miseres(),
        )


@dataclass(frozen=True)
class Preview:
    """A deal scored before it is saved: each seat's marque and the terms that explain it."""

    marques: dict[str, int]
    marque: Marque | None  # None for « tous passent »
    # Every seat's marque with its terms, and the individual primes (scoring.club).
    seats: SeatMarques | None = None


def with_a_mort(table: Table, places: Sequence[str]) -> bool:
    """A table of 5 playing with a mort (one seat out of each deal), not the appel au roi."""
    return len(places) == 5 and table.position.tournament.five_mode == FiveMode.DEAD


def check_seats(*, table: Table, places: Sequence[str], result: DealResult) -> None:
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
    if len(places) != 5 or table.position.tournament.five_mode != FiveMode.CALL:
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
    if not with_a_mort(table, places):
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


def _rules_deal(*, table: Table, places: Sequence[str], result: DealResult) -> ScoredDeal:
    """The deal as ``scoring.rules`` checks and scores it (raises InvalidDeal or Refused).

    At a table of 5 playing with a mort, the mort's seat is out of the deal and the others
    play a 4-player deal; in the appel-au-roi game (and « seul contre tous ») all five play.
    Each poignée and misère names the seat that showed it: the club's individual primes pay
    it to that player (docs/scoring.md §Règles du club).
    """
    dead_hand = with_a_mort(table, places)
    if dead_hand and not result.sitting_out:
        raise Refused(
            _("À 5 avec un mort, indiquez le joueur qui ne joue pas cette donne."),
            field="sitting_out",
        )
    attack = {result.taker, result.partner} - {None}
    poignees = result.poignees or {}
    miseres = result.miseres or {}
    for field, shown, message in (
        ("poignees", poignees, _("La poignée est montrée par un joueur qui n'est pas à la table.")),
        ("miseres", miseres, _("La misère est annoncée par un joueur qui n'est pas à la table.")),
    ):
        for place in shown:
            if place not in places or place == result.sitting_out:
                raise Refused(message, field=field)

    def camp(place: str) -> str:
        return "attack" if place in attack else "defense"

    try:
        misere_kinds = {place: MISERE_KINDS[MisereShown(kinds)] for place, kinds in miseres.items()}
    except ValueError:
        raise Refused(_("Misère inconnue."), field="miseres") from None
    return ScoredDeal(
        players=len(places) - (1 if dead_hand else 0),
        contract=result.contract,
        points=result.points,
        bouts=result.bouts,
        petit_au_bout=result.petit_au_bout,
        poignees=tuple(
            Poignee(camp=camp(place), size=size, seat=place) for place, size in poignees.items()
        ),
        chelem=result.chelem,
        partner=result.partner is not None,
        miseres=tuple(
            Misere(camp=camp(place), kind=kind, seat=place)
            for place, kinds in misere_kinds.items()
            for kind in kinds
        ),
    )


def score_seats_of(*, table: Table, places: Sequence[str], result: DealResult) -> SeatMarques:
    """Every seat's marque of a played deal, and its terms, by the tournament's rules."""
    return score_seats(
        _rules_deal(table=table, places=places, result=result),
        seats=list(places),
        taker=result.taker,
        partner=result.partner,
        sitting_out=result.sitting_out,
        profile=table.position.tournament.rule_profile,
    )


def score_result(*, table: Table, places: Sequence[str], result: DealResult) -> dict[str, int]:
    """The marque of each occupied seat for a played deal, by the tournament's rules."""
    if result.all_pass:
        return dict.fromkeys(places, 0)
    return score_seats_of(table=table, places=places, result=result).marques


def preview_result(*, table: Table, places: Sequence[str], result: DealResult) -> Preview:
    """Score a played deal without saving it: what the entry form shows as it is filled.

    Raises what saving would raise (InvalidDeal, Refused), so the preview and the save
    can never disagree.
    """
    check_seats(table=table, places=places, result=result)
    if result.all_pass:
        return Preview(marques=dict.fromkeys(places, 0), marque=None)
    seats = score_seats_of(table=table, places=places, result=result)
    return Preview(marques=seats.marques, marque=seats.marque, seats=seats)


def stored_seats(table: Table, deal: Deal, places: Sequence[str]) -> SeatMarques | None:
    """Every seat's marque and terms of a stored deal, scored again from what it holds (no
    query); None if the rules now refuse it (the stored marques stand: only the arbitre
    changes them)."""
    try:
        return preview_result(table=table, places=places, result=DealResult.of_deal(deal)).seats
    except (InvalidDeal, Refused):
        return None


def apply_result(deal: Deal, *, table: Table, places: Sequence[str], result: DealResult) -> None:
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
    miseres = result.miseres or {}
    for place, field in MISERE_FIELDS.items():
        setattr(deal, field, miseres.get(place.value))
    marques = score_result(table=table, places=places, result=result) if result.is_played else {}
    if not result.is_played:
        # The contract alone, entered at the bidding: scoring it checks nothing yet.
        _check_contract(result.contract)
        if result.bouts is not None or result.petit_au_bout or result.chelem or poignees or miseres:
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
