"""Card points: which totals a team can really have taken."""

from __future__ import annotations

from functools import cache

CARD_VALUES = (11, 10, 4, 3, 2)
"""Ace, ten, king, queen and jack (the Bauer)."""
COPIES = 4
"""Each value once per suit."""
CARDS_PER_TRICK = 4
TRICKS = 5


@cache
def achievable(last_trick_bonus: int) -> frozenset[int]:
    """Return every card point total that some set of won tricks gives one team."""
    sums_by_cards: dict[int, set[int]] = {0: {0}}
    for value in CARD_VALUES:
        grown: dict[int, set[int]] = {}
        for cards, sums in sums_by_cards.items():
            for copies in range(COPIES + 1):
                grown.setdefault(cards + copies, set()).update(s + copies * value for s in sums)
        sums_by_cards = grown
    totals = {0}
    for tricks in range(1, TRICKS + 1):
        for total in sums_by_cards[tricks * CARDS_PER_TRICK]:
            totals.add(total + last_trick_bonus)
            # A team holding every trick holds the last one too.
            if tricks < TRICKS:
                totals.add(total)
    return frozenset(totals)
