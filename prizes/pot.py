"""The pot: what a tournament pays out, to the cent (docs/prix.md, « La dotation »).

Money is counted in whole cents (``int``): never a float, so that no sum drifts by a cent.

- **Fixed amounts**: the pot is the sum of the prize table's amounts.
- **A share of the takings**: the takings are the entries times the fee; the pot is the share
  of them, rounded *down* to the cent (the organiser never promises a fraction of a cent he has
  not taken in), and what is left to the organiser is said: the takings less the pot.
- **Rows as shares of the pot** (« 1re place : 30 % »): each row gets its share rounded down,
  and the cents those roundings leave go one each to the rows in the table's order (the first
  prize first), so that the rows always add up to the pot exactly.

    >>> pot = pot_of_takings(entries=37, fee_cents=1500, percent=Fraction(70))
    >>> pot.takings_cents, pot.cents, pot.kept_cents
    (55500, 38850, 16650)
    >>> rows_of_shares(10000, [Fraction(100, 3)] * 3)
    [3334, 3333, 3333]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction


@dataclass(frozen=True)
class Pot:
    """What is paid out (``cents``), and, when it is a share of the takings, the takings and
    what the organiser keeps."""

    cents: int
    takings_cents: int | None = None
    percent: Fraction | None = None

    @property
    def kept_cents(self) -> int | None:
        if self.takings_cents is None:
            return None
        return self.takings_cents - self.cents


def pot_of_amounts(amounts: Sequence[int]) -> Pot:
    """A pot of fixed amounts: their sum."""
    if any(amount < 0 for amount in amounts):
        raise ValueError("a prize is never negative")
    return Pot(cents=sum(amounts))


def pot_of_takings(*, entries: int, fee_cents: int, percent: Fraction) -> Pot:
    """``percent`` of the takings (``entries`` × ``fee_cents``), rounded down to the cent."""
    if entries < 0 or fee_cents < 0 or not 0 <= percent <= 100:
        raise ValueError("entries, the fee and the share are never negative; a share is ≤ 100 %")
    takings = entries * fee_cents
    return Pot(cents=int(takings * percent / 100), takings_cents=takings, percent=percent)


def rows_of_shares(pot_cents: int, percents: Sequence[Fraction]) -> list[int]:
    """Each row's amount for ``percents`` of the pot (at most 100 % in all): rounded down, the
    cents left given one each to the rows in order. Shares under 100 % leave the rest of the
    pot unpaid, said by the caller."""
    if any(percent < 0 for percent in percents) or sum(percents) > 100:
        raise ValueError("shares are never negative and add up to 100 % at most")
    exact = [pot_cents * percent / 100 for percent in percents]
    rows = [int(amount) for amount in exact]
    owed = int(sum(exact)) - sum(rows)  # whole cents the roundings left over
    for index in range(owed):
        rows[index % len(rows)] += 1
    return rows


def cents_of(text: str) -> int:
    """« 12,50 », « 12.5 » or « 12 » euros as cents; ValueError for anything else (a
    negative amount, more than two decimals, not a number)."""
    cleaned = text.strip().replace(" ", "").replace("\u202f", "").replace(",", ".")
    try:
        amount = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"not an amount: {text!r}") from None
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(Decimal("0.01")):
        raise ValueError(f"not an amount in euros and cents: {text!r}")
    return int(amount * 100)


def euros(cents: int) -> str:
    """Cents as the JSON writes them: « 12.50 »."""
    return str((Decimal(cents) / 100).quantize(Decimal("0.01"), rounding=ROUND_DOWN))
