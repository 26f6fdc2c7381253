"""Every seat's marque of one deal under a tournament's rules, and the individual primes that
make it.

docs/scoring.md §One deal, 8 and §Règles du club. Under the FFT's rules, and the club's camp
primes, the defenders mark alike; with the club's individual primes each poignée and misère is
paid by or to the player who showed it, so each seat is scored on its own. Either way the deal
sums to zero.

    >>> from scoring.rules import Deal, Misere
    >>> club = RuleProfile(club=True, miseres=True, individual_primes=True)
    >>> deal = Deal(players=4, contract="prise", points=38, bouts=2,
    ...             miseres=(Misere(camp="defense", kind="pas_d_atout", seat="S"),))
    >>> seats = score_seats(deal, seats=("N", "E", "S", "O"), taker="N", profile=club)
    >>> seats.marques
    {'N': -94, 'E': 18, 'S': 58, 'O': 18}
    >>> seats.primes[0].gain
    30

The words that explain a deal to the table are ``tournaments.deal_words``'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.primes import Misere, Poignee
from scoring.profile import FFT, RuleProfile
from scoring.rules import Deal, Marque, score_deal
from scoring.sheet import _check_partner, _check_players, _check_taker, _checked_seats
from scoring.values import (
    MISERE_VALUES,
    POIGNEE_VALUES,
    Camp,
    InvalidDeal,
)

__all__ = ["SeatMarques", "SeatPrime", "score_seats"]


@dataclass(frozen=True)
class SeatPrime:
    """One individual prime: who showed it, what, its value, and what its player gains.

    ``gain`` is (n − 1) × ``value`` when the player's camp wins the deal, minus that when it
    loses; every other player of the deal marks ``-gain / (n − 1)``.
    """

    seat: str
    name: str
    value: int
    gain: int
    others: int
    """n − 1: how many other players of the deal pay or receive it."""

    @property
    def each(self) -> int:
        """What each other player of the deal marks for it."""
        return -self.gain // self.others


@dataclass(frozen=True)
class SeatMarques:
    """One deal's marque at every seat, in seat order, with the terms that make it.

    ``marque`` is the deal's marque as ``score_deal`` gives it (what the camps share);
    ``marques`` every seat's marque (the mort's 0 included), summing to zero; ``primes`` the
    individual primes, when the profile pays them so.
    """

    marque: Marque
    marques: dict[str, int]
    primes: tuple[SeatPrime, ...] = ()


def score_seats(
    deal: Deal,
    *,
    seats: Sequence[str],
    taker: str,
    partner: str | None = None,
    sitting_out: str | None = None,
    profile: RuleProfile = FFT,
) -> SeatMarques:
    """Every seat's marque of ``deal`` under ``profile``, and why.

    The seats are given as to ``scoring.sheet.seat_marques``: the table's labels in seat order,
    the taker, the partner (5 players, when the deal has one) and the mort. Each poignée and
    misère of the deal may name its ``seat``; with individual primes every one must, and it
    must sit in the camp it is said to be of.

    Under the FFT profile the marques are exactly ``seat_marques``'s (docs/scoring.md §One
    deal, 8). With individual primes (docs/scoring.md §Règles du club), the player who showed
    a prime gains (n − 1) × its value when their camp wins the deal, and every other player of
    the deal pays it once; the reverse when their camp loses. n is the number of players in
    the deal: the mort neither pays nor gains.
    """
    labels = _checked_seats(seats)
    _check_players(deal, labels, sitting_out)
    _check_taker(labels, taker, sitting_out)
    _check_partner(deal, labels, taker, partner)
    if profile.seul_contre_tous and sitting_out is not None:
        raise InvalidDeal(
            "sitting_out",
            "Ce tournoi se joue en seul contre tous : les cinq joueurs jouent chaque donne, "
            "sans mort.",
        )
    attack = {taker, partner} - {None}
    _check_prime_seats(deal, labels, attack, sitting_out, profile)

    marque = score_deal(deal, profile)
    marques: dict[str, int] = {}
    for label in labels:
        if label == sitting_out:
            marques[label] = 0
        elif label == taker:
            marques[label] = marque.taker
        elif label == partner:
            marques[label] = marque.value
        else:
            marques[label] = marque.defender

    primes: list[SeatPrime] = []
    if profile.individual_primes:
        playing = [label for label in labels if label != sitting_out]
        others = len(playing) - 1
        winners = Camp.ATTACK if marque.won else Camp.DEFENSE
        for prime in (*deal.poignees, *deal.miseres):
            value = _value(prime)
            each = value if prime.camp == winners else -value
            owner = prime.seat
            primes.append(
                SeatPrime(
                    seat=owner, name=prime.name, value=value, gain=others * each, others=others
                )
            )
            for label in playing:
                marques[label] += others * each if label == owner else -each

    return SeatMarques(marque=marque, marques=marques, primes=tuple(primes))


def _value(prime: Poignee | Misere) -> int:
    if isinstance(prime, Poignee):
        return POIGNEE_VALUES[prime.size]
    return MISERE_VALUES[prime.kind]


def _check_prime_seats(
    deal: Deal,
    labels: tuple[str, ...],
    attack: set[str],
    sitting_out: str | None,
    profile: RuleProfile,
) -> None:
    """Each prime's player sits at the table, plays the deal, and in the camp said."""
    for prime in (*deal.poignees, *deal.miseres):
        field = "poignees" if isinstance(prime, Poignee) else "miseres"
        seat = prime.seat
        if seat is None:
            if profile.individual_primes:
                what = (
                    f"montré la {prime.name}"
                    if isinstance(prime, Poignee)
                    else f"annoncé « {prime.name} »"
                )
                raise InvalidDeal(
                    field,
                    f"Indiquez qui a {what} : avec les primes individuelles, "
                    "la prime est payée à ce joueur ou par lui.",
                )
            continue
        if seat not in labels:
            raise InvalidDeal(field, f"« {seat} » n'est pas assis à cette table.")
        if seat == sitting_out:
            raise InvalidDeal(field, f"« {seat} » est le mort : il ne joue pas la donne.")
        camp = Camp.ATTACK if seat in attack else Camp.DEFENSE
        if prime.camp != camp:
            raise InvalidDeal(
                field,
                f"« {seat} » joue en {'attaque' if camp == Camp.ATTACK else 'défense'}, "
                f"pas en {'attaque' if prime.camp == Camp.ATTACK else 'défense'}.",
            )
