"""The primes shown in a deal: poignées (FFT) and misères (club), and what makes them possible.

docs/scoring.md §One deal, 5, §What bad input gets and §Règles du club. A prime names the camp
of whoever showed it and, when the sheet knows it, their seat: the FFT and the club's camp
primes need only the camp, the club's individual primes the seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.values import (
    CAMP_NAMES,
    POIGNEE_TRUMPS,
    PRIME_NAMES,
    TRUMPS_IN_THE_GAME,
    Camp,
    InvalidDeal,
    MisereKind,
    PoigneeSize,
    parse_enum,
)

__all__ = ["Misere", "Poignee", "checked_primes"]


def _checked_seat(seat: object, field: str) -> str | None:
    if seat is None or (isinstance(seat, str) and seat):
        return seat
    raise InvalidDeal(field, f"Place illisible : {seat!r}.")


@dataclass(frozen=True)
class Poignee:
    """A poignée shown in the deal: by which camp, and how big (docs/scoring.md §One deal, 5).

    By the FFT's rules the camp does not change the marque, since the prime goes to the camp
    that wins the deal whoever showed it; it serves to check the deal (a player shows one
    poignée at most). ``seat`` is the label of the player who showed it, when known: the
    club's individual primes pay it to them (docs/scoring.md §Règles du club).
    """

    camp: Camp
    size: PoigneeSize
    seat: str | None = None

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        set_field(self, "camp", parse_enum(Camp, self.camp, "poignees", "Camp de poignée inconnu"))
        set_field(
            self,
            "size",
            parse_enum(PoigneeSize, self.size, "poignees", "Taille de poignée inconnue"),
        )
        set_field(self, "seat", _checked_seat(self.seat, "poignees"))

    @property
    def name(self) -> str:
        return PRIME_NAMES[self.size]


@dataclass(frozen=True)
class Misere:
    """A misère announced in the deal, by which camp (and seat, when known), of which kind.

    docs/scoring.md §Règles du club: « pas d'honneur » or « pas d'atout », 10 points, announced
    like a poignée. Only a club profile with misères scores them.
    """

    camp: Camp
    kind: MisereKind
    seat: str | None = None

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        set_field(self, "camp", parse_enum(Camp, self.camp, "miseres", "Camp de misère inconnu"))
        set_field(self, "kind", parse_enum(MisereKind, self.kind, "miseres", "Misère inconnue"))
        set_field(self, "seat", _checked_seat(self.seat, "miseres"))

    @property
    def name(self) -> str:
        return PRIME_NAMES[self.kind]


def _as_tuple(primes: object, kind: type, field: str, plural: str, unreadable: str) -> tuple:
    if isinstance(primes, kind | str | bytes) or not isinstance(primes, Iterable):
        raise InvalidDeal(field, f"Les {plural} se donnent sous forme de liste.")
    primes = tuple(primes)
    for prime in primes:
        if not isinstance(prime, kind):
            raise InvalidDeal(field, unreadable.format(prime=prime))
    return primes


def checked_primes(
    poignees: object, miseres: object, *, players: int, attackers: int
) -> tuple[tuple[Poignee, ...], tuple[Misere, ...]]:
    """The poignées and misères as tuples, after docs/scoring.md §What bad input gets.

    A player shows at most one poignée and announces each misère once, and a player without a
    trump shows no poignée: so a camp shows at most as many poignées, as many misères of each
    kind, and as many poignées and « pas d'atout » together as it has players; where the seats
    are known, one seat does none of this twice. All the poignées of a deal cannot show more
    than the 21 trumps and the Excuse.
    """
    poignees = _as_tuple(
        poignees,
        Poignee,
        "poignees",
        "poignées",
        "Poignée illisible : {prime!r} (camp et taille attendus).",
    )
    miseres = _as_tuple(
        miseres,
        Misere,
        "miseres",
        "misères",
        "Misère illisible : {prime!r} (camp et sorte attendus).",
    )
    camp_sizes = {Camp.ATTACK: attackers, Camp.DEFENSE: players - attackers}

    for camp, size in camp_sizes.items():
        who = "joueur" if size == 1 else "joueurs"
        shown = sum(1 for poignee in poignees if poignee.camp == camp)
        if shown > size:
            raise InvalidDeal(
                "poignees",
                f"{shown} poignées pour {CAMP_NAMES[camp]}, qui compte {size} {who} : "
                "un joueur ne montre qu'une poignée par donne.",
            )
        for kind in MisereKind:
            announced = sum(1 for misere in miseres if misere.camp == camp and misere.kind == kind)
            if announced > size:
                raise InvalidDeal(
                    "miseres",
                    f"{announced} « {PRIME_NAMES[kind]} » pour {CAMP_NAMES[camp]}, qui compte "
                    f"{size} {who} : un joueur n'annonce chaque misère qu'une fois.",
                )
        trumpless = sum(
            1 for misere in miseres if misere.camp == camp and misere.kind == MisereKind.PAS_D_ATOUT
        )
        if shown + trumpless > size:
            raise InvalidDeal(
                "miseres",
                f"{shown} poignée(s) et {trumpless} « pas d'atout » pour {CAMP_NAMES[camp]}, qui "
                f"compte {size} {who} : un joueur sans atout ne montre pas de poignée.",
            )

    _check_seats(poignees, miseres)

    thresholds = POIGNEE_TRUMPS[players]
    trumps = sum(thresholds[poignee.size] for poignee in poignees)
    if trumps > TRUMPS_IN_THE_GAME:
        detail = " + ".join(
            f"{poignee.size.value} {thresholds[poignee.size]}" for poignee in poignees
        )
        raise InvalidDeal(
            "poignees",
            f"Ces poignées montrent au moins {trumps} atouts ({detail}) à "
            f"{players} joueurs : le jeu n'en a que {TRUMPS_IN_THE_GAME} "
            "(21 atouts et l'Excuse).",
        )
    return poignees, miseres


def _check_seats(poignees: tuple[Poignee, ...], miseres: tuple[Misere, ...]) -> None:
    """One seat shows one poignée, each misère once, and no poignée with « pas d'atout »."""
    by_seat: dict[str, list[Poignee | Misere]] = {}
    for prime in (*poignees, *miseres):
        if prime.seat is not None:
            by_seat.setdefault(prime.seat, []).append(prime)
    for seat, primes in by_seat.items():
        if len({prime.camp for prime in primes}) > 1:
            field = "miseres" if isinstance(primes[-1], Misere) else "poignees"
            raise InvalidDeal(
                field, f"« {seat} » ne peut pas être à la fois attaque et défense.", seat
            )
        shown = [prime for prime in primes if isinstance(prime, Poignee)]
        if len(shown) > 1:
            raise InvalidDeal(
                "poignees",
                f"« {seat} » montre {len(shown)} poignées : "
                "un joueur n'en montre qu'une par donne.",
                seat,
            )
        kinds = [prime.kind for prime in primes if isinstance(prime, Misere)]
        for kind in MisereKind:
            if kinds.count(kind) > 1:
                raise InvalidDeal(
                    "miseres",
                    f"« {seat} » annonce deux fois « {PRIME_NAMES[kind]} » : "
                    "chaque misère ne compte qu'une fois.",
                    seat,
                )
        if shown and MisereKind.PAS_D_ATOUT in kinds:
            raise InvalidDeal(
                "miseres",
                f"« {seat} » annonce « pas d'atout » et montre une poignée : "
                "un joueur sans atout ne peut pas montrer de poignée.",
                seat,
            )
