"""The marque of one deal, by the rules of the FFT (Fascicule 2, « donnes libres »).

``docs/scoring.md`` states the rules this module applies, section by section; each function's
docstring names the section and the passage of the fascicule it follows. Everything here is pure
Python over small frozen dataclasses: no Django, no database, no rounding of floats.

    >>> deal = Deal(players=4, contract="garde", points=49, bouts=2, petit_au_bout="attack",
    ...             poignees=(Poignee(camp="attack", size="simple"),))
    >>> marque = score_deal(deal)
    >>> marque.taker, marque.defender
    (318, -106)

Card points are counted in half points internally (an int), so that 40½ is exactly 81 half
points and the half point rule never goes through a float.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

__all__ = [
    "Camp",
    "Chelem",
    "Contract",
    "Deal",
    "InvalidDeal",
    "Marque",
    "Poignee",
    "PoigneeSize",
    "attack_size",
    "score_deal",
    "target",
]


class InvalidDeal(ValueError):
    """A deal that cannot happen (docs/scoring.md §What bad input gets).

    ``field`` names the input at fault, as the keyword it was given by (``"points"``,
    ``"poignees"``, ``"taker"``…), so that a form can show the message beside it; ``str(exc)``
    is the message, in French, for the people who keep the sheet.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __reduce__(self):
        return (type(self), (self.field, self.message))


class Contract(StrEnum):
    """The bids that make a contract (docs/scoring.md §Words; FFT fascicule, « Les enchères »)."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class Camp(StrEnum):
    """The two sides of a deal: the taker (and partner) against the defence."""

    ATTACK = "attack"
    DEFENSE = "defense"


class PoigneeSize(StrEnum):
    """Simple, double or triple poignée (docs/scoring.md §One deal, 5)."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class Chelem(StrEnum):
    """What happened to the chelem, if anything did (docs/scoring.md §One deal, 6)."""

    ANNOUNCED_MADE = "announced_made"
    UNANNOUNCED_MADE = "unannounced_made"
    ANNOUNCED_FAILED = "announced_failed"
    DEFENSE = "defense"


# docs/scoring.md §One deal, 1; FFT fascicule, « Points à réaliser ».
TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}

# docs/scoring.md §One deal, 3; FFT fascicule, « Le calcul des scores ».
MULTIPLIERS = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}

# docs/scoring.md §One deal, 5; FFT fascicule, « La poignée ».
POIGNEE_VALUES = {PoigneeSize.SIMPLE: 20, PoigneeSize.DOUBLE: 30, PoigneeSize.TRIPLE: 40}

# The fewest trumps (the Excuse standing in for one) that make each poignée, by table size.
# docs/scoring.md §One deal, 5; FFT fascicule, « La poignée », « Le jeu à 3 joueurs »,
# « à 5 joueurs ».
POIGNEE_TRUMPS = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
}

# 21 trumps and the Excuse: all that any set of poignées can show between them.
TRUMPS_IN_THE_GAME = 22

# docs/scoring.md §One deal, 6; FFT fascicule, « Le chelem ». Seen from the attack; never
# multiplied.
CHELEM_VALUES = {
    Chelem.ANNOUNCED_MADE: 400,
    Chelem.UNANNOUNCED_MADE: 200,
    Chelem.ANNOUNCED_FAILED: -200,
    Chelem.DEFENSE: -200,
}

TOTAL_POINTS = 91

# FFT fascicule, « Le jeu de la carte »: an attack that takes every trick holds all 91 points,
# or 87 when the defence kept the Excuse, which then counts for 4 points.
CHELEM_ATTACK_POINTS = {3: TOTAL_POINTS, 2: TOTAL_POINTS - 4}

CONTRACT_BASE = 25
PETIT_AU_BOUT_BASE = 10

CAMP_NAMES = {Camp.ATTACK: "l'attaque", Camp.DEFENSE: "la défense"}


def _french_number(value: object) -> str:
    """A number as the sheet writes it: 40,5 rather than 40.5, 92 rather than 92.0."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f") if value == value.to_integral_value() else str(value)
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value))
    else:
        text = str(value)
    return text.replace(".", ",")


def _parse_enum(enum: type[StrEnum], value: object, field_name: str, unknown: str):
    """The member of ``enum`` that ``value`` names, or InvalidDeal naming the field.

    ``unknown`` is the start of the French message (« Contrat inconnu »), so that each
    message agrees as French does; a missing value is « à indiquer ».
    """
    allowed = ", ".join(f"« {member.value} »" for member in enum)
    if value is None:
        raise InvalidDeal(field_name, f"{unknown.split()[0]} à indiquer : {allowed}.")
    try:
        return enum(value)
    except ValueError:
        raise InvalidDeal(
            field_name, f"{unknown} : « {value} ». Valeurs possibles : {allowed}."
        ) from None


def _bouts_text(bouts: int) -> str:
    return "sans bout" if bouts == 0 else f"avec {bouts} bout" + ("s" if bouts > 1 else "")


@dataclass(frozen=True)
class Poignee:
    """A poignée shown in the deal: by which camp, and how big (docs/scoring.md §One deal, 5).

    The camp does not change the marque, since the prime goes to the camp that wins the deal
    whoever showed it; it serves to check the deal (a player shows one poignée at most).
    """

    camp: Camp
    size: PoigneeSize

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "camp",
            _parse_enum(Camp, self.camp, "poignees", "Camp de poignée inconnu"),
        )
        object.__setattr__(
            self,
            "size",
            _parse_enum(PoigneeSize, self.size, "poignees", "Taille de poignée inconnue"),
        )


def attack_size(players: int, partner: bool) -> int:
    """How many players the attack has: the taker, plus the called partner at 5 players.

    docs/scoring.md §Words (attack, partner); FFT fascicule, « Le jeu à 5 joueurs ».
    """
    return 2 if players == 5 and partner else 1


def _half_points(points: object, players: int) -> int:
    """The attack's card points, in half points, after checking they can be counted.

    docs/scoring.md §One deal (inputs) and 2: points run from 0 to 91; at 4 players they are
    always whole, at 3 and 5 players a half point is possible (FFT fascicule, « Le jeu à 3
    joueurs » and « à 5 joueurs »: « il faut compter au ½ point près »). Ints, floats and
    Decimals are accepted and converted exactly: 40.3 is refused, not rounded.
    """
    if points is None:
        raise InvalidDeal("points", "Les points de l'attaque sont à indiquer, de 0 à 91.")
    if isinstance(points, bool) or not isinstance(points, int | float | Decimal):
        raise InvalidDeal("points", "Les points de l'attaque doivent être un nombre.")
    exact = Decimal(points)  # exact: Decimal(40.3) keeps the float's binary error, not 40.3
    if not exact.is_finite():
        raise InvalidDeal("points", "Les points de l'attaque doivent être un nombre.")
    if not 0 <= exact <= TOTAL_POINTS:
        raise InvalidDeal(
            "points",
            f"Les points de l'attaque doivent être compris entre 0 et {TOTAL_POINTS} "
            f"(et non {_french_number(points)}).",
        )
    doubled = exact * 2
    if doubled != doubled.to_integral_value():
        raise InvalidDeal(
            "points",
            "Les points de l'attaque se comptent au demi-point près : "
            f"{_french_number(points)} n'est pas possible.",
        )
    half_points = int(doubled)
    if half_points % 2 and players == 4:
        raise InvalidDeal(
            "points",
            "À 4 joueurs les points de l'attaque sont toujours entiers : "
            f"{_french_number(points)} n'est pas possible.",
        )
    return half_points


@dataclass(frozen=True)
class Deal:
    """One deal as the score sheet records it (docs/scoring.md §One deal, inputs).

    A Deal is checked when it is made: one that exists can be scored. Strings and members of
    the enums are interchangeable; after construction the fields hold the enum members,
    ``points`` an int (or a Decimal ending in .5 at 3 and 5 players) and ``poignees`` a tuple.

    Besides the refusals docs/scoring.md lists under « What bad input gets », the deal is refused
    where the fascicule leaves no doubt that it cannot happen:

    - a chelem made by the attack with the contract lost, or a chelem of the defence with the
      contract won. Taking every trick leaves the other camp only what never goes through a
      trick (the chien at a garde contre, the Excuse): far below any target.
    - a chelem made by the attack, except at a garde contre, with other points than 91 and
      3 bouts or 87 and 2 bouts: the attack holds every card but, perhaps, the Excuse, which
      then « reste la propriété de la défense et compte pour 4 points » (fascicule, « Le
      jeu de la carte »; its example E5 is 87 points with 2 bouts). At a garde contre the chien,
      bouts and all, counts for the defence, so only the won contract is required there.
    - more poignées in a camp than it has players: each player shows at most one.

    Not checked, although they cannot happen either: the petit au bout to the attack with no
    bout, or to the defence with the attack holding all three (the Petit is a bout); points
    that do not fit the bouts (91 points with no bout). The fascicule states most worked
    examples without their bouts, so refusing these would turn away deals written the way it
    writes them; and the exact bounds on points turn on the chien and the Excuse's exchange
    card, where a check a little too tight would stop a table from entering a deal it really
    played (docs/scoring.md §What bad input gets). None of them changes the zero-sum checks.

    A 5-player table playing « avec un mort » scores its deals as 4-player deals
    (``players=4``): the mort does not play (``scoring.sheet.seat_marques``).
    """

    players: int
    contract: Contract
    points: int | float | Decimal
    bouts: int
    petit_au_bout: Camp | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: Chelem | None = None
    partner: bool = False

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        if (
            isinstance(self.players, bool)
            or not isinstance(self.players, int)
            or self.players not in (3, 4, 5)
        ):
            raise InvalidDeal(
                "players", f"Une table de tarot compte 3, 4 ou 5 joueurs, pas {self.players!r}."
            )
        contract = _parse_enum(Contract, self.contract, "contract", "Contrat inconnu")
        set_field(self, "contract", contract)

        half_points = _half_points(self.points, self.players)
        whole, half = divmod(half_points, 2)
        set_field(self, "points", Decimal(half_points) / 2 if half else whole)

        if isinstance(self.bouts, bool) or not isinstance(self.bouts, int):
            raise InvalidDeal("bouts", "Le nombre de bouts doit être un nombre entier, de 0 à 3.")
        if not 0 <= self.bouts <= 3:
            raise InvalidDeal(
                "bouts",
                "L'attaque détient de 0 à 3 bouts (le 21, le Petit et l'Excuse), "
                f"pas {self.bouts}.",
            )

        if self.petit_au_bout is not None:
            petit_au_bout = _parse_enum(
                Camp, self.petit_au_bout, "petit_au_bout", "Camp du petit au bout inconnu"
            )
            set_field(self, "petit_au_bout", petit_au_bout)
        if self.chelem is not None:
            chelem = _parse_enum(Chelem, self.chelem, "chelem", "Chelem inconnu")
            set_field(self, "chelem", chelem)

        if not isinstance(self.partner, bool):
            raise InvalidDeal("partner", "Le partenaire se dit par oui ou non (True ou False).")
        if self.partner and self.players != 5:
            raise InvalidDeal(
                "partner",
                f"Il n'y a de partenaire appelé qu'à 5 joueurs, pas à {self.players} joueurs.",
            )

        set_field(self, "poignees", self._checked_poignees())
        self._check_chelem()

    def _checked_poignees(self) -> tuple[Poignee, ...]:
        """The poignées as a tuple, after docs/scoring.md §What bad input gets.

        A player shows at most one poignée, so a camp shows at most as many as it has players;
        and all the poignées of a deal cannot show more than the 21 trumps and the Excuse
        (docs/scoring.md §One deal, 5 gives the trumps each poignée needs at each table size).
        """
        if isinstance(self.poignees, Poignee | str | bytes) or not isinstance(
            self.poignees, Iterable
        ):
            raise InvalidDeal("poignees", "Les poignées se donnent sous forme de liste.")
        poignees = tuple(self.poignees)
        for poignee in poignees:
            if not isinstance(poignee, Poignee):
                raise InvalidDeal(
                    "poignees", f"Poignée illisible : {poignee!r} (camp et taille attendus)."
                )

        attackers = attack_size(self.players, self.partner)
        camp_sizes = {Camp.ATTACK: attackers, Camp.DEFENSE: self.players - attackers}
        for camp, size in camp_sizes.items():
            shown = sum(1 for poignee in poignees if poignee.camp == camp)
            if shown > size:
                who = "joueur" if size == 1 else "joueurs"
                raise InvalidDeal(
                    "poignees",
                    f"{shown} poignées pour {CAMP_NAMES[camp]}, qui compte {size} {who} : "
                    "un joueur ne montre qu'une poignée par donne.",
                )

        thresholds = POIGNEE_TRUMPS[self.players]
        trumps = sum(thresholds[poignee.size] for poignee in poignees)
        if trumps > TRUMPS_IN_THE_GAME:
            detail = " + ".join(
                f"{poignee.size.value} {thresholds[poignee.size]}" for poignee in poignees
            )
            raise InvalidDeal(
                "poignees",
                f"Ces poignées montrent au moins {trumps} atouts ({detail}) à "
                f"{self.players} joueurs : le jeu n'en a que {TRUMPS_IN_THE_GAME} "
                "(21 atouts et l'Excuse).",
            )
        return poignees

    def _check_chelem(self) -> None:
        """A chelem leaves every trick to one camp, the last one too, and so decides the deal.

        docs/scoring.md §What bad input gets (petit au bout against the chelem) and §One deal, 6;
        FFT fascicule, « Le chelem »: the chelem is every trick, so the petit au bout can only
        go to the camp that made it, and that camp wins the contract (see the class docstring).
        """
        if self.chelem in (Chelem.ANNOUNCED_MADE, Chelem.UNANNOUNCED_MADE):
            if self.petit_au_bout == Camp.DEFENSE:
                raise InvalidDeal(
                    "petit_au_bout",
                    "L'attaque a fait le chelem : la défense n'a fait aucun pli, "
                    "elle ne peut pas avoir mené le petit au bout.",
                )
            if not self.won:
                raise InvalidDeal(
                    "chelem",
                    "L'attaque a fait le chelem : elle gagne forcément son contrat. "
                    f"{_bouts_text(self.bouts).capitalize()}, il faut {TARGETS[self.bouts]} "
                    f"points ; l'attaque n'en a que {_french_number(self.points)}.",
                )
            if self.contract != Contract.GARDE_CONTRE:
                self._check_attack_chelem_cards()
        if self.chelem == Chelem.DEFENSE:
            if self.petit_au_bout == Camp.ATTACK:
                raise InvalidDeal(
                    "petit_au_bout",
                    "La défense a fait le chelem : l'attaque n'a fait aucun pli, "
                    "elle ne peut pas avoir mené le petit au bout.",
                )
            if self.won:
                raise InvalidDeal(
                    "chelem",
                    "La défense a fait le chelem : l'attaque chute forcément son contrat. "
                    f"{_bouts_text(self.bouts).capitalize()}, il lui fallait "
                    f"{TARGETS[self.bouts]} points ; elle ne peut pas en avoir "
                    f"{_french_number(self.points)}.",
                )

    def _check_attack_chelem_cards(self) -> None:
        """The attack that took every trick holds every card, the Excuse aside.

        FFT fascicule, « Le jeu de la carte »: « En cas de chelem réussi par le camp preneur
        ne possédant pas l'excuse, cette carte jouée normalement reste la propriété de la
        défense et compte pour 4 points ». The 21 and the Petit are won in a trick or lie in
        the chien, which is the attack's at a prise, a garde or a garde sans: 3 bouts and 91
        points, or 2 bouts and 87 when the defence kept the Excuse. The same at 3, 4 and 5
        players.
        """
        if self.bouts < 2:
            raise InvalidDeal(
                "bouts",
                "L'attaque a fait le chelem : elle a pris le 21 et le Petit, donc 2 bouts "
                f"(3 avec l'Excuse), et non {self.bouts}.",
            )
        expected = CHELEM_ATTACK_POINTS[self.bouts]
        if self.points != expected:
            reason = (
                "elle a toutes les cartes, soit"
                if self.bouts == 3
                else "la défense a gardé l'Excuse, qui lui compte 4 points ; l'attaque a donc"
            )
            raise InvalidDeal(
                "points",
                f"L'attaque a fait le chelem {_bouts_text(self.bouts)} : {reason} "
                f"{expected} points (et non {_french_number(self.points)}).",
            )

    @property
    def multiplier(self) -> int:
        """The contract's multiplier (docs/scoring.md §One deal, 3)."""
        return MULTIPLIERS[self.contract]

    @property
    def target(self) -> int:
        """The points the attack needs (docs/scoring.md §One deal, 1)."""
        return target(self.bouts)

    @property
    def difference(self) -> int:
        """Points minus target, the half point to the winner (docs/scoring.md §One deal, 2)."""
        return _difference(self)

    @property
    def won(self) -> bool:
        """Whether the attack makes its contract: difference ≥ 0 (docs/scoring.md §One deal, 2)."""
        return self.difference >= 0


def target(bouts: int) -> int:
    """Points the attack needs with this many bouts: 56, 51, 41, 36.

    docs/scoring.md §One deal, 1; FFT fascicule, « Points à réaliser ».
    """
    return TARGETS[bouts]


def _difference(deal: Deal) -> int:
    """Points minus target, in whole points, the half point going to the winning camp.

    docs/scoring.md §One deal, 2; FFT fascicule, « Le jeu à 3 joueurs »: « le ½ point va toujours
    au camp gagnant ». The contract is won when the points reach the target, so a half
    difference is rounded away from zero: 40½ with 2 bouts is lost by 1, 41½ won by 1.
    """
    half_difference = int(deal.points * 2) - 2 * target(deal.bouts)
    if half_difference >= 0:
        return (half_difference + 1) // 2
    return -((-half_difference + 1) // 2)


@dataclass(frozen=True)
class Marque:
    """The marque of a deal and every term a person checks on the sheet.

    Every term is seen from the attack (positive when the attack gains), as docs/scoring.md §One
    deal, 7 writes v: ``value = contract_points + petit_au_bout + sum(poignees) + chelem``.
    Each defender marks ``defender = -value``; the taker ``taker_factor × value``.
    """

    taker: int
    """The taker's marque (docs/scoring.md §One deal, 8)."""
    partner: int | None
    """The called partner's marque at 5 players; None when there is no partner."""
    defender: int
    """Each defender's marque: −value."""
    value: int
    """v, the per-defender value seen from the attack (docs/scoring.md §One deal, 7)."""
    target: int
    """Points needed with the attack's bouts (§One deal, 1)."""
    counted_points: int
    """The attack's points once the half point has gone to the winner (§One deal, 2)."""
    difference: int
    """counted_points − target: won by that much if ≥ 0, lost by its opposite otherwise."""
    won: bool
    """Whether the attack makes its contract (difference ≥ 0; « juste fait » at 0)."""
    base: int
    """25 + |difference| (§One deal, 3)."""
    multiplier: int
    """1, 2, 4 or 6 by contract (§One deal, 3)."""
    contract_points: int
    """±base × multiplier: + if won, − if lost."""
    petit_au_bout: int
    """±10 × multiplier: + to the attack, − to the defence, 0 without (§One deal, 4)."""
    poignees: tuple[int, ...]
    """Each poignée's prime, in the deal's order: + if the attack won, − if lost (§5)."""
    chelem: int
    """+400, +200, −200 or −200 for the defence's chelem; 0 without (§One deal, 6)."""
    taker_factor: int
    """How many times v the taker marks: 3 at 4 players, 2 at 3, 2 or 4 at 5 (§One deal, 8)."""

    @property
    def juste_fait(self) -> bool:
        """The contract made with not a point to spare, which still scores its 25."""
        return self.difference == 0

    @property
    def attack(self) -> int:
        """What the attack marks in all: taker plus partner."""
        return self.taker + (self.partner or 0)


def score_deal(deal: Deal) -> Marque:
    """The marque of one deal: the taker's, the partner's and each defender's.

    docs/scoring.md §One deal, 1 to 8; FFT fascicule, « Le calcul des scores », « La marque en
    donnes libres », « Le jeu à 3 joueurs », « Le jeu à 5 joueurs »:

    - base = 25 + |d|, times the contract's multiplier, + if won and − if lost (« juste
      fait » at d = 0 still scores the 25);
    - petit au bout: 10 × multiplier to the camp that took it, whatever the result;
    - each poignée: its prime, never multiplied, to the camp that wins the deal, whoever
      showed it;
    - chelem: 400 announced and made, 200 made unannounced, −200 announced and failed
      (whether the contract is won or lost), 200 more to each defender when the defence
      makes it; never multiplied;
    - the defenders mark −v each; the taker 3v at 4 players, 2v at 3, at 5 players 2v with
      the partner marking v, or 4v alone. Every deal sums to zero.

    A deal at a 5-player table with a mort is a 4-player deal (``players=4``); see
    ``scoring.sheet.seat_marques`` for the mort's 0.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"score_deal() expects a Deal, not {type(deal).__name__}.")

    multiplier = deal.multiplier
    difference = deal.difference
    won = difference >= 0
    sign = 1 if won else -1

    base = CONTRACT_BASE + abs(difference)
    contract_points = sign * base * multiplier

    if deal.petit_au_bout is None:
        petit_au_bout = 0
    elif deal.petit_au_bout == Camp.ATTACK:
        petit_au_bout = PETIT_AU_BOUT_BASE * multiplier
    else:
        petit_au_bout = -PETIT_AU_BOUT_BASE * multiplier

    poignees = tuple(sign * POIGNEE_VALUES[poignee.size] for poignee in deal.poignees)
    chelem = 0 if deal.chelem is None else CHELEM_VALUES[deal.chelem]

    value = contract_points + petit_au_bout + sum(poignees) + chelem

    if deal.players == 5:
        taker_factor = 2 if deal.partner else 4
        partner = value if deal.partner else None
    else:
        taker_factor = deal.players - 1
        partner = None

    return Marque(
        taker=taker_factor * value,
        partner=partner,
        defender=-value,
        value=value,
        target=deal.target,
        counted_points=deal.target + difference,
        difference=difference,
        won=won,
        base=base,
        multiplier=multiplier,
        contract_points=contract_points,
        petit_au_bout=petit_au_bout,
        poignees=poignees,
        chelem=chelem,
        taker_factor=taker_factor,
    )
