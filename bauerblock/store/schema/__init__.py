"""The schema's migrations by part: a sheet's, a tournament's, a group's, the series'."""

import sqlite3

from sqlite_utils import Database


def script(db: Database, sql: str) -> None:
    """Run the statements of `sql` one by one, inside the migration's transaction."""
    # sqlite3's executescript commits first: the migration would leave the write lock
    # midway, and a worker starting at the same time could migrate the same version again.
    statement = ""
    for line in sql.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            db.execute(statement)
            statement = ""
