"""The season's tables: a series, its players by number, its tournaments and entrants."""

from sqlite_utils import Database

from bauerblock.store.schema import script


def create_series(db: Database) -> None:
    """Keep the season's series (bauerblock/series): its players by number, its tournaments,
    and which series player each evening's number of a tournament is. Here rather than in
    the plug-in: one file has one schema version, and the series' version follows its
    tournaments' by a trigger of this schema."""
    script(
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
