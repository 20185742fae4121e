"""Settling balances in the fewest transfers: who pays whom how much."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Payment:
    """One transfer of a settlement: `payer` pays `payee` `amount` (points or cents)."""

    payer: int
    payee: int
    amount: int

    def to_dict(self) -> dict[str, int]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


EXACT_UP_TO = 12
"""Up to this many open balances the settlement is the fewest transfers there are (the search
takes 2ⁿ steps); past it, in a big group, at most one transfer fewer than the balances,
which may be a few more than the fewest."""


def settle(balances: Mapping[int, int]) -> tuple[Payment, ...]:
    """Return the fewest transfers that bring every balance to zero (they must sum to zero).

    n balances need n - g transfers when they split into at most g groups that each sum to
    zero: find the most such groups, then within each the one furthest down pays the one
    furthest up (each transfer settles at least one of the two). Ties go to the lower
    number and the largest transfer comes first, so the same balances give the same list.
    """
    if sum(balances.values()):
        raise ValueError("Balances to settle must sum to zero.")
    owed = {key: amount for key, amount in sorted(balances.items()) if amount}
    groups = _zero_sum_groups(owed) if len(owed) <= EXACT_UP_TO else [list(owed)]
    payments = [payment for group in groups for payment in _pay_down(owed, group)]
    return tuple(sorted(payments, key=lambda p: (-p.amount, p.payer, p.payee)))


def _zero_sum_groups(owed: Mapping[int, int]) -> list[list[int]]:
    """Split the keys into the most groups whose balances each sum to zero."""
    keys = list(owed)
    full = (1 << len(keys)) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    last = [0] * (full + 1)
    # best[mask]: the most zero-sum groups that taking mask's keys one by one can close;
    # a group closes whenever the keys taken so far sum to zero.
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + owed[keys[low]]
        choices = ((best[mask & ~(1 << i)], -i) for i in range(len(keys)) if mask & (1 << i))
        value, index = max(choices)
        best[mask], last[mask] = value + (sums[mask] == 0), -index
    order, mask = [], full
    while mask:
        order.append(keys[last[mask]])
        mask &= ~(1 << last[mask])
    order.reverse()
    groups, group, running = [], [], 0
    for key in order:
        group.append(key)
        running += owed[key]
        if running == 0:
            groups.append(sorted(group))
            group = []
    return groups


def _pay_down(owed: Mapping[int, int], group: list[int]) -> list[Payment]:
    """Settle one group: the one furthest down pays the one furthest up, until all are even."""
    left = {key: owed[key] for key in group}
    payments = []
    while left:
        payer = min(left, key=lambda key: (left[key], key))
        payee = max(left, key=lambda key: (left[key], -key))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        for key, change in ((payer, amount), (payee, -amount)):
            left[key] += change
            if not left[key]:
                del left[key]
    return payments


def euros(cents: int) -> str:
    """Return an amount of cents as a German pad writes it: 1,20 €, -0,30 €."""
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    return f"{sign}{whole},{rest:02d} €"
