"""A tournament's tables: its players or pairs, draws and tables, corrections and cards."""

from sqlite_utils import Database

from bauerblock.store.schema import script


def create_tournaments(db: Database) -> None:
    """Create the tournaments, their players, draws, tables and keys."""
    script(
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


def create_corrections(db: Database) -> None:
    """Keep the organiser's corrections, a player's gaps, the end, the sheets redrawn."""
    script(
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


def create_pairs(db: Database) -> None:
    """Keep a Paarturnier's pairs, its draws' stages and its matches."""
    script(
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


def close_on_the_row(db: Database) -> None:
    """Keep on each table's sheet row whether (and why) its draw is closed (store.sheets
    reads it; store.tournaments.rows.close_tables writes it with each draw's step)."""
    db.execute("ALTER TABLE sheets ADD COLUMN closed_by TEXT")
    db.execute(
        f"UPDATE sheets SET closed_by = ({CLOSED_BY}) "
        "WHERE id IN (SELECT sheet_id FROM draw_tables)"
    )


def keep_moves(db: Database) -> None:
    """Keep the tables a correction re-seated."""
    # A Paarturnier's correction that re-seated knock-out tables keeps what it moved, as
    # JSON [{"draw", "stage", "table", "third_place", "before", "after"}, ...].
    db.execute("ALTER TABLE corrections ADD COLUMN moved TEXT NOT NULL DEFAULT '[]'")


def create_table_cards(db: Database) -> None:
    """Keep each table number's card for the evening (store/tournaments/cards.py): the hash
    of its token and how often it was printed anew."""
    script(
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


def keep_what_changed(db: Database) -> None:
    """Keep a correction's rounds won before and after it."""
    # A correction keeps its table's rounds won per team before and after it, as JSON
    # {"before": [a, b], "after": [a, b]} ({} for those kept before).
    db.execute("ALTER TABLE corrections ADD COLUMN changed TEXT NOT NULL DEFAULT '{}'")
