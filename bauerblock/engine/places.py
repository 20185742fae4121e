"""Shared places (docs/rules.md sections 4, 5 and 7): equal keys share a place, the next skips.

Every ranking of the house writes its places this way - a Preisbauer's standings, a
Paarturnier's final ranking, a series' Rangliste - each with its own key and tie-breaks.
"""

from __future__ import annotations

from collections.abc import Sequence


def shared_places(keys: Sequence[object]) -> tuple[int, ...]:
    """Return the place of each line, given the lines' keys best first (1., 2., 2., 4.).

    A line whose key equals the line's before it shares that place; any other takes its
    position, so its place is 1 + the number of lines strictly ahead of it.
    """
    places: list[int] = []
    for i, key in enumerate(keys):
        places.append(places[-1] if i and key == keys[i - 1] else i + 1)
    return tuple(places)
