"""Checkpoints: a sheet's row keeps the standing after every CHECKPOINT-th game (the sheet's
own row the standing after its last), and a game's running totals (its engine's RUNNING)
counted from the checkpoint before it.

So no row repeats the totals of the games before its checkpoint: an amendment that moves
every later total (Bolachen's won -> lost) rewrites the games up to the next checkpoint and
moves the later checkpoints' standings, and a read of any game adds one checkpoint's.
"""

import json
from collections.abc import Callable, Mapping
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.evening import restore, snapshot
from bauerblock.engine.games import SheetState, resume, sheet_game
from bauerblock.store.common import canonical
from bauerblock.store.sheets.head import SheetHead, resumed

CHECKPOINT = 10
"""Every this many games a row keeps its standing: an amendment plays at most this many
games before it can stop, and a game's totals add one checkpoint's standing."""

Record = dict[str, Any]


def kept(number: int) -> bool:
    """Tell whether game `number`'s row keeps the standing after it."""
    return number % CHECKPOINT == 0


def checkpoint_before(number: int) -> int:
    """Return the checkpoint game `number` is counted from (0: the evening's start)."""
    return (number - 1) // CHECKPOINT * CHECKPOINT


def checkpoints_after(number: int, last: int) -> list[int]:
    """Return the checkpoints after game `number` up to game `last`."""
    return list(range((number // CHECKPOINT + 1) * CHECKPOINT, last + 1, CHECKPOINT))


def stored_standings(db: Database, sheet_id: str, numbers: list[int]) -> dict[int, Any]:
    """Return the standings the rows of checkpoints `numbers` keep, by game."""
    if not numbers:
        return {}
    marks = ", ".join("?" * len(numbers))
    rows = db.execute(
        f"SELECT number, standing FROM entries WHERE sheet_id = ? AND number IN ({marks})",
        [sheet_id, *numbers],
    )
    return {number: json.loads(standing) for number, standing in rows}


def state_after(db: Database, head: SheetHead, number: int) -> SheetState:
    """Return the engine's state after game `number` (0: the empty sheet), holding no games:
    resumed from the checkpoint before it, the games since played on."""
    if number >= head.played:
        return resumed(head)
    module = sheet_game(head.game)
    first = number // CHECKPOINT * CHECKPOINT
    standing = stored_standings(db, head.id, [first]).get(first)
    state = resume(module, head.rules, head.first_dealer, standing)
    if first == number:
        return state
    entries = db.execute(
        "SELECT entry FROM entries WHERE sheet_id = ? AND number > ? AND number <= ? "
        "ORDER BY number",
        [head.id, first, number],
    )
    for (entry,) in entries:
        state = module.play(state, json.loads(entry))
    return resume(module, head.rules, head.first_dealer, snapshot(state.standing))


def base_of(db: Database, head: SheetHead, number: int) -> Any:
    """Return the standing game `number`'s running totals are counted from (a tap's next
    game: the head's own standing at a checkpoint, else one row read)."""
    module = sheet_game(head.game)
    first = checkpoint_before(number)
    if not module.RUNNING or first == 0:
        standing = None  # nothing counted, or counted from the start
    elif first == head.played:
        standing = head.standing
    else:
        standing = stored_standings(db, head.id, [first]).get(first)
    return resume(module, head.rules, head.first_dealer, standing).standing


def absolute(
    db: Database, head: SheetHead, first: int, last: int
) -> Callable[[int, Record], Record]:
    """Return what gives a stored record of games `first` to `last` its running totals
    counted from the evening's start: the checkpoints' standings between, read once."""
    module = sheet_game(head.game)
    if not module.RUNNING or last < first:
        return lambda number, record: record
    low, high = checkpoint_before(first), checkpoint_before(last)
    bases = range(low, high + 1, CHECKPOINT)
    stored = stored_standings(db, head.id, [number for number in bases if number])
    standings = {
        number: resume(module, head.rules, head.first_dealer, stored.get(number)).standing
        for number in bases
    }
    return lambda number, record: module.rebased(record, standings[checkpoint_before(number)], 1)


def counted_anew(db: Database) -> None:
    """Count every stored game's running totals from its checkpoint and keep the standings
    of checkpoints alone, the last one on the sheet's row (the schema's migration to them).
    """
    sheets = db.execute("SELECT id, game, rules, first_dealer FROM sheets").fetchall()
    for sheet_id, game, rules, first_dealer in sheets:
        module = sheet_game(game)
        resolved = module.resolve_rules(json.loads(rules))
        base = module.start(resolved, first_dealer).standing
        rows = db.execute(
            "SELECT number, record, standing FROM entries WHERE sheet_id = ? ORDER BY number",
            [sheet_id],
        ).fetchall()
        written = []
        for number, record, standing in rows:
            after = restore(type(base), json.loads(standing))
            counted = module.rebased(json.loads(record), base, -1)
            written.append(
                (canonical(counted), standing if kept(number) else None, sheet_id, number)
            )
            base = after if kept(number) else base
        db.conn.executemany(
            "UPDATE entries SET record = ?, standing = ? WHERE sheet_id = ? AND number = ?",
            written,
        )
        if rows:
            db.execute("UPDATE sheets SET standing = ? WHERE id = ?", [rows[-1][2], sheet_id])


def shifted(head: SheetHead, module: Any, standings: Mapping[int, Any], by: Any) -> dict[int, str]:
    """Return checkpoints' stored standings moved by an engine's `drift`, by game."""
    kind = type(module.start(head.rules, head.first_dealer).standing)
    return {
        number: canonical(snapshot(module.shift(restore(kind, standing), by)))
        for number, standing in standings.items()
    }
