"""The rights each device holds, by its device id's hash: granted, looked up, renewed on use,
forgotten. The tokens arrive sealed (web/rights.py seals them); the store keeps them opaque."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from bauerblock.store.db import immediate


@dataclass(frozen=True)
class KeptRight:
    """A right a device holds: its kind and item, the sealed token, when it was granted and
    last used (Unix seconds); whole, what a renewed device id carries over (sealed anew)."""

    kind: str
    item: str
    sealed: str
    granted: int
    used: int


def grant(
    db: Database,
    device: str,
    kind: str,
    item: str,
    sealed: str,
    *,
    now: int,
    most: int,
    lapsed: int,
    renewed_from: str | None = None,
    carried: Sequence[KeptRight] = (),
) -> None:
    """Keep the right of `kind` to `item` for `device`; keep at most `most` of a kind (the
    least recently used go first). Every device's rights unused since `lapsed` go too.

    A device renewed on this grant (`device` is its new id) drops every right its old id
    `renewed_from` held and holds `carried` instead (those rights sealed anew for it), in the
    same transaction."""
    with immediate(db):
        db.execute("DELETE FROM device_rights WHERE used < ?", [lapsed])
        if renewed_from is not None:
            db.execute("DELETE FROM device_rights WHERE device = ?", [renewed_from])
        db.conn.executemany(
            "INSERT OR REPLACE INTO device_rights (device, kind, item, sealed, granted, used)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(device, r.kind, r.item, r.sealed, r.granted, r.used) for r in carried],
        )
        db.execute(
            "INSERT INTO device_rights (device, kind, item, sealed, granted, used)"
            " VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (device, kind, item) DO UPDATE SET"
            " sealed = excluded.sealed, granted = excluded.granted, used = excluded.used",
            [device, kind, item, sealed, now, now],
        )
        db.execute(
            "DELETE FROM device_rights WHERE device = ? AND kind = ? AND item NOT IN"
            " (SELECT item FROM device_rights WHERE device = ? AND kind = ?"
            "  ORDER BY used DESC, granted DESC LIMIT ?)",
            [device, kind, device, kind, most],
        )


def held(
    db: Database, device: str, asked: Sequence[tuple[str, str]], *, since: int
) -> dict[tuple[str, str], KeptRight]:
    """Return the rights among `asked` (kind, item) that `device` holds and used since
    `since`, by (kind, item), in one statement: a page that asks for two rights reads once."""
    if not asked:
        return {}
    pairs = ", ".join("(?, ?)" for _ in asked)
    rows = db.execute(
        "SELECT kind, item, sealed, granted, used FROM device_rights"
        f" WHERE device = ? AND used >= ? AND (kind, item) IN (VALUES {pairs})",
        [device, since, *(part for pair in asked for part in pair)],
    )
    return {(right[0], right[1]): KeptRight(*right) for right in rows}


def all_held(db: Database, device: str, *, since: int) -> list[KeptRight]:
    """Return every right `device` holds (used since `since`)."""
    rows = db.execute(
        "SELECT kind, item, sealed, granted, used FROM device_rights"
        " WHERE device = ? AND used >= ?",
        [device, since],
    )
    return [KeptRight(*row) for row in rows]


def items(db: Database, device: str, kind: str, *, since: int) -> set[str]:
    """Return the items `device` holds a right of `kind` to (used since `since`)."""
    rows = db.execute(
        "SELECT item FROM device_rights WHERE device = ? AND kind = ? AND used >= ?",
        [device, kind, since],
    )
    return {row[0] for row in rows}


def renew(db: Database, device: str, kind: str, item: str, *, now: int) -> None:
    """Note that `device` used its right of `kind` to `item` now."""
    with immediate(db):
        db.execute(
            "UPDATE device_rights SET used = ? WHERE device = ? AND kind = ? AND item = ?",
            [now, device, kind, item],
        )


def forget(db: Database, device: str) -> int:
    """Drop every right `device` holds; return how many there were."""
    with immediate(db):
        return db.execute("DELETE FROM device_rights WHERE device = ?", [device]).rowcount
