"""Persistence: sheets and their games in one SQLite file, shared by the API and the pages.

Neither the engine nor the templates touch SQL; everything goes through the functions here.
"""

from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from store.db import connect, ensure_schema
from store.errors import (
    GameNotFound,
    IdempotencyConflict,
    SheetNotFound,
    StaleVersion,
    StoreError,
)
from store.sheets import (
    Appended,
    Entry,
    Sheet,
    SheetHead,
    Written,
    amend_game,
    append_game,
    check_token,
    create_sheet,
    delete_game,
    document,
    etag,
    load_head,
    load_sheet,
    replay,
    version_of_etag,
)

__all__ = [
    "Appended",
    "Entry",
    "GameNotFound",
    "IdempotencyConflict",
    "Sheet",
    "SheetHead",
    "SheetNotFound",
    "StaleVersion",
    "StoreError",
    "Written",
    "amend_game",
    "append_game",
    "check_token",
    "connect",
    "create_sheet",
    "delete_game",
    "document",
    "ensure_schema",
    "etag",
    "get_db",
    "init_app",
    "init_database",
    "load_head",
    "load_sheet",
    "replay",
    "version_of_etag",
]


def get_db() -> Database:
    """Return this request's connection to the database, opening it on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(exception: BaseException | None = None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_database(path: str | Path) -> int:
    """Create the database file and its schema if need be; return the schema version."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        return ensure_schema(db)
    finally:
        db.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or migrate the database schema (existing sheets are kept)."""
    path = current_app.config["DATABASE"]
    version = init_database(path)
    click.echo(f"Database {path} is at schema version {version}.")


def init_app(app: Flask) -> None:
    """Ensure the schema, close connections after each request and add `flask init-db`."""
    init_database(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
