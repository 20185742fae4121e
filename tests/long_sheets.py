"""Long sheets made fast: many games played and stored in one write, through the store; and
a stored sheet checked against a fresh replay of its log."""

import json

from bauerblock import store
from bauerblock.engine.evening import restore
from bauerblock.engine.games import sheet_game
from bauerblock.store import sheets
from bauerblock.store.db import immediate
from bauerblock.store.sheets import checkpoints
from bauerblock.store.sheets.writes import append

BOLACHEN_PLAIN = {"declarer": 0, "contract": "brand", "trump": "herz", "won": True}
"""A Bolachen game that ends no board and, with the soft preset, no evening."""


def fill(db, sheet_id: str, entry, count: int) -> None:
    """Append `count` copies of `entry` in one transaction, as `append_game` would store them."""
    # One replay and one insert for all of them: a 3000-game sheet in a second, not a minute.
    with immediate(db):
        append(db, sheets.head_of(db, sheet_id), [entry] * count)


def assert_stored_is_the_replay(db, sheet_id: str) -> None:
    stored = store.load_sheet(db, sheet_id)
    assert stored is not None
    module = sheet_game(stored.game)
    fresh = module.replay(stored.rules, stored.first_dealer, stored.entries)
    assert {**store.replay(stored), "games_from": 1} == {**fresh.to_dict(), "games_from": 1}
    # Each checkpoint's standing too (none between them), and the sheet's: the next write
    # plays on from them, and the reads count the totals from them.
    rows = db.execute(
        "SELECT number, standing FROM entries WHERE sheet_id = ? ORDER BY number", [sheet_id]
    ).fetchall()
    assert [number for number, _ in rows] == list(range(1, len(stored.entries) + 1))
    state = module.start(stored.rules, stored.first_dealer)
    for (number, standing), entry in zip(rows, stored.entries, strict=True):
        state = module.play(state, entry)
        if number % checkpoints.CHECKPOINT:
            assert standing is None
        else:
            assert restore(type(state.standing), json.loads(standing)) == state.standing
        # A game's page and the standing before it, read from the checkpoint before it.
        assert (
            store.games_between(db, stored, number, number)[0].game
            == fresh.games[number - 1].to_dict()
        )
        assert store.before_game(db, stored, number + 1).standing == state.standing
    if stored.entries:
        assert restore(type(state.standing), stored.standing) == state.standing
    else:
        assert stored.standing is None
