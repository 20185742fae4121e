"""A sheet's writes inside the caller's write transaction: the next game played on from the
stored standing, or an old game amended or deleted from a plan (store.sheets.log) made
before the write lock was taken; each checks what the sheet as it stands refuses first.

services.sheets opens the transaction, keeps the retry's key and leaves what a tournament's
table leaves behind; nothing here knows who asked, nor how the answer is told.
"""

from collections.abc import Sequence
from dataclasses import replace

from sqlite_utils import Database

from bauerblock.engine.evening import snapshot
from bauerblock.engine.games import at_rest, sheet_game
from bauerblock.store.common import canonical
from bauerblock.store.errors import GameNotFound, SheetFull, StaleVersion
from bauerblock.store.sheets.checkpoints import base_of
from bauerblock.store.sheets.head import (
    MAX_GAMES,
    Entry,
    SheetHead,
    Written,
    check_open,
    resumed,
)
from bauerblock.store.sheets.log import Plan, apply_plan, plan_now, play_on, store_rows
from bauerblock.store.sheets.state import page


def check_write(head: SheetHead, expected_version: int | None, correction: bool) -> None:
    """Refuse a write the sheet refuses as it stands: a closed draw's table, a stale page.

    Closed before stale: closing the draw gave the sheet a new version, and a phone's tap
    from before is refused for what happened, not as another phone's write.
    """
    check_open(head, correction)
    # Checked before the game number: a stale page may name a game that is gone.
    if expected_version is not None and expected_version != head.version:
        raise StaleVersion(expected_version, head.version)


def record(db: Database, head: SheetHead, entry: Entry) -> Written:
    """Play the next game on from the stored standing and store it; return the new head and
    the state with that game alone (`games_from` its number).

    Raise SheetFull (MAX_GAMES played) or the engine's RuleError/GameError.
    """
    if head.played >= MAX_GAMES:
        raise SheetFull("sheet_full", limit=MAX_GAMES)
    head, state = append(db, head, [entry])
    return Written(head, {**state, "games_from": head.played})


def append(db: Database, head: SheetHead, entries: Sequence[Entry]) -> tuple[SheetHead, dict]:
    """Play `entries` on from the stored standing and store them; return the new head and
    the state with those games alone. Raise the engine's RuleError/GameError."""
    module = sheet_game(head.game)
    base = base_of(db, head, head.played + 1)
    rows, state = play_on(head, resumed(head), entries, base)
    standing = canonical(snapshot(state.standing))
    head = store_rows(db, head, rows, start=head.played + 1, standing=standing)
    # The head keeps the state it was written with: the answer reads its figures from it.
    return replace(head, resting=at_rest(module, state)), state.to_dict()


def change(
    db: Database,
    head: SheetHead,
    number: int,
    entry: Entry | None,
    planned: Plan | None,
    count: int,
) -> Written:
    """Store game `number` amended to `entry` (None: deleted) and the games after it as
    they then play, from `planned` if the sheet is still at its version, else planned anew.

    Return the head and the state paged from game `number` on: at most `count` games and
    the rounds they closed. Raise GameNotFound or the engine's GameError naming the first
    game the change makes illegal.
    """
    if not 1 <= number <= head.played:
        raise GameNotFound(head.id, number)
    plan = plan_now(db, head, planned, number, entry)
    head = apply_plan(db, head, plan, start=number)
    # The page is read back as stored: the games after those the plan replayed stayed.
    return Written(head, page(db, head, number, count), scored=len(plan.rows))
