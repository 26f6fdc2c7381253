"""The rules a tournament plays by: the FFT's, or the club's with its options.

docs/scoring.md §Règles du club. One frozen value, ``RuleProfile``, carries every choice that
changes a marque; ``FFT`` is the default and the only profile a homologable tournament plays.
``scoring.rules.score_deal`` and ``scoring.club.score_seats`` take it, and nothing else decides
a value.

    >>> FFT.label
    'Règles FFT'
    >>> RuleProfile(club=True, miseres=True, individual_primes=True).label
    'Règles du club : misères, primes individuelles'
    >>> RuleProfile(club=True, round_to_ten=True).counted_difference(-15)
    -20
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from scoring.values import InvalidDeal

__all__ = ["FFT", "RuleProfile"]

# The options of the club profile, in the order a sheet lists them, with their French names.
OPTION_NAMES = {
    "miseres": "misères",
    "individual_primes": "primes individuelles",
    "round_to_ten": "arrondi à la dizaine",
    "seul_contre_tous": "seul contre tous à 5",
}


@dataclass(frozen=True)
class RuleProfile:
    """The FFT's rules (every field false), or the club's (``club``) with some options on.

    - ``miseres``: « pas d'honneur » and « pas d'atout », 10 each, never multiplied;
    - ``individual_primes``: a poignée or misère is paid by or to the player who showed it;
    - ``round_to_ten``: the points above or below the target rounded to the ten, 5 going up;
    - ``seul_contre_tous``: at 5 players, every deal one taker against four.

    An option without ``club`` is refused: the FFT's rules have none.
    """

    club: bool = False
    miseres: bool = False
    individual_primes: bool = False
    round_to_ten: bool = False
    seul_contre_tous: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            if not isinstance(getattr(self, field.name), bool):
                raise InvalidDeal(
                    "profile", f"L'option « {field.name} » se dit par oui ou non (True ou False)."
                )
        if not self.club and self.options:
            names = ", ".join(f"« {name} »" for name in self.options)
            verb = "demande" if len(self.options) == 1 else "demandent"
            raise InvalidDeal(
                "profile", f"Les règles FFT n'ont pas d'option : {names} {verb} les règles du club."
            )

    @property
    def options(self) -> tuple[str, ...]:
        """The options on, in French, in the order a sheet lists them."""
        return tuple(name for option, name in OPTION_NAMES.items() if getattr(self, option))

    @property
    def label(self) -> str:
        """« Règles FFT », « Règles du club » or « Règles du club : misères, … »."""
        if not self.club:
            return "Règles FFT"
        if not self.options:
            return "Règles du club"
        return f"Règles du club : {', '.join(self.options)}"

    def counted_difference(self, difference: int) -> int:
        """The difference the contract is scored with: as it is, or rounded to the ten.

        docs/scoring.md §Règles du club, arrondi: the points above or below the target are
        rounded to the nearest ten, a 5 going up (4 → 0, 5 → 10, 15 → 20), before the 25 is
        added; the half point at 3 and 5 players has gone to the winner first. The sign stays:
        lost by 4 is still lost, and scores 25.
        """
        if not self.round_to_ten:
            return difference
        rounded = (abs(difference) + 5) // 10 * 10
        return rounded if difference >= 0 else -rounded


FFT = RuleProfile()
"""The FFT's rules: the default profile, and the only one of a homologable tournament."""
