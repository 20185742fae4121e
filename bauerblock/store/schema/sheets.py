"""A sheet's tables: its games and their checkpoints, every write's keys, a phone's rights."""

import json

from sqlite_utils import Database

from bauerblock.store.common import digest
from bauerblock.store.idempotency import seal
from bauerblock.store.schema import script


def create_tables(db: Database) -> None:
    """Create the sheets, their games and their keys (schema version 1)."""
    script(
        db,
        """
        CREATE TABLE sheets (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            title TEXT NOT NULL,
            players TEXT NOT NULL,
            first_dealer INTEGER NOT NULL,
            rules TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        ) STRICT;
        CREATE TABLE entries (
            sheet_id TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            entry TEXT NOT NULL,
            -- The game as the engine replayed it, the rounds it closed and the standing
            -- after it: a write plays on from the last standing instead of replaying all.
            record TEXT NOT NULL,
            closed TEXT NOT NULL,
            standing TEXT NOT NULL,
            PRIMARY KEY (sheet_id, number)
        ) STRICT;
        CREATE TABLE idempotency_keys (
            sheet_id TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (sheet_id, key)
        ) STRICT;
        """,
    )


def index_closing_games(db: Database) -> None:
    """Index the games that close a round (or board)."""
    # The games that close a round (or board) are few: the pad finds the last ones, and
    # so where the current round starts, without reading the games between them.
    db.execute("CREATE INDEX entries_closing ON entries (sheet_id, number) WHERE closed <> '[]'")


def create_device_rights(db: Database) -> None:
    """Keep the rights each phone holds, by its device id."""
    script(
        db,
        """
        -- The rights a phone holds (a sheet's edit right, a group's, a tournament's
        -- organiser's), kept here rather than in its cookie: the cookie holds a random device
        -- id, and `device` is that id's hash; `sealed` is the token, sealed with a key made
        -- from the id itself, so neither the cookie nor this table alone yields a token.
        -- `used` (Unix seconds) moves when the right is used; a right unused too long lapses.
        CREATE TABLE device_rights (
            device TEXT NOT NULL,
            kind TEXT NOT NULL,
            item TEXT NOT NULL,
            sealed TEXT NOT NULL,
            granted INTEGER NOT NULL,
            used INTEGER NOT NULL,
            PRIMARY KEY (device, kind, item)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX device_rights_by_use ON device_rights (used);
        """,
    )


def unify_idempotency(db: Database) -> None:
    """Move the sheets' and the tournaments' keys into one table, hashed (store/idempotency)."""
    script(
        db,
        """
        CREATE TABLE idempotency (
            -- Whose key it is: `sheet:<id>`, `tournament:<id>`, `group:<id>` or a creator.
            owner TEXT NOT NULL,
            -- The key's SHA-256: a stored key is 64 characters, however long it came.
            key_hash TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            headers TEXT NOT NULL DEFAULT '{}',
            created TEXT NOT NULL,
            PRIMARY KEY (owner, key_hash)
        ) STRICT;
        CREATE INDEX idempotency_by_age ON idempotency (created);
        -- A sheet, tournament or group deleted takes its keys along.
        CREATE TRIGGER sheet_keys_go AFTER DELETE ON sheets
        BEGIN
            DELETE FROM idempotency WHERE owner = 'sheet:' || OLD.id;
        END;
        CREATE TRIGGER tournament_keys_go AFTER DELETE ON tournaments
        BEGIN
            DELETE FROM idempotency WHERE owner = 'tournament:' || OLD.id;
        END;
        CREATE TRIGGER group_keys_go AFTER DELETE ON groups
        BEGIN
            DELETE FROM idempotency WHERE owner = 'group:' || OLD.id;
        END;
        """,
    )
    # The old tables kept the keys themselves: hashed now, and each answer sealed with its key.
    kept = [
        (f"sheet:{r[0]}", r[1], r[2], r[3], r[4], r[5])
        for r in db.execute(
            "SELECT sheet_id, key, request_hash, status, response, created FROM idempotency_keys"
        )
    ]
    # A tournament's key kept the number of the player or draw it made: now its answer.
    kept += [
        (f"tournament:{r[0]}", r[1], r[2], 201, json.dumps({r[3]: r[4]}), r[5])
        for r in db.execute(
            "SELECT tournament_id, key, request_hash, kind, target, created FROM tournament_keys"
        )
    ]
    rows = [
        (owner, digest(key), request, status, seal(owner, key, response), created)
        for owner, key, request, status, response, created in kept
    ]
    db.conn.executemany(
        "INSERT OR IGNORE INTO idempotency "
        "(owner, key_hash, request_hash, status, response, created) VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.execute("DROP TABLE idempotency_keys")
    db.execute("DROP TABLE tournament_keys")


def keep_checkpoints(db: Database) -> None:
    """Keep a sheet's standing on its own row, and a game's only every CHECKPOINT games, each
    game's running totals counted from the checkpoint before it (store/sheets/checkpoints.py):
    an amendment that moves every later total then moves a few checkpoints, not every row."""
    # Imported here: the sheets' store imports this module.
    from bauerblock.store.sheets.checkpoints import counted_anew

    script(
        db,
        """
        ALTER TABLE sheets ADD COLUMN standing TEXT;
        -- As `entries`, its standing kept at checkpoints alone (NULL between them).
        CREATE TABLE entries_counted (
            sheet_id TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            entry TEXT NOT NULL,
            record TEXT NOT NULL,
            closed TEXT NOT NULL,
            standing TEXT,
            PRIMARY KEY (sheet_id, number)
        ) STRICT;
        INSERT INTO entries_counted (sheet_id, number, entry, record, closed, standing)
            SELECT sheet_id, number, entry, record, closed, standing FROM entries;
        DROP TABLE entries;
        ALTER TABLE entries_counted RENAME TO entries;
        CREATE INDEX entries_closing ON entries (sheet_id, number) WHERE closed <> '[]';
        """,
    )
    counted_anew(db)
