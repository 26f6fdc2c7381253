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

from dataclasses import dataclass
from decimal import Decimal

from scoring.bounds import check_points_fit_bouts, points_bounds
from scoring.primes import Misere, Poignee, checked_primes
from scoring.profile import FFT, RuleProfile
from scoring.values import (
    CAMP_NAMES,
    CHELEM_ATTACK_POINTS,
    CHELEM_VALUES,
    CONTRACT_BASE,
    MISERE_VALUES,
    MULTIPLIERS,
    PETIT_AU_BOUT_BASE,
    POIGNEE_TRUMPS,
    POIGNEE_VALUES,
    TARGETS,
    TOTAL_POINTS,
    TRUMPS_IN_THE_GAME,
    Camp,
    Chelem,
    Contract,
    InvalidDeal,
    MisereKind,
    PoigneeSize,
    bouts_text,
    french_number,
    parse_enum,
)

__all__ = [
    "CAMP_NAMES",
    "CHELEM_ATTACK_POINTS",
    "CHELEM_VALUES",
    "CONTRACT_BASE",
    "FFT",
    "MISERE_VALUES",
    "MULTIPLIERS",
    "PETIT_AU_BOUT_BASE",
    "POIGNEE_TRUMPS",
    "POIGNEE_VALUES",
    "TARGETS",
    "TOTAL_POINTS",
    "TRUMPS_IN_THE_GAME",
    "Camp",
    "Chelem",
    "Contract",
    "Deal",
    "InvalidDeal",
    "Marque",
    "Misere",
    "MisereKind",
    "Poignee",
    "PoigneeSize",
    "RuleProfile",
    "attack_size",
    "points_bounds",
    "score_deal",
    "target",
]


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
            f"(et non {french_number(points)}).",
        )
    doubled = exact * 2
    if doubled != doubled.to_integral_value():
        raise InvalidDeal(
            "points",
            "Les points de l'attaque se comptent au demi-point près : "
            f"{french_number(points)} n'est pas possible.",
        )
    half_points = int(doubled)
    if half_points % 2 and players == 4:
        raise InvalidDeal(
            "points",
            "À 4 joueurs les points de l'attaque sont toujours entiers : "
            f"{french_number(points)} n'est pas possible.",
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
    - more poignées in a camp than it has players: each player shows at most one; and the
      club's misères likewise (``scoring.primes.checked_primes``). Whether the tournament's
      rules allow misères at all is the profile's to say, when the deal is scored.
    - points that the bouts cannot go with: the attack holds at least what its bouts count and
      the defence what the others count (``scoring.bounds.points_bounds``: « Avec 3 bouts,
      l'attaque a au moins 13,5 points. »). The bounds are the loosest over the contracts
      and the ways the chien and the Excuse's exchange card fall, so that no deal a table
      really played is refused.

    Not checked, although it cannot happen either: the petit au bout to the attack with no
    bout, or to the defence with the attack holding all three (the Petit is a bout).

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
    miseres: tuple[Misere, ...] = ()

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
        contract = parse_enum(Contract, self.contract, "contract", "Contrat inconnu")
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
        check_points_fit_bouts(self.players, self.bouts, half_points)

        if self.petit_au_bout is not None:
            petit_au_bout = parse_enum(
                Camp, self.petit_au_bout, "petit_au_bout", "Camp du petit au bout inconnu"
            )
            set_field(self, "petit_au_bout", petit_au_bout)
        if self.chelem is not None:
            chelem = parse_enum(Chelem, self.chelem, "chelem", "Chelem inconnu")
            set_field(self, "chelem", chelem)

        if not isinstance(self.partner, bool):
            raise InvalidDeal("partner", "Le partenaire se dit par oui ou non (True ou False).")
        if self.partner and self.players != 5:
            raise InvalidDeal(
                "partner",
                f"Il n'y a de partenaire appelé qu'à 5 joueurs, pas à {self.players} joueurs.",
            )

        poignees, miseres = checked_primes(
            self.poignees,
            self.miseres,
            players=self.players,
            attackers=attack_size(self.players, self.partner),
        )
        set_field(self, "poignees", poignees)
        set_field(self, "miseres", miseres)
        self._check_chelem()

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
                    f"{bouts_text(self.bouts).capitalize()}, il faut {TARGETS[self.bouts]} "
                    f"points ; l'attaque n'en a que {french_number(self.points)}.",
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
                    f"{bouts_text(self.bouts).capitalize()}, il lui fallait "
                    f"{TARGETS[self.bouts]} points ; elle ne peut pas en avoir "
                    f"{french_number(self.points)}.",
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
                f"L'attaque a fait le chelem {bouts_text(self.bouts)} : {reason} "
                f"{expected} points (et non {french_number(self.points)}).",
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
    miseres: tuple[int, ...] = ()
    """Each misère's 10 in v, + if the attack won, − if lost (club camp primes only)."""
    counted_difference: int | None = None
    """The difference the base was scored with; None when it is ``difference`` itself (FFT)."""
    individual_primes: bool = False
    """Whether the primes are paid by their players (club): then none is in v or above."""

    @property
    def juste_fait(self) -> bool:
        """The contract made with not a point to spare, which still scores its 25."""
        return self.difference == 0

    @property
    def attack(self) -> int:
        """What the attack marks in all: taker plus partner."""
        return self.taker + (self.partner or 0)


def score_deal(deal: Deal, profile: RuleProfile = FFT) -> Marque:
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

    Under a club ``profile`` (docs/scoring.md §Règles du club): the misères count 10 each to
    the camp that wins, as a poignée; the difference may be rounded to the ten; with individual
    primes, no poignée or misère is in v (``scoring.club.score_seats`` pays each to its player).
    A misère under a profile without them, and a partner in « seul contre tous », are refused.

    A deal at a 5-player table with a mort is a 4-player deal (``players=4``); see
    ``scoring.sheet.seat_marques`` for the mort's 0.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"score_deal() expects a Deal, not {type(deal).__name__}.")
    if not isinstance(profile, RuleProfile):
        raise TypeError(f"score_deal() expects a RuleProfile, not {type(profile).__name__}.")
    check_allowed(deal, profile)

    multiplier = deal.multiplier
    difference = deal.difference
    won = difference >= 0
    sign = 1 if won else -1
    counted = profile.counted_difference(difference)

    base = CONTRACT_BASE + abs(counted)
    contract_points = sign * base * multiplier

    if deal.petit_au_bout is None:
        petit_au_bout = 0
    elif deal.petit_au_bout == Camp.ATTACK:
        petit_au_bout = PETIT_AU_BOUT_BASE * multiplier
    else:
        petit_au_bout = -PETIT_AU_BOUT_BASE * multiplier

    if profile.individual_primes:
        poignees: tuple[int, ...] = ()
        miseres: tuple[int, ...] = ()
    else:
        poignees = tuple(sign * POIGNEE_VALUES[poignee.size] for poignee in deal.poignees)
        miseres = tuple(sign * MISERE_VALUES[misere.kind] for misere in deal.miseres)
    chelem = 0 if deal.chelem is None else CHELEM_VALUES[deal.chelem]

    value = contract_points + petit_au_bout + sum(poignees) + sum(miseres) + chelem

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
        miseres=miseres,
        counted_difference=None if counted == difference else counted,
        individual_primes=profile.individual_primes,
    )


def check_allowed(deal: Deal, profile: RuleProfile) -> None:
    """The deal is one the tournament's rules allow (docs/scoring.md §Règles du club).

    A misère counts only under a club profile with misères; « seul contre tous » plays every
    deal at 5 with the taker alone.
    """
    if deal.miseres and not profile.miseres:
        names = ", ".join(f"« {misere.name} »" for misere in deal.miseres)
        raise InvalidDeal(
            "miseres",
            f"Ce tournoi se joue sans misères ({profile.label}) : {names} ne compte pas.",
        )
    if profile.seul_contre_tous and deal.partner:
        raise InvalidDeal(
            "partner",
            "Ce tournoi se joue en seul contre tous : le preneur joue seul contre quatre, "
            "sans partenaire.",
        )
