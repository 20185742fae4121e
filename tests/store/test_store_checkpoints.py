"""A file whose rows kept every game's standing and totals (schema before the checkpoints)
is migrated to them: read, amended and played on as a sheet stored today."""

import itertools

import pytest

from bauerblock import store
from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import sheet_game
from bauerblock.services import sheets as service
from bauerblock.store.common import canonical
from bauerblock.store.db import MIGRATIONS, connect, ensure_schema, immediate
from bauerblock.store.sheets.checkpoints import CHECKPOINT
from tests.long_sheets import assert_stored_is_the_replay

EVENINGS = {
    "bauerchen": (
        {"knoddels_per_stein": 1},
        [{"solo": {"team": "A", "won": True}}, {"result": {"winner": "B", "band": "frei"}}],
        {"solo": {"team": "B", "won": True}},
    ),
    "bauerschspiel": ({"strokes": 1}, [{"winner": "A"}, {"winner": "B"}], {"winner": "B"}),
    "bolachen": (
        {"preset": "soft"},
        [{"declarer": 1, "contract": "brand", "trump": "gras", "won": True}],
        {"declarer": 1, "contract": "brand", "trump": "gras", "won": False},
    ),
}
GAMES = 2 * CHECKPOINT + 7


def stored_before(db, game: str, rules, entries) -> str:
    """Store a sheet as the code before the checkpoints did: every row its standing, every
    record its totals from the start; return its id."""
    module = sheet_game(game)
    sheet, _ = store.sheets.new_sheet(game, rules=rules)
    store.sheets.insert_sheet(db, sheet)
    state = module.start(sheet.rules, sheet.first_dealer)
    for entry in entries:
        closed_before = len(getattr(state, "rounds", ()))
        state = module.play(state, entry)
        db["entries"].insert(
            {
                "sheet_id": sheet.id,
                "number": state.standing.played,
                "entry": canonical(entry),
                "record": canonical(state.games[-1].to_dict()),
                "closed": canonical([r.to_dict() for r in state.rounds[closed_before:]])
                if hasattr(state, "rounds")
                else "[]",
                "standing": canonical(snapshot(state.standing)),
            }
        )
    return sheet.id


@pytest.mark.parametrize("game", sorted(EVENINGS))
def test_a_file_of_the_schema_before_reads_and_amends_as_stored_today(tmp_path, game):
    rules, pattern, amended = EVENINGS[game]
    entries = list(itertools.islice(itertools.cycle(pattern), GAMES))
    db = connect(tmp_path / "before.sqlite3")
    with immediate(db):
        for number, migrate in enumerate(MIGRATIONS[:-1], start=1):
            migrate(db)
            db.execute(f"PRAGMA user_version = {number}")
        sheet_id = stored_before(db, game, rules, entries)
    assert ensure_schema(db) == len(MIGRATIONS)
    assert_stored_is_the_replay(db, sheet_id)
    service.amend_game(db, sheet_id, 1, amended)
    service.record_game(db, sheet_id, pattern[0])
    assert_stored_is_the_replay(db, sheet_id)
    db.close()
