"""From a deal's marque to the seats of a table, and from a table's deals to its sheet totals.

docs/scoring.md §One deal, 8-9 and §The example score sheet; FFT fascicule, « La marque en donnes
libres » and « Exemple de report des scores sur la feuille de marque ». Pure Python, like
``scoring.rules``: the Django side gives seat labels (« N », « E »…) and gets ints back.

    >>> from scoring.rules import Deal
    >>> deal = Deal(players=4, contract="prise", points=55, bouts=1)
    >>> seat_marques(deal, seats=("N", "E", "S", "O"), taker="E")
    {'N': -29, 'E': 87, 'S': -29, 'O': -29}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.rules import Deal, InvalidDeal, score_deal

__all__ = [
    "SeatTotals",
    "SheetTotals",
    "all_pass_marques",
    "seat_marques",
    "sheet_totals",
]


def _checked_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """The table's seat labels, in seat order: 3, 4 or 5 of them, all different."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence):
        raise InvalidDeal("seats", "Les places de la table se donnent dans l'ordre, en liste.")
    labels = tuple(seats)
    if not 3 <= len(labels) <= 5:
        raise InvalidDeal("seats", f"Une table compte 3, 4 ou 5 places, pas {len(labels)}.")
    for label in labels:
        if not isinstance(label, str) or not label:
            raise InvalidDeal("seats", f"Place illisible : {label!r}.")
        if labels.count(label) > 1:
            raise InvalidDeal(
                "seats", f"Chaque place figure une seule fois : « {label} » est en double."
            )
    return labels


def seat_marques(
    deal: Deal,
    *,
    seats: Sequence[str],
    taker: str,
    partner: str | None = None,
    sitting_out: str | None = None,
) -> dict[str, int]:
    """One marque per seat for this deal, in seat order, summing to zero.

    docs/scoring.md §One deal, 8; FFT fascicule, « La marque en donnes libres », « Le jeu à 3
    joueurs », « Le jeu à 5 joueurs »: the taker marks his share of v (3v, 2v, or at 5
    players 2v with a partner and 4v alone), the partner v, each defender −v.

    ``seats`` are the table's seat labels in seat order; ``taker`` and ``partner`` are labels
    among them. ``partner`` is given exactly when the deal says so (``deal.partner``, 5
    players only); a taker who called himself or whose king lay in the chien plays alone and
    has no partner here. ``sitting_out`` is the mort of a 5-player table played « avec un
    mort » (FFT fascicule, « Le jeu à 5 joueurs »; docs/scoring.md §One deal, 8): the
    deal is then a 4-player deal among the four others (``deal.players == 4``) and the mort
    marks 0.

    Raises InvalidDeal, ``field`` being the keyword at fault (``"seats"``, ``"taker"``,
    ``"partner"``, ``"sitting_out"``, or ``"players"`` when the deal was not scored for the
    number of people who played it), with a French message.
    """
    labels = _checked_seats(seats)
    _check_players(deal, labels, sitting_out)
    _check_taker(labels, taker, sitting_out)
    _check_partner(deal, labels, taker, partner)

    marque = score_deal(deal)
    # A missing partner or mort is None, which is no seat's label: it takes no share.
    shares = {taker: marque.taker, partner: marque.partner, sitting_out: 0}
    return {label: shares.get(label, marque.defender) for label in labels}


def _check_players(deal: Deal, labels: tuple[str, ...], sitting_out: str | None) -> None:
    """The mort, if any, sits at a table of 5, and the deal is scored for those who play it."""
    if sitting_out is not None:
        if sitting_out not in labels:
            raise InvalidDeal(
                "sitting_out", f"Le mort « {sitting_out} » n'est pas assis à cette table."
            )
        if len(labels) != 5:
            raise InvalidDeal(
                "sitting_out",
                f"Il n'y a de mort qu'à une table de 5 joueurs, pas de {len(labels)}.",
            )
    playing = tuple(label for label in labels if label != sitting_out)
    if deal.players != len(playing):
        mort = " (le mort ne joue pas)" if sitting_out is not None else ""
        raise InvalidDeal(
            "players",
            f"La donne est marquée à {deal.players} joueurs, mais {len(playing)} joueurs "
            f"la jouent à cette table{mort}.",
        )


def _check_taker(labels: tuple[str, ...], taker: str, sitting_out: str | None) -> None:
    """The taker sits at the table and plays the deal."""
    if sitting_out is not None and taker == sitting_out:
        raise InvalidDeal(
            "taker", f"« {taker} » est le mort : il ne joue pas la donne et ne peut pas prendre."
        )
    if taker not in labels:
        raise InvalidDeal("taker", f"Le preneur « {taker} » n'est pas assis à cette table.")


def _check_partner(deal: Deal, labels: tuple[str, ...], taker: str, partner: str | None) -> None:
    """A partner is named exactly when the deal was played with one (5 players only)."""
    if partner is None:
        if deal.partner:
            raise InvalidDeal("partner", "Indiquez le partenaire appelé par le preneur.")
        return
    if deal.players != 5:
        raise InvalidDeal(
            "partner",
            f"Il n'y a de partenaire appelé qu'à 5 joueurs, pas à {deal.players} joueurs.",
        )
    if partner not in labels:
        raise InvalidDeal("partner", f"Le partenaire « {partner} » n'est pas assis à cette table.")
    if partner == taker:
        raise InvalidDeal(
            "partner",
            "Le preneur ne peut pas être son propre partenaire : s'il s'est appelé "
            "lui-même, il joue seul.",
        )
    if not deal.partner:
        raise InvalidDeal(
            "partner",
            "La donne est marquée avec le preneur seul contre quatre : "
            "aucun partenaire ne doit être indiqué.",
        )


def all_pass_marques(seats: Sequence[str]) -> dict[str, int]:
    """Every seat marks 0: nobody took, the deal is redealt (docs/scoring.md §One deal, 9)."""
    return dict.fromkeys(_checked_seats(seats), 0)


@dataclass(frozen=True)
class SeatTotals:
    """One seat's column at the foot of the sheet: total of +, total of −, and the bilan.

    docs/scoring.md §The example score sheet: Nord's « 318 / 764 » is ``plus=318, minus=764``,
    ``minus`` being the sum of the negative marques written without their sign, as the sheet
    writes them in the − column.
    """

    seat: str
    plus: int
    minus: int

    @property
    def bilan(self) -> int:
        """Sum of + minus sum of − (docs/scoring.md §Words, bilan)."""
        return self.plus - self.minus


@dataclass(frozen=True)
class SheetTotals:
    """The foot of a score sheet, and the two checks the players make before signing it.

    docs/scoring.md §The example score sheet; FFT fascicule, « La marque en donnes libres »: each
    player checks his bilan and that the bilans sum to zero. ``unbalanced_deals`` names, by
    number, every deal whose marques do not sum to zero (a sheet typed from paper may have one).
    """

    seats: tuple[SeatTotals, ...]
    unbalanced_deals: tuple[int, ...]
    bilans_sum: int

    @property
    def bilans_balanced(self) -> bool:
        """Whether the bilans sum to zero."""
        return self.bilans_sum == 0

    @property
    def balanced(self) -> bool:
        """Whether every deal, and so the bilans, sum to zero: the sheet can be signed."""
        return not self.unbalanced_deals and self.bilans_balanced

    @property
    def by_seat(self) -> dict[str, SeatTotals]:
        """The seats' totals by seat label."""
        return {totals.seat: totals for totals in self.seats}

    @property
    def bilans(self) -> dict[str, int]:
        """Each seat's bilan by seat label."""
        return {totals.seat: totals.bilan for totals in self.seats}


def _numbered(
    deals: Mapping[int, Mapping[str, int | None]] | Sequence[Mapping[str, int | None]],
) -> list[tuple[int, Mapping[str, int | None]]]:
    if isinstance(deals, Mapping):
        numbered = list(deals.items())
    elif isinstance(deals, Sequence) and not isinstance(deals, str | bytes):
        numbered = list(enumerate(deals, start=1))
    else:
        raise InvalidDeal("deals", "Les donnes se donnent en liste, ou par numéro de donne.")
    for number, marques in numbered:
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidDeal("deals", f"Numéro de donne illisible : {number!r}.")
        if not isinstance(marques, Mapping):
            raise InvalidDeal("deals", f"Donne {number} : les marques se donnent par place.")
    return numbered


def sheet_totals(
    seats: Sequence[str],
    deals: Mapping[int, Mapping[str, int | None]] | Sequence[Mapping[str, int | None]],
) -> SheetTotals:
    """Totals, bilans and zero-sum checks of one sheet (docs/scoring.md §The example score sheet).

    ``sheet_totals(seats, deals) -> SheetTotals``

    - ``seats``: the table's seat labels in seat order, 3 to 5 of them.
    - ``deals``: either a mapping from deal number to that deal's marques, e.g.
      ``{1: {"N": -106, "S": -106, "E": 318, "O": -106}, 2: {...}}``, or a sequence of such
      marques, numbered from 1 in order. Each deal's marques map seat labels to ints; a seat
      left out, or marked None, is an empty cell and counts 0 (the mort of a 5-player table).

    Every deal is added up, balanced or not, so that the sheet shows what was written; a deal
    that does not sum to zero is listed in ``unbalanced_deals`` (in number order) and makes
    ``balanced`` false. Raises InvalidDeal (``field="seats"`` or ``"deals"``) for a seat label
    that is not at the table, or a marque that is not a whole number.
    """
    labels = _checked_seats(seats)
    plus = dict.fromkeys(labels, 0)
    minus = dict.fromkeys(labels, 0)
    unbalanced = []

    for number, marques in _numbered(deals):
        deal_sum = 0
        for label, marque in marques.items():
            if marque is None:
                continue
            if label not in plus:
                raise InvalidDeal(
                    "deals", f"Donne {number} : la place « {label} » n'est pas à cette table."
                )
            if isinstance(marque, bool) or not isinstance(marque, int):
                raise InvalidDeal(
                    "deals",
                    f"Donne {number} : la marque de « {label} » doit être un nombre entier, "
                    f"pas {marque!r}.",
                )
            if marque > 0:
                plus[label] += marque
            else:
                minus[label] -= marque
            deal_sum += marque
        if deal_sum != 0:
            unbalanced.append(number)

    seat_totals = tuple(
        SeatTotals(seat=label, plus=plus[label], minus=minus[label]) for label in labels
    )
    return SheetTotals(
        seats=seat_totals,
        unbalanced_deals=tuple(sorted(unbalanced)),
        bilans_sum=sum(totals.bilan for totals in seat_totals),
    )
