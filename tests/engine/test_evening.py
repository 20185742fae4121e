"""Snapshots of an evening: resuming from one and playing on equals replaying the whole log."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bauerblock.engine.evening import fold, restore, snapshot
from bauerblock.engine.games import GAMES, resume

BAUERCHEN = [
    {"result": {"winner": "A", "band": "schwarz"}, "spritz": 1},
    {"card_points": {"B": 80}, "melds": [{"team": "B", "kind": "20"}]},
    {"solo": {"team": "B", "won": True}},
    {"result": {"winner": "B", "band": "frei"}},
]
ENTRIES = {
    "bauerchen": BAUERCHEN,
    "bauerschspiel": [{"winner": "A"}, {"winner": "B"}, {"winner": "A"}],
    "bolachen": [
        {"declarer": 0, "contract": "mord", "won": True},
        {"declarer": 1, "contract": "brand", "trump": "herz", "tricks": 7},
        {"declarer": 2, "contract": "bettel", "won": False},
    ],
}


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_resuming_a_snapshot_and_playing_on_equals_the_whole_replay(game, data):
    module = GAMES[game]
    rules = module.resolve_rules(None)
    log = data.draw(st.lists(st.sampled_from(ENTRIES[game]), max_size=30))
    cut = data.draw(st.integers(0, len(log)))
    first_dealer = data.draw(st.integers(0, module.SEATS - 1))
    whole = module.replay(rules, first_dealer, log).to_dict()

    head = module.replay(rules, first_dealer, log[:cut])
    stored = snapshot(head.standing)
    assert restore(type(head.standing), stored) == head.standing
    tail = fold(resume(module, rules, first_dealer, stored), log[cut:], module.play).to_dict()

    assert tail["current"] == whole["current"]
    assert tail["games"] == whole["games"][cut:]
    if "rounds" in whole:
        closed_before = len(head.to_dict()["rounds"])
        assert tail["rounds"] == whole["rounds"][closed_before:]


def test_resume_without_a_snapshot_is_the_empty_sheet():
    module = GAMES["bauerchen"]
    rules = module.resolve_rules(None)
    assert resume(module, rules, 2, None) == module.start(rules, 2)
