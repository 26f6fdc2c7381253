"""Algebraic designs: repeat-free starts for the tightest schedules, where swaps need the
most luck.

4m players at tables of 4 over up to m positions, m a prime power (16, 20, 28, 32, 36
players...), is a resolvable design: every position splits the players into tables, and no
pair meets twice. An affine design over the finite field GF(m) builds one directly; the
search then only has to keep it (see :func:`affine_design`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TypeAlias

from seating.schedule import Draft

FieldTables: TypeAlias = tuple[list[list[int]], list[list[int]]]
"""The addition and multiplication tables of a finite field, its elements numbered."""


def affine_design(
    *, n: int, teams: Sequence[list[int]], positions: int, rng: random.Random
) -> Draft | None:
    """Up to ``positions`` repeat-free positions of ``n`` players at tables of 4 from an
    affine design, when n = 4m with m a prime power; else None.

    Split the players into four groups of m, numbered by the elements of the field GF(m),
    and pick four distinct elements e0..e3. At position r, table j seats, from each group g,
    the player numbered j + r * eg. Two players of groups g and h meet when r * (eh - eg)
    equals the difference of their numbers: at exactly one r, so m positions hold no repeat,
    and players of the same group never meet, which is where team-mates (``teams``, by
    index) go. With m = 4 and no teams the groups themselves make a fifth position (the
    affine plane of order 4: 16 players, everyone meets everyone once).
    """
    field = galois_field(n // 4) if n % 4 == 0 and n >= 16 else None
    if field is None:
        return None
    add, multiply = field
    m = n // 4
    groups = _groups(n, teams, rng)
    elements = rng.sample(range(m), 4)
    rounds = [
        [[groups[g][add[j][multiply[r][elements[g]]]] for g in range(4)] for j in range(m)]
        for r in range(m)
    ]
    if m == 4 and not teams:
        rounds.append([group[:] for group in groups])
    # A team too large for what was left of a group meets across groups, once: leave out
    # the positions where it does, as far as there are positions to spare.
    team_of = {x: number for number, team in enumerate(teams) for x in team}
    rng.shuffle(rounds)
    rounds.sort(
        key=lambda tables: sum(
            x in team_of and team_of[x] == team_of.get(y)
            for table in tables
            for x, y in itertools.combinations(table, 2)
        )
    )
    return rounds[:positions]


def _groups(n: int, teams: Sequence[list[int]], rng: random.Random) -> list[list[int]]:
    """The four groups of the design, n // 4 players each: every team in as few groups as
    room allows (the largest teams first), then the players without a team at random."""
    m = n // 4
    groups: list[list[int]] = [[] for _ in range(4)]
    for team in sorted(teams, key=lambda team: (-len(team), rng.random())):
        members = team[:]
        while members:
            group = max(groups, key=lambda members_of: m - len(members_of))
            room = m - len(group)
            group.extend(members[:room])
            members = members[room:]
    in_team = {x for team in teams for x in team}
    solos = [x for x in range(n) if x not in in_team]
    rng.shuffle(solos)
    for group in groups:
        room = m - len(group)
        group.extend(solos[:room])
        solos = solos[room:]
        rng.shuffle(group)
    return groups


def galois_field(order: int) -> FieldTables | None:
    """The addition and multiplication tables of the field GF(order), its elements numbered
    0..order-1 (0 and 1 as usual), or None when ``order`` is not a prime power.

    An element is a polynomial over GF(p) of degree below k (order = p**k), numbered by its
    coefficients in base p; products are reduced modulo the first monic polynomial of
    degree k that leaves no zero divisor, which is then irreducible."""
    prime_power = _prime_power(order)
    if prime_power is None:
        return None
    prime, degree = prime_power
    digits = [[a // prime**i % prime for i in range(degree)] for a in range(order)]
    add = [
        [
            _number([(x + y) % prime for x, y in zip(digits[a], digits[b], strict=True)], prime)
            for b in range(order)
        ]
        for a in range(order)
    ]
    for modulus in itertools.product(range(prime), repeat=degree):
        multiply = _multiplication(digits, modulus, prime)
        if multiply is not None:
            return add, multiply
    return None


def _prime_power(order: int) -> tuple[int, int] | None:
    """(p, k) when ``order`` is p**k with p prime and k at least 1, else None."""
    if order < 2:
        return None
    prime = next(d for d in range(2, order + 1) if order % d == 0)
    degree, rest = 0, order
    while rest % prime == 0:
        rest //= prime
        degree += 1
    return (prime, degree) if rest == 1 else None


def _number(coefficients: Sequence[int], prime: int) -> int:
    """The number of the polynomial with these coefficients (lowest degree first)."""
    return sum(c * prime**i for i, c in enumerate(coefficients))


def _multiplication(
    digits: list[list[int]], modulus: Sequence[int], prime: int
) -> list[list[int]] | None:
    """The multiplication table modulo the monic polynomial x**k + ... whose lower
    coefficients are ``modulus``, or None as soon as a product of non-zero elements is zero:
    that polynomial is then reducible."""
    multiply = []
    for a, a_digits in enumerate(digits):
        row = [_product(a_digits, b_digits, modulus, prime) for b_digits in digits]
        if a and 0 in row[1:]:
            return None
        multiply.append(row)
    return multiply


def _product(a: Sequence[int], b: Sequence[int], modulus: Sequence[int], prime: int) -> int:
    """The number of the product of polynomials ``a`` and ``b``, reduced modulo the monic
    polynomial of degree k whose lower coefficients are ``modulus``."""
    degree = len(modulus)
    product = [0] * (2 * degree - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] += x * y
    for top in range(2 * degree - 2, degree - 1, -1):
        c = product[top]
        product[top] = 0
        for i, coefficient in enumerate(modulus):
            product[top - degree + i] -= c * coefficient
    return _number([c % prime for c in product[:degree]], prime)
