"""Shared places (1., 2., 2., 4.): the one rule every ranking writes its places by.

Settings come from the reproducible "engine" profile of tests/engine/conftest.py.
"""

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.places import shared_places

ENGINE = settings.get_profile("engine")


@pytest.mark.parametrize(
    ("keys", "places"),
    [
        ([], ()),
        ([(-3,)], (1,)),
        ([(-3,), (-2,), (-1,)], (1, 2, 3)),
        ([(-5,), (-5,), (-2,), (-1,)], (1, 1, 3, 4)),  # a tie at the top
        ([(-5,), (-4,), (-4,), (-4,), (-1,)], (1, 2, 2, 2, 5)),  # in the middle
        ([(-5,), (-4,), (-1,), (-1,)], (1, 2, 3, 3)),  # at the end
        ([(-2,), (-2,), (-2,)], (1, 1, 1)),  # all equal
        ([(-2, -1), (-2, 0), (-1, 0), (-1, 0)], (1, 2, 3, 3)),  # a tie-break parts the first
        ([(0, -1, Fraction(1, 2)), (0, -1, Fraction(2, 4)), (1, 1)], (1, 1, 3)),  # equal values
    ],
)
def test_equal_keys_share_the_best_place_and_the_next_skips(keys, places):
    assert shared_places(keys) == places


@ENGINE
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-2, 2)), max_size=12))
def test_places_follow_the_keys(drawn):
    keys = sorted(drawn)
    places = shared_places(keys)
    assert len(places) == len(keys)
    assert all(a <= b for a, b in pairwise(places))
    for i, key in enumerate(keys):
        assert places[i] == 1 + sum(1 for other in keys if other < key)
        for j, other in enumerate(keys):
            assert (key == other) == (places[i] == places[j])
