"""The store's short reads give what the whole sheet gives: the version, a range of games,
one entry, the games that closed the rounds, the state paged from a game on."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bauerblock import store
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service
from bauerblock.store.sheets import checkpoints

BAUERCHEN = st.sampled_from(
    [
        {"result": {"winner": "A", "band": "frei"}},
        {"result": {"winner": "B", "band": "schneider"}},
        {"card_points": {"A": 40}},
        {"solo": {"team": "B", "won": True}},
    ]
)
ENTRIES = {
    "bauerchen": BAUERCHEN,
    "bauerschspiel": st.sampled_from([{"winner": "A"}, {"winner": "B"}]),
    "bolachen": st.sampled_from(
        [
            {"declarer": 1, "contract": "brand", "trump": "gras", "won": True},
            {"declarer": 2, "contract": "mord", "won": False},
        ]
    ),
}
SEATS = {"bauerchen": 4, "bauerschspiel": 4, "bolachen": 3}


@pytest.mark.parametrize("game", sorted(ENTRIES))
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_short_reads_agree_with_the_whole_sheet(db, monkeypatch, game, data):
    # A checkpoint every few games: the reads count the totals across several of them.
    monkeypatch.setattr(checkpoints, "CHECKPOINT", 7)
    entries = data.draw(st.lists(ENTRIES[game], max_size=40))
    players = [f"P{n}" for n in range(SEATS[game])]
    sheet, _ = store.create_sheet(db, game, players=players)
    for entry in entries:
        service.record_game(db, sheet.id, entry)
    whole = store.load_sheet(db, sheet.id)
    fresh = sheet_game(game).replay(whole.rules, whole.first_dealer, entries)
    assert list(whole.games) == [played.to_dict() for played in fresh.games]
    assert store.sheet_version(db, sheet.id) == whole.version
    assert store.current_etag(db, sheet.id) == store.etag(whole)
    games_from = data.draw(st.integers(1, len(entries) + 1))
    head, state = store.state_from(db, sheet.id, games_from)
    assert head.version == whole.version
    assert state == store.replay(whole, games_from)
    first = data.draw(st.integers(1, len(entries) + 1))
    last = data.draw(st.integers(first - 1, len(entries)))
    between = store.games_between(db, head, first, last)
    assert [g.game for g in between] == list(whole.games[first - 1 : last])
    assert [g.entry for g in between] == list(whole.entries[first - 1 : last])
    numbers = sorted(data.draw(st.sets(st.integers(1, max(1, len(entries))), max_size=4)))
    numbered = store.games_numbered(db, head, numbers)
    assert [g.game for g in numbered] == [whole.games[n - 1] for n in numbers if n <= len(entries)]
    for number in range(1, len(entries) + 1):
        assert store.entry_of(db, sheet.id, number) == whole.entries[number - 1]
    closing = [n for n, closed in enumerate(whole.closed, start=1) if closed]
    latest = store.closing_games(db, head, before=len(entries) + 1, count=3)
    assert [g.number for g in latest] == closing[::-1][:3]
    assert [g.game for g in latest] == [whole.games[n - 1] for n in closing[::-1][:3]]
    for index, number in enumerate(closing, start=1):
        assert store.closing_game(db, head, index).number == number
    assert store.closing_game(db, head, len(closing) + 1) is None


def test_unknown_sheets_read_as_none(db):
    assert store.sheet_version(db, "nope") is None
    assert store.current_etag(db, "nope") is None
    assert store.state_from(db, "nope") is None
    assert store.entry_of(db, "nope", 1) is None
