"""The SQLite file: connections, the schema and write transactions."""

import hashlib
import json
import sqlite3
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from bauerblock.store.errors import StoreError
from bauerblock.store.idempotency import seal
from bauerblock.store.wal_bound import bind_wal, check_wal

# Long enough to queue behind other workers' writes (each a few milliseconds) at a busy
# table and Litestream's short locks (it asks for 5 s), short enough that a held lock (a
# VACUUM, a wedged writer) answers 503 in seconds (web/faults.py) instead of a hung request.
BUSY_TIMEOUT_S = 5.0
# What a WAL keeps of its file once it was checkpointed whole and starts again: without a
# limit the file keeps its largest size (after a VACUUM: the whole database's).
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024


def _create_tables(db: Database) -> None:
    _script(
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


def _create_tournaments(db: Database) -> None:
    _script(
        db,
        """
        CREATE TABLE tournaments (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            rules TEXT NOT NULL,
            format TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        ) STRICT;
        CREATE TABLE tournament_players (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            -- Numbers count up and players are never deleted: a number is never reused.
            number INTEGER NOT NULL CHECK (number >= 1),
            name TEXT NOT NULL,
            joined_draw INTEGER NOT NULL CHECK (joined_draw >= 1),
            -- The first draw the player is no longer in (NULL: still active).
            withdrawn_draw INTEGER CHECK (withdrawn_draw >= joined_draw),
            PRIMARY KEY (tournament_id, number)
        ) STRICT;
        CREATE TABLE draws (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            seed TEXT NOT NULL,
            byes TEXT NOT NULL,
            ended TEXT,
            created TEXT NOT NULL,
            PRIMARY KEY (tournament_id, number)
        ) STRICT;
        CREATE TABLE draw_tables (
            tournament_id TEXT NOT NULL,
            draw INTEGER NOT NULL,
            number INTEGER NOT NULL CHECK (number >= 1),
            seats TEXT NOT NULL,
            sheet_id TEXT NOT NULL UNIQUE REFERENCES sheets(id) ON DELETE CASCADE,
            PRIMARY KEY (tournament_id, draw, number),
            FOREIGN KEY (tournament_id, draw)
                REFERENCES draws(tournament_id, number) ON DELETE CASCADE
        ) STRICT;
        CREATE TABLE tournament_keys (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            kind TEXT NOT NULL,
            -- The player's or the draw's number the first request made.
            target INTEGER NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (tournament_id, key)
        ) STRICT;
        -- A game recorded, amended or deleted at a table changes its tournament's version
        -- in the same transaction, whichever code wrote the sheet: a board polls one ETag.
        CREATE TRIGGER table_sheet_written AFTER UPDATE OF version ON sheets
        BEGIN
            UPDATE tournaments SET version = version + 1, updated = NEW.updated
            WHERE id = (SELECT tournament_id FROM draw_tables WHERE sheet_id = NEW.id);
        END;
        """,
    )


def _index_closing_games(db: Database) -> None:
    # The games that close a round (or board) are few: the pad finds the last ones, and
    # so where the current round starts, without reading the games between them.
    db.execute("CREATE INDEX entries_closing ON entries (sheet_id, number) WHERE closed <> '[]'")


def _create_groups(db: Database) -> None:
    _script(
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


def _create_device_rights(db: Database) -> None:
    _script(
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


def _create_corrections(db: Database) -> None:
    _script(
        db,
        """
        -- Every write the organiser made at a table with the tournament's token: the
        -- standings may move after a draw is closed, but never unseen.
        CREATE TABLE corrections (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            draw INTEGER NOT NULL,
            table_number INTEGER NOT NULL,
            game INTEGER NOT NULL CHECK (game >= 1),
            action TEXT NOT NULL CHECK (action IN ('record', 'amend', 'delete')),
            at TEXT NOT NULL
        ) STRICT;
        CREATE INDEX corrections_by_tournament ON corrections (tournament_id, draw);
        -- The draws a player missed between a withdrawal and a re-entry, as JSON
        -- [[first missed, first back], ...].
        ALTER TABLE tournament_players ADD COLUMN gaps TEXT NOT NULL DEFAULT '[]';
        -- When the last planned draw was first played out: the tournament stays finished.
        ALTER TABLE tournaments ADD COLUMN finished TEXT;
        -- The sheets of a draw drawn anew: an old table card's link says what happened.
        CREATE TABLE redrawn_sheets (
            sheet_id TEXT PRIMARY KEY,
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            draw INTEGER NOT NULL,
            at TEXT NOT NULL
        ) STRICT;
        -- A tournament whose last planned draw was played out before this version is
        -- finished now (store.tables seals it at its last game from here on).
        UPDATE tournaments SET finished = updated
        WHERE EXISTS (
            SELECT 1 FROM draw_tables AS t
            WHERE t.tournament_id = tournaments.id
                AND t.draw = json_extract(tournaments.format, '$.draws')
        ) AND NOT EXISTS (
            SELECT 1 FROM draw_tables AS t
            WHERE t.tournament_id = tournaments.id
                AND t.draw = json_extract(tournaments.format, '$.draws')
                AND (
                    SELECT COALESCE(SUM(json_array_length(e.closed)), 0) FROM entries AS e
                    WHERE e.sheet_id = t.sheet_id AND e.closed <> '[]'
                ) < json_extract(tournaments.format, '$.rounds_per_draw')
        );
        """,
    )


def _create_pairs(db: Database) -> None:
    _script(
        db,
        """
        -- A Paarturnier's pairs: two names each, numbered from 1 in entry order.
        CREATE TABLE tournament_pairs (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            names TEXT NOT NULL,
            PRIMARY KEY (tournament_id, number)
        ) STRICT;
        -- A Paarturnier's draw plays a stage (group, quarterfinal, ...); NULL: a Preisbauer's.
        ALTER TABLE draws ADD COLUMN stage TEXT;
        -- A Paarturnier's match: its group (NULL in the knock-out) and the match for third.
        ALTER TABLE draw_tables ADD COLUMN match_group TEXT;
        ALTER TABLE draw_tables ADD COLUMN third_place INTEGER NOT NULL DEFAULT 0;
        """,
    )


def _unify_idempotency(db: Database) -> None:
    """Move the sheets' and the tournaments' keys into one table, hashed (store/idempotency)."""
    _script(
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
        (owner, _sha256(key), request, status, seal(owner, key, response), created)
        for owner, key, request, status, response, created in kept
    ]
    db.conn.executemany(
        "INSERT OR IGNORE INTO idempotency "
        "(owner, key_hash, request_hash, status, response, created) VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.execute("DROP TABLE idempotency_keys")
    db.execute("DROP TABLE tournament_keys")


CLOSED_BY = """
    SELECT CASE
        WHEN t.finished IS NOT NULL OR (d.ended IS NOT NULL
            AND json_extract(t.format, '$.draws') IS NOT NULL
            AND dt.draw >= json_extract(t.format, '$.draws')) THEN 'finished'
        WHEN dt.draw < (SELECT MAX(number) FROM draws AS later
            WHERE later.tournament_id = dt.tournament_id) THEN 'next_draw'
        WHEN d.ended IS NOT NULL THEN 'ended'
    END
    FROM draw_tables AS dt
    JOIN draws AS d ON d.tournament_id = dt.tournament_id AND d.number = dt.draw
    JOIN tournaments AS t ON t.id = dt.tournament_id
    WHERE dt.sheet_id = sheets.id
"""
"""Why a table's draw is closed (NULL: open), the engine's `draw_locked` asked of one table:
the tournament finished (its last planned draw ended, or played out), a later draw, the
draw ended. (A Paarturnier plans no number of draws: it is finished once its final is won.)"""


def _close_on_the_row(db: Database) -> None:
    """Keep on each table's sheet row whether (and why) its draw is closed (store.sheets
    reads it; store.tournaments.rows.close_tables writes it with each draw's step)."""
    db.execute("ALTER TABLE sheets ADD COLUMN closed_by TEXT")
    db.execute(
        f"UPDATE sheets SET closed_by = ({CLOSED_BY}) "
        "WHERE id IN (SELECT sheet_id FROM draw_tables)"
    )


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _script(db: Database, script: str) -> None:
    """Run the statements of `script` one by one, inside the migration's transaction."""
    # sqlite3's executescript commits first: the migration would leave the write lock
    # midway, and a worker starting at the same time could migrate the same version again.
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            db.execute(statement)
            statement = ""


def _keep_moves(db: Database) -> None:
    # A Paarturnier's correction that re-seated knock-out tables keeps what it moved, as
    # JSON [{"draw", "stage", "table", "third_place", "before", "after"}, ...].
    db.execute("ALTER TABLE corrections ADD COLUMN moved TEXT NOT NULL DEFAULT '[]'")


def _create_table_cards(db: Database) -> None:
    """Keep each table number's card for the evening (store/tournaments/cards.py): the hash
    of its token and how often it was printed anew."""
    _script(
        db,
        """
        CREATE TABLE table_cards (
            tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            generation INTEGER NOT NULL,
            token_hash TEXT NOT NULL,
            issued TEXT NOT NULL,
            PRIMARY KEY (tournament_id, number)
        );
        """,
    )


def _keep_what_changed(db: Database) -> None:
    # A correction keeps its table's rounds won per team before and after it, as JSON
    # {"before": [a, b], "after": [a, b]} ({} for those kept before).
    db.execute("ALTER TABLE corrections ADD COLUMN changed TEXT NOT NULL DEFAULT '{}'")


def _create_series(db: Database) -> None:
    """Keep the season's series (bauerblock/series): its players by number, its tournaments,
    and which series player each evening's number of a tournament is. Here rather than in
    the plug-in: one file has one schema version, and the series' version follows its
    tournaments' by a trigger of this schema."""
    _script(
        db,
        """
        CREATE TABLE series (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            season TEXT NOT NULL,
            -- {"scoring", "counted", "minimum", "planned"} (series.engine.SeriesRules).
            rules TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        ) STRICT;
        -- Players are never deleted, so the next number (max + 1) is never one used before.
        -- A forgotten player keeps the row and the number, without a name (NULL).
        CREATE TABLE series_players (
            series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            name TEXT,
            name_key TEXT,
            hidden INTEGER NOT NULL DEFAULT 0,
            -- The hash of the player's own link (on their card), derived from the series'.
            token_hash TEXT NOT NULL,
            joined TEXT NOT NULL,
            forgotten TEXT,
            PRIMARY KEY (series_id, number)
        ) STRICT;
        CREATE UNIQUE INDEX series_players_by_name
            ON series_players (series_id, name_key) WHERE name_key IS NOT NULL;
        -- A tournament belongs to one series at most; the rowid orders them as they joined.
        CREATE TABLE series_tournaments (
            series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
            tournament_id TEXT NOT NULL UNIQUE REFERENCES tournaments(id) ON DELETE CASCADE,
            joined TEXT NOT NULL
        ) STRICT;
        CREATE INDEX series_tournaments_by_series ON series_tournaments (series_id);
        -- The evening's number of a tournament's player (a Paarturnier's pair, `partner` 0
        -- or 1) and the series player it is.
        CREATE TABLE series_entrants (
            tournament_id TEXT NOT NULL
                REFERENCES series_tournaments(tournament_id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            partner INTEGER NOT NULL DEFAULT 0,
            series_id TEXT NOT NULL,
            player INTEGER NOT NULL,
            PRIMARY KEY (tournament_id, number, partner),
            FOREIGN KEY (series_id, player) REFERENCES series_players(series_id, number)
        ) STRICT;
        CREATE INDEX series_entrants_by_player ON series_entrants (series_id, player);
        -- Every write to a tournament (a game at a table, a correction, a draw) moves its
        -- version; the series' follows in the same transaction, so its ETag covers them all.
        CREATE TRIGGER series_follows_tournament AFTER UPDATE OF version ON tournaments
        BEGIN
            UPDATE series SET version = version + 1, updated = NEW.updated
            WHERE id = (SELECT series_id FROM series_tournaments WHERE tournament_id = NEW.id);
        END;
        CREATE TRIGGER series_keys_go AFTER DELETE ON series
        BEGIN
            DELETE FROM idempotency WHERE owner = 'series:' || OLD.id;
        END;
        """,
    )


def _keep_checkpoints(db: Database) -> None:
    """Keep a sheet's standing on its own row, and a game's only every CHECKPOINT games, each
    game's running totals counted from the checkpoint before it (store/sheets/checkpoints.py):
    an amendment that moves every later total then moves a few checkpoints, not every row."""
    # Imported here: the sheets' store imports this module.
    from bauerblock.store.sheets.checkpoints import counted_anew

    _script(
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


# Schema version n is reached by running MIGRATIONS[n - 1]; append, never edit.
MIGRATIONS: tuple[Callable[[Database], None], ...] = (
    _create_tables,
    _create_tournaments,
    _index_closing_games,
    _create_groups,
    _create_device_rights,
    _create_corrections,
    _create_pairs,
    _unify_idempotency,
    _keep_moves,
    _close_on_the_row,
    _create_table_cards,
    _keep_what_changed,
    _create_series,
    _keep_checkpoints,
)


def connect(
    path: str | Path, *, replicated: bool = False, wal_bound: int | None = None
) -> Database:
    """Open the database file with the settings every connection needs; a `replicated`
    one leaves the WAL's checkpoints to Litestream (store/replica.py). With `wal_bound`
    (bytes) its writes are refused while the WAL is larger (`immediate`)."""
    # isolation_level=None: the driver opens no implicit transactions, so each write
    # transaction is exactly the BEGIN IMMEDIATE ... COMMIT of `immediate`.
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    # In WAL mode NORMAL never corrupts the file; a power cut may only lose the last
    # commits, which a table re-enters, and it spares an fsync on every tapped game.
    db.execute("PRAGMA synchronous = NORMAL")
    # A WAL started again is cut below the bound too, so that only growth refuses writes.
    kept = JOURNAL_SIZE_LIMIT if wal_bound is None else min(JOURNAL_SIZE_LIMIT, wal_bound // 2)
    db.execute(f"PRAGMA journal_size_limit = {kept}")
    if wal_bound is not None:
        bind_wal(db, path, wal_bound)
    # Freed pages are zeroed: a name forgotten (a series player's) leaves no bytes behind
    # in the file or its WAL.
    db.execute("PRAGMA secure_delete = ON")
    if replicated:
        # Litestream checkpoints itself, between two of its reads of the WAL; a checkpoint
        # of ours could race it (Litestream's tips: no automatic checkpoints beside it).
        db.execute("PRAGMA wal_autocheckpoint = 0")
    return db


_writing: "weakref.WeakSet[Database]" = weakref.WeakSet()
"""The connections inside a write transaction of `immediate`."""


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """Run the block as one write transaction, holding the write lock from its start.

    Inside another `immediate` block the block joins that transaction: several writes (a
    redraw, a form's names, an API write and its idempotency key) commit or fail as one.
    """
    if db in _writing:
        yield db
        return
    check_wal(db)
    # A deferred transaction that reads and then writes cannot upgrade its lock while
    # another worker writes: it fails with "database is locked" without waiting.
    # BEGIN IMMEDIATE takes the write lock first, so writers queue on the busy timeout.
    db.execute("BEGIN IMMEDIATE")
    _writing.add(db)
    try:
        yield db
        db.commit()
    except BaseException:
        # A no-op when the error already ended the transaction, so the error propagates.
        db.rollback()
        raise
    finally:
        _writing.discard(db)


def in_write(db: Database) -> bool:
    """Tell whether the connection is inside a write transaction of `immediate`."""
    return db in _writing


def schema_version(db: Database) -> int:
    """Return the schema version the file is at."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _enable_wal(db: Database) -> None:
    """Switch the file to WAL, waiting while another worker starting at once holds it."""
    # The journal mode belongs to the file, so it is set once here, not per connection.
    # While another worker writes to the fresh file, SQLite answers the switch "locked" at
    # once (a deadlock, so its busy timeout does not wait): a worker that gave up there
    # failed to boot, and gunicorn then stopped the whole server.
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def ensure_schema(db: Database) -> int:
    """Bring the file to the current schema and WAL mode; return the schema version.

    A file already at the schema is only read: no write lock is taken, so a start while
    another process holds the lock (a VACUUM, a long write) does not wait for it.
    """
    _enable_wal(db)
    if schema_version(db) == len(MIGRATIONS):
        return len(MIGRATIONS)
    # Checked and applied under the write lock: processes starting at once migrate once.
    with immediate(db):
        version = schema_version(db)
        if version > len(MIGRATIONS):
            raise StoreError(
                "schema_too_new",
                version=version,
            )
        for number, migrate in enumerate(MIGRATIONS[version:], start=version + 1):
            migrate(db)
            # PRAGMA takes no bound parameters; number is an int of ours.
            db.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)
