"""The club's season ranking over its evenings: « Cumul », « Points de place », « Moyenne ».

Pure Python, like ``scoring.ranking``: the Django side hands over each evening's totals (the
tournament's own ranking, penalties included) and this module turns them into a season.

- Each evening gives every player who was ranked there a **value**: their total (« Cumul »,
  « Moyenne »), or their place points (« Points de place »): ``(N − place) / (N − 1) × 1000``,
  N the players ranked that evening, ex aequo sharing the average of the places they hold
  (three players tied for 2nd hold places 2, 3 and 4: each is placed 3rd). An evening of one
  player gives them 500 points: every evening hands out 500 points a player on average (the
  places average (N + 1) / 2), and a lone player, tied with everyone, keeps that average
  rather than a 0/0.
- With « best K », only the K best values count; the others are dropped (the page strikes them
  through). Of two equal values, the earlier evening is kept, so the choice is stable.
- The **score** is the sum of the counted values (« Cumul », « Points de place ») or their
  average (« Moyenne »).
- A player with fewer than M evenings played is not ranked: they are listed apart.
- Ties are broken by more evenings played, then by the best single evening; equal after
  that share a rank (1, 2, 2, 4), listed in the caller's order (a name), which decides nothing.

Arithmetic is exact: place points and averages are ``Fraction``, compared exactly, so a tie
is a true tie. Only display rounds, half up, to one decimal (``rounded``): 1000/3 is shown
333,3 and 2/3 shown 0,7.

    >>> monday = Evening(key="lundi", totals={"ana": 120, "bea": 40, "cyr": -160})
    >>> tuesday = Evening(key="mardi", totals={"ana": -30, "bea": 30})
    >>> season = rank_season([monday, tuesday], method=Method.PLACE_POINTS, minimum=2)
    >>> [(line.rank, line.key, line.score) for line in season.ranked]
    [(1, 'bea', Fraction(1500, 1)), (2, 'ana', Fraction(1000, 1))]
    >>> [(line.key, line.played) for line in season.unranked]
    [('cyr', 1)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "PLACE_POINTS_MAX",
    "Evening",
    "EveningResult",
    "Method",
    "Season",
    "SeasonLine",
    "average_places",
    "best_evenings",
    "place_points",
    "rank_season",
    "rounded",
]

PLACE_POINTS_MAX = 1000


class Method(StrEnum):
    """How a season ranks its evenings (the values stored with a season)."""

    CUMUL = "cumul"
    PLACE_POINTS = "points_de_place"
    AVERAGE = "moyenne"


@dataclass(frozen=True)
class Evening:
    """One evening of the season: each player ranked there and their total that evening.

    ``totals`` holds every player the evening ranked (N is its length): the tournament's total,
    penalties included.
    """

    key: Hashable
    totals: Mapping[Hashable, int]
    places: Mapping[Hashable, int] | None = None
    """The places the evening published, where they are not the order of its totals (a
    tournament with stages places its finalists first): ex aequo share a place (1, 2, 2, 4)."""


@dataclass(frozen=True, slots=True)
class EveningResult:
    """What one evening gave one player, and whether it counts in their score.

    Kept as integers over a denominator shared by the whole season (``scale``), so that a
    season of many evenings is summed and compared in integers, exactly; ``value`` and
    ``place`` read them back as fractions.
    """

    evening: Hashable
    index: int  # the evening's position in the season, in the order given
    total: int
    twice_place: int  # twice the average of the places held (ex aequo sharing): an integer
    players: int  # N, the players ranked that evening
    scaled: int  # what the method counts (the total, or the place points) times ``scale``
    scale: int
    counted: bool

    def __reduce__(self):
        # A season's results are kept in the cache by the thousand: rebuilt by the constructor,
        # they are read back ten times quicker than by dataclasses' own state for a frozen
        # class with slots.
        return (
            EveningResult,
            (self.evening, self.index, self.total, self.twice_place, self.players)
            + (self.scaled, self.scale, self.counted),
        )

    @property
    def place(self) -> Fraction:
        return Fraction(self.twice_place, 2)

    @property
    def value(self) -> Fraction:
        return Fraction(self.scaled, self.scale)


@dataclass(frozen=True)
class SeasonLine:
    """One player of the season: their rank (None below the minimum), score and evenings."""

    key: Hashable
    rank: int | None
    tied: bool
    score: Fraction
    evenings: tuple[EveningResult, ...]  # every evening played, in the season's order
    best: Fraction  # the best single evening's value

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def played(self) -> int:
        return len(self.evenings)

    @property
    def counted(self) -> tuple[EveningResult, ...]:
        return tuple(result for result in self.evenings if result.counted)


@dataclass(frozen=True)
class Season:
    """The ranked lines, then those below the minimum of evenings (listed apart, unranked)."""

    ranked: list[SeasonLine]
    unranked: list[SeasonLine]
    method: Method
    best: int | None
    minimum: int


def average_places(totals: Mapping[Hashable, int]) -> dict[Hashable, Fraction]:
    """Each player's place, the highest total first; ex aequo share the average of their places.

    >>> average_places({"a": 50, "b": 10, "c": 10, "d": 10, "e": -70})
    {'a': Fraction(1, 1), 'b': Fraction(3, 1), 'c': Fraction(3, 1), 'd': Fraction(3, 1), 'e': Fraction(5, 1)}
    """  # noqa: E501 - a doctest's output is one line
    counts: dict[int, int] = {}
    for total in totals.values():
        counts[total] = counts.get(total, 0) + 1
    first_place: dict[int, int] = {}
    place = 1
    for total in sorted(counts, reverse=True):
        first_place[total] = place
        place += counts[total]
    # Tied players hold places first … first + count − 1, whose average is first + (count − 1)/2.
    return {
        key: first_place[total] + Fraction(counts[total] - 1, 2) for key, total in totals.items()
    }


def place_points(place: Fraction, players: int) -> Fraction:
    """``(N − place) / (N − 1) × 1000``: 1000 to the first, 0 to the last, 500 to a lone player.

    >>> place_points(Fraction(3), 12)
    Fraction(9000, 11)
    """
    if players < 1 or not 1 <= place <= players:
        raise ValueError("a place lies between 1 and the number of players")
    if players == 1:
        return Fraction(PLACE_POINTS_MAX, 2)
    return (players - place) / Fraction(players - 1) * PLACE_POINTS_MAX


def best_evenings(values: Sequence[Fraction | int], best: int | None) -> set[int]:
    """The indexes of the ``best`` highest values (all of them when ``best`` is None).

    Of equal values the earlier one is kept, so which evening is struck through is stable.
    """
    if best is not None and best < 1:
        raise ValueError("best counts at least one evening")
    return _best_indexes(values, best)


def _best_indexes(values: Sequence, best: int | None) -> set[int]:
    order = sorted(range(len(values)), key=lambda index: (-values[index], index))
    return set(order if best is None else order[:best])


def _scale(evenings: Sequence[Evening], method: Method) -> int:
    """A denominator for every evening's place points: 2 × lcm(N − 1), so that each is an
    integer over it (1 for the totals, already integers)."""
    if method is not Method.PLACE_POINTS:
        return 1
    return 2 * math.lcm(*(max(len(evening.totals) - 1, 1) for evening in evenings))


def _scaled_place_points(twice_place: int, players: int, scale: int) -> int:
    """``place_points`` times ``scale``: 1000 × (N − place) / (N − 1), in integers."""
    if players == 1:
        return PLACE_POINTS_MAX // 2 * scale
    return PLACE_POINTS_MAX * (2 * players - twice_place) * (scale // (2 * (players - 1)))


def _results(
    evenings: Sequence[Evening], method: Method, scale: int
) -> dict[Hashable, list[tuple]]:
    """Each player's evenings: (index, evening, total, twice the place, N, scaled value)."""
    results: dict[Hashable, list[tuple]] = {}
    for index, evening in enumerate(evenings):
        players = len(evening.totals)
        counts: dict[int, int] = {}
        for total in evening.totals.values():
            counts[total] = counts.get(total, 0) + 1
        twice_place: dict[int, int] = {}
        first = 1
        for total in sorted(counts, reverse=True):
            # Tied players hold places first … first + count − 1: twice their average is
            # 2 × first + count − 1, an integer.
            twice_place[total] = 2 * first + counts[total] - 1
            first += counts[total]
        if evening.places is not None:
            sharing: dict[int, int] = {}
            for place in evening.places.values():
                sharing[place] = sharing.get(place, 0) + 1
        for key, total in evening.totals.items():
            if evening.places is not None:
                place = evening.places[key]
                twice = 2 * place + sharing[place] - 1
            else:
                twice = twice_place[total]
            if method is Method.PLACE_POINTS:
                scaled = _scaled_place_points(twice, players, scale)
            else:
                scaled = total
            results.setdefault(key, []).append((index, evening.key, total, twice, players, scaled))
    return results


def _line(key: Hashable, results: list[tuple], method: Method, best: int | None, scale: int):
    values = [result[5] for result in results]
    kept = _best_indexes(values, best)
    evenings = tuple(
        EveningResult(
            evening=evening,
            index=index,
            total=total,
            twice_place=twice,
            players=players,
            scaled=scaled,
            scale=scale,
            counted=position in kept,
        )
        for position, (index, evening, total, twice, players, scaled) in enumerate(results)
    )
    counted = [values[position] for position in kept]
    divisor = scale * (len(counted) if method is Method.AVERAGE else 1)
    return SeasonLine(
        key=key,
        rank=None,
        tied=False,
        score=Fraction(sum(counted), divisor),
        evenings=evenings,
        best=Fraction(max(values), scale),
    )


def _tie_key(line: SeasonLine) -> tuple:
    """What decides between two players: score, then evenings played, then the best evening."""
    return (line.score, line.played, line.best)


def rank_season(
    evenings: Sequence[Evening],
    *,
    method: Method | str,
    best: int | None = None,
    minimum: int = 1,
    order: Callable[[Hashable], tuple] | Mapping[Hashable, tuple] | None = None,
) -> Season:
    """The season: every player's evenings, score and rank (see the module's docstring).

    ``evenings`` in the season's order (by date); ``order`` gives each player's listing key
    among equals (a name), as a mapping or a function; it decides no rank.
    """
    method = Method(method)
    if minimum < 1:
        raise ValueError("a season ranks players with at least one evening")
    if isinstance(order, Mapping):
        mapping = order
        order = lambda key: mapping.get(key, ())  # noqa: E731 - one expression, named once
    order = order or (lambda _key: ())
    if best is not None and best < 1:
        raise ValueError("best counts at least one evening")
    scale = _scale(evenings, method)
    lines = [
        _line(key, results, method, best, scale)
        for key, results in _results(evenings, method, scale).items()
    ]
    lines.sort(key=lambda line: (_negated(_tie_key(line)), order(line.key)))
    ranked = _ranks([line for line in lines if line.played >= minimum])
    unranked = [line for line in lines if line.played < minimum]
    return Season(ranked=ranked, unranked=unranked, method=method, best=best, minimum=minimum)


def _negated(key: tuple) -> tuple:
    return tuple(-part for part in key)


def _ranks(lines: Iterable[SeasonLine]) -> list[SeasonLine]:
    lines = list(lines)
    counts: dict[tuple, int] = {}
    for line in lines:
        counts[_tie_key(line)] = counts.get(_tie_key(line), 0) + 1
    ranked = []
    rank, previous = 0, None
    for position, line in enumerate(lines, start=1):
        key = _tie_key(line)
        if key != previous:
            rank, previous = position, key
        ranked.append(
            SeasonLine(
                key=line.key,
                rank=rank,
                tied=counts[key] > 1,
                score=line.score,
                evenings=line.evenings,
                best=line.best,
            )
        )
    return ranked


def rounded(value: Fraction | int, places: int = 1) -> Decimal:
    """``value`` rounded half up to ``places`` decimals, for display: exact until shown.

    >>> rounded(Fraction(1000, 3)), rounded(Fraction(5, 4)), rounded(Fraction(-5, 4)), rounded(7)
    (Decimal('333.3'), Decimal('1.3'), Decimal('-1.3'), Decimal('7'))
    """
    value = Fraction(value)
    if value.denominator == 1:
        return Decimal(value.numerator)
    scaled = value * 10**places
    # Half up, away from zero as a French reader rounds: 1,25 → 1,3 and −1,25 → −1,3.
    magnitude = (abs(scaled) * 2 + 1) // 2
    return Decimal(magnitude if scaled >= 0 else -magnitude).scaleb(-places)
