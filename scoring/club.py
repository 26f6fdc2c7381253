"""Every seat's marque of one deal under a tournament's rules, with the reason for each.

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
    >>> seats.lines["S"]
    ('défense : +28', "pas d'atout, 3 × 10 = +30")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.primes import Misere, Poignee
from scoring.profile import FFT, RuleProfile
from scoring.rules import Deal, Marque, score_deal
from scoring.sheet import _check_partner, _check_players, _check_taker, _checked_seats
from scoring.values import (
    MISERE_VALUES,
    MULTIPLY,
    POIGNEE_VALUES,
    Camp,
    InvalidDeal,
    signed,
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
    ``marques`` every seat's marque (the mort's 0 included), summing to zero; ``lines`` every
    seat's terms in French, without the seat's name (« défense : +28 », « pas d'atout,
    3 × 10 = +30 »); ``primes`` the individual primes, when the profile pays them so.
    """

    marque: Marque
    marques: dict[str, int]
    lines: dict[str, tuple[str, ...]]
    primes: tuple[SeatPrime, ...] = ()


def score_seats(
    deal: Deal,
    *,
    seats: Sequence[str],
    taker: str,
    partner: str | None = None,
    sitting_out: str | None = None,
    profile: RuleProfile = FFT,
    seat_names: Mapping[str, str] | None = None,
) -> SeatMarques:
    """Every seat's marque of ``deal`` under ``profile``, and why.

    The seats are given as to ``scoring.sheet.seat_marques``: the table's labels in seat order,
    the taker, the partner (5 players, when the deal has one) and the mort. Each poignée and
    misère of the deal may name its ``seat``; with individual primes every one must, and it
    must sit in the camp it is said to be of. ``seat_names`` words the other players' primes
    (« pas d'atout de Sud »); a label stands for a seat without a name.

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
    names = dict(seat_names or {})
    marques: dict[str, int] = {}
    lines: dict[str, list[str]] = {}
    for label in labels:
        if label == sitting_out:
            marques[label], lines[label] = 0, ["mort : 0"]
        elif label == taker:
            marques[label] = marque.taker
            lines[label] = [
                f"preneur : {marque.taker_factor} {MULTIPLY} {signed(marque.value)} = "
                f"{signed(marque.taker)}"
            ]
        elif label == partner:
            marques[label], lines[label] = marque.value, [f"partenaire : {signed(marque.value)}"]
        else:
            marques[label] = marque.defender
            lines[label] = [f"défense : {signed(marque.defender)}"]

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
                if label == owner:
                    marques[label] += others * each
                    lines[label].append(
                        f"{prime.name}, {others} {MULTIPLY} {value} = {signed(others * each)}"
                    )
                else:
                    marques[label] -= each
                    shown_by = names.get(owner, owner)
                    lines[label].append(f"{prime.name} {_of(shown_by)} : {signed(-each)}")

    return SeatMarques(
        marque=marque,
        marques=marques,
        lines={label: tuple(seat_lines) for label, seat_lines in lines.items()},
        primes=tuple(primes),
    )


def _of(name: str) -> str:
    """« de Sud », « d'Est »: French elides « de » before a vowel or a mute h."""
    return f"d'{name}" if name[:1].lower() in "aeiouyhéèêàâîôû" else f"de {name}"


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
            raise InvalidDeal(field, f"« {seat} » est le mort : il ne joue pas la donne.", seat)
        camp = Camp.ATTACK if seat in attack else Camp.DEFENSE
        if prime.camp != camp:
            raise InvalidDeal(
                field,
                f"« {seat} » joue en {'attaque' if camp == Camp.ATTACK else 'défense'}, "
                f"pas en {'attaque' if prime.camp == Camp.ATTACK else 'défense'}.",
                seat,
            )
