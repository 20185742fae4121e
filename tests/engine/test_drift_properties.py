"""Each game's `drift` keeps its promise: from two standings it relates, every later game
plays alike, its record equal but for the running totals, which stay that far apart; and a
game whose totals decide its end never drifts (store/sheets/checkpoints.py relies on it)."""

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bauerblock.engine.errors import GameError
from bauerblock.engine.games import sheet_game
from bauerblock.engine.teams import Points
from tests.engine.entries import round_to, small

BOLACHEN = [
    {"declarer": 0, "contract": "brand", "trump": "herz", "won": True},
    {"declarer": 1, "contract": "bettel", "won": False},
    {"declarer": 2, "contract": "mord", "tricks": 10},
]
EVENINGS: dict[str, tuple[str, dict[str, Any] | None, list[dict[str, Any]]]] = {
    "bauerchen": ("bauerchen", None, [round_to("A"), round_to("B"), small("A"), small("B")]),
    "bauerchen, a Stein a round": (
        "bauerchen",
        {"knoddels_per_stein": 1},
        [round_to("A"), round_to("B"), small("A")],
    ),
    "bauerchen, rounds to win": (
        "bauerchen",
        {"knoddels_per_stein": 1, "rounds_to_win": 9},
        [round_to("A"), round_to("B")],
    ),
    "bauerschspiel": ("bauerschspiel", None, [{"winner": "A"}, {"winner": "B"}]),
    "bauerschspiel, one stroke": (
        "bauerschspiel",
        {"strokes": 1},
        [{"winner": "A"}, {"winner": "B"}],
    ),
    "bolachen": ("bolachen", {"preset": "soft"}, BOLACHEN),
    "bolachen, a limit": ("bolachen", {"preset": "hard", "limit": 100_000}, BOLACHEN),
}


def without_running(module, record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key not in module.RUNNING}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(EVENINGS)), data=st.data())
def test_two_standings_a_drift_relates_play_every_later_game_alike(name, data):
    game, rules, pool = EVENINGS[name]
    module = sheet_game(game)
    resolved = module.resolve_rules(rules)
    pick = st.lists(st.sampled_from(pool), min_size=1, max_size=30)
    # Two changes of as many games: the evenings stand at the same game after them.
    changed = data.draw(st.integers(1, 4))
    one, other = (
        data.draw(st.lists(st.sampled_from(pool), min_size=changed, max_size=changed))
        for _ in range(2)
    )
    before, after = data.draw(pick), data.draw(pick)
    try:
        new = module.replay(resolved, 0, before + one)
        stored = module.replay(resolved, 0, before + other)
    except GameError:
        return
    drift = module.drift(resolved, new.standing, stored.standing)
    if drift is None:
        return
    assert module.shift(stored.standing, drift) == new.standing
    for entry in after:
        try:
            new = module.play(new, entry)
        except GameError as refused:
            # What the one refuses, the other refuses alike.
            with pytest.raises(GameError) as too:
                module.play(stored, entry)
            assert too.value.code == refused.code
            return
        stored = module.play(stored, entry)
        assert module.shift(stored.standing, drift) == new.standing
        played, kept = new.games[-1].to_dict(), stored.games[-1].to_dict()
        assert without_running(module, played) == without_running(module, kept)
        # Counted from their own standings, the running totals are the same.
        assert module.rebased(played, new.standing, -1) == module.rebased(kept, stored.standing, -1)


@pytest.mark.parametrize(
    ("game", "rules", "new", "stored"),
    [
        # A limit: a total reaching it ends the evening.
        (
            "bolachen",
            {"preset": "soft", "limit": 500},
            {"totals": (10, 0, -10)},
            {"totals": (0, 0, 0)},
        ),
        # Rounds to win: the rounds won end the table.
        (
            "bauerchen",
            {"rounds_to_win": 3},
            {"rounds_won": Points(1, 0)},
            {"rounds_won": Points(0, 1)},
        ),
        # The Knoddel decide the Gehampelter: they must be equal.
        ("bauerchen", None, {"knoddels": Points(1, 0)}, {"knoddels": Points(0, 1)}),
        # The board decides the next Nullchen.
        ("bauerschspiel", None, {"strokes": Points(4, 6)}, {"strokes": Points(6, 4)}),
    ],
)
def test_what_decides_later_games_never_drifts(game, rules, new, stored):
    module = sheet_game(game)
    resolved = module.resolve_rules(rules)
    start = module.start(resolved, 0).standing
    assert module.drift(resolved, replace(start, **new), replace(start, **stored)) is None
