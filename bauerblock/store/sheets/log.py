"""A sheet's log: games played on by the engine, and their rows stored in place of the log
from a game on, with a new version.

A change to an early game replays the games after it: `plan_ahead` does that before the
write lock is taken, and the write stores the plan if the sheet is still at its version.
An amendment replays only until a checkpoint (store/sheets/checkpoints.py) stands as stored,
or as stored but for totals that only count (the engine's `drift`): the later games play
alike from there, so their rows stay, and the later checkpoints move by the drift.
"""

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import chain, repeat, tee
from typing import Any

from sqlite_utils import Database

from bauerblock.engine.errors import RuleError
from bauerblock.engine.evening import restore, snapshot
from bauerblock.engine.games import SheetState, resume, sheet_game
from bauerblock.store.common import canonical, now
from bauerblock.store.db import in_write
from bauerblock.store.sheets.checkpoints import (
    checkpoint_before,
    checkpoints_after,
    kept,
    shifted,
    stored_standings,
)
from bauerblock.store.sheets.head import Entry, SheetHead, head_of

Row = dict[str, Any]


def play_on(
    sheet: SheetHead, state: SheetState, entries: Iterable[Entry], base: Any
) -> tuple[list[Row], SheetState]:
    """Play `entries` on from `state`; return their rows to store and the state they give.

    `base` is the standing the first one's running totals are counted from. Raise the
    engine's GameError naming the first game that is illegal there.
    """
    rows = []
    for after, row in played(sheet, state, entries, base):
        state = after
        rows.append(row)
    return rows, state


FORGET_EVERY = 100
"""A long replay drops the games it played from its state this often (their rows hold them)."""


def played(
    sheet: SheetHead, state: SheetState, entries: Iterable[Entry], base: Any, *, forget: int = 0
) -> Iterator[tuple[SheetState, Row]]:
    """Play `entries` on from `state`, yielding the state after each and the row to store
    (its running totals counted from `base`, then from each checkpoint passed); with
    `forget`, the state keeps at most that many games."""
    module = sheet_game(sheet.game)
    for count, entry in enumerate(entries, start=1):
        if forget and count % forget == 0:
            # The engine appends each game to a tuple it copies: a state that keeps them all
            # makes a long replay quadratic. The standing is all a game is played from.
            state = replace(state, games=())
        closed_before = len(getattr(state, "rounds", ()))
        state = module.play(state, entry)
        number = state.standing.played
        checkpoint = kept(number)
        yield (
            state,
            {
                "number": number,
                "entry": canonical(entry),
                "record": canonical(module.rebased(state.games[-1].to_dict(), base, -1)),
                # Only games that end a round (or board) close one; Bolachen has none.
                "closed": canonical(
                    [r.to_dict() for r in getattr(state, "rounds", ())[closed_before:]]
                ),
                "standing": canonical(snapshot(state.standing)) if checkpoint else None,
            },
        )
        if checkpoint:
            base = state.standing


def store_rows(
    db: Database,
    sheet: SheetHead,
    rows: list[Row],
    *,
    start: int,
    standing: str | None,
    through: int | None = None,
    moved: Mapping[int, str] | None = None,
) -> SheetHead:
    """Replace the log from game `start` on with `rows` (up to game `through` alone, if
    given: the games after it stay), keep `standing` (JSON) as the sheet's, move the later
    checkpoints' standings to `moved`'s, bump the version; return the head."""
    # Games from `start` on are rewritten rather than renumbered in place: an UPDATE of
    # the numbers could collide with the primary key midway.
    db.execute(
        "DELETE FROM entries WHERE sheet_id = ? AND number >= ? AND number <= ?",
        [sheet.id, start, sheet.played if through is None else through],
    )
    if rows:
        # A plain INSERT: sqlite-utils' insert_all would first list every table of the
        # schema, a read that grows with the schema rather than with the game.
        columns = ("sheet_id", *rows[0])
        db.conn.executemany(
            f"INSERT INTO entries ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [(sheet.id, *row.values()) for row in rows],
        )
    if moved:
        db.conn.executemany(
            "UPDATE entries SET standing = ? WHERE sheet_id = ? AND number = ?",
            [(kept, sheet.id, number) for number, kept in moved.items()],
        )
    written = now()
    db.execute(
        "UPDATE sheets SET version = version + 1, updated = ?, standing = ? WHERE id = ?",
        [written, standing, sheet.id],
    )
    return replace(
        sheet,
        version=sheet.version + 1,
        updated=written,
        played=sheet.played if through is not None else start - 1 + len(rows),
        standing=None if standing is None else json.loads(standing),
        resting=None,  # the caller that played the state sets it (store.sheets.writes)
    )


@dataclass(frozen=True)
class Plan:
    """The games from one on, replayed at one version of the sheet: the rows to store."""

    version: int
    rows: list[Row]
    through: int | None
    """The last game the rows replace, the games after it kept as stored (None: all)."""
    standing: str | None
    """The sheet's standing after the change (JSON; None: no game left)."""
    moved: dict[int, str]
    """The later checkpoints' standings, moved by the change's drift, by game."""
    error: RuleError | None = None


def plan_from(db: Database, head: SheetHead, start: int, entry: Entry | None) -> Plan:
    """Replay the games from `start` on at head's version, game `start` amended to `entry`
    (None: deleted, the later games moving up), as far as they differ from the stored ones.
    """
    module = sheet_game(head.game)
    first = checkpoint_before(start)
    state = resume(
        module, head.rules, head.first_dealer, stored_standings(db, head.id, [first]).get(first)
    )
    base = state.standing
    # Read lazily: an amendment that stands as stored (or drifted) at a checkpoint reads no
    # further row.
    stored = db.execute(
        "SELECT entry, standing FROM entries WHERE sheet_id = ? AND number > ? ORDER BY number",
        [head.id, first],
    )
    # The games since the checkpoint, as stored, give the standing game `start` is played on.
    for _ in range(start - 1 - first):
        state = module.play(state, json.loads(next(stored)[0]))
    _, kept_at_start = next(stored)
    later = ((json.loads(text), standing) for text, standing in stored)
    # A deleted game moves every later one up a number (another dealer): none plays as
    # stored. An amended one leaves each later game at its number, and its checkpoint.
    pairs = later if entry is None else chain([(entry, kept_at_start)], later)
    entries, targets = tee(pairs)
    new = (game for game, _ in entries)
    kept = repeat(None) if entry is None else (standing for _, standing in targets)
    rows: list[Row] = []
    try:
        for (after, row), target in zip(
            played(head, state, new, base, forget=FORGET_EVERY), kept, strict=False
        ):
            rows.append(row)
            state = after
            if target is None:
                continue
            if row["standing"] == target:
                # As stored: every later game plays as stored.
                return Plan(head.version, rows, row["number"], canonical(head.standing), {})
            drift = module.drift(
                head.rules, after.standing, restore(type(base), json.loads(target))
            )
            if drift is not None:
                return _drifted(db, head, module, rows, drift)
    except RuleError as error:
        return Plan(head.version, [], None, None, {}, error)
    standing = canonical(snapshot(state.standing)) if rows or start > 1 else None
    return Plan(head.version, rows, None, standing, {})


def _drifted(db: Database, head: SheetHead, module: Any, rows: list[Row], drift: Any) -> Plan:
    """Return the plan of an amendment whose checkpoint stands as stored but for `drift`:
    the later checkpoints and the sheet's standing move by it, no later row changes."""
    through = rows[-1]["number"]
    later = checkpoints_after(through, head.played)
    moved = shifted(head, module, stored_standings(db, head.id, later), drift)
    standing = shifted(head, module, {0: head.standing}, drift)[0]
    return Plan(head.version, rows, through, standing, moved)


def plan_ahead(db: Database, sheet_id: str, number: int, entry: Entry | None) -> Plan | None:
    """Replay the games from `number` on before the write lock is taken (None: not now).

    Amending game 1 of a full sheet may score 3000 games again: done here, in a read
    transaction, the write lock is held only to store the rows.
    """
    if in_write(db):
        return None  # an outer write holds the lock already: planned under it
    with db.atomic():
        head = head_of(db, sheet_id)
        if head is None or not 1 <= number <= head.played:
            return None
        return plan_from(db, head, number, entry)


def plan_now(
    db: Database, head: SheetHead, planned: Plan | None, start: int, entry: Entry | None
) -> Plan:
    """Return the plan if the sheet is still at its version, else plan again under the lock."""
    # Every write bumps the version: the same version is the same log.
    if planned is not None and planned.version == head.version:
        return planned
    return plan_from(db, head, start, entry)


def apply_plan(db: Database, head: SheetHead, plan: Plan, *, start: int) -> SheetHead:
    """Store a plan's rows from game `start` on (or raise its refusal); return the head."""
    if plan.error is not None:
        raise plan.error
    return store_rows(
        db,
        head,
        plan.rows,
        start=start,
        standing=plan.standing,
        through=plan.through,
        moved=plan.moved,
    )
