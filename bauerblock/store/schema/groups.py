"""A Stammtisch's tables: its groups, their rosters and evenings."""

from sqlite_utils import Database

from bauerblock.store.schema import script


def create_groups(db: Database) -> None:
    """Create the groups, their rosters and their evenings."""
    script(
        db,
        """
        CREATE TABLE groups (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        ) STRICT;
        -- Players are never removed, so the next number (max + 1) is never one used before.
        CREATE TABLE group_players (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            name TEXT NOT NULL,
            PRIMARY KEY (group_id, number)
        ) STRICT;
        -- A sheet belongs to one group at most; `players` holds the roster numbers by seat.
        -- The rowid orders the evenings as they were started.
        CREATE TABLE group_sheets (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            sheet_id TEXT NOT NULL UNIQUE REFERENCES sheets(id) ON DELETE CASCADE,
            players TEXT NOT NULL
        ) STRICT;
        CREATE INDEX group_sheets_by_group ON group_sheets (group_id);
        -- Every write to a sheet bumps its version; a group's version follows its sheets',
        -- so the group's ETag covers its evenings without reading them.
        CREATE TRIGGER group_follows_sheet AFTER UPDATE OF version ON sheets
        BEGIN
            UPDATE groups SET version = version + 1, updated = NEW.updated
            WHERE id = (SELECT group_id FROM group_sheets WHERE sheet_id = NEW.id);
        END;
        """,
    )
