"""The SQL a request runs: traced on the app's connection, and what came after a write."""

from bauerblock import store


def traced(app, call):
    """Return what `call()` answered and the statements it ran."""
    seen: list[str] = []
    with app.app_context():
        store.get_db().conn.set_trace_callback(seen.append)
    try:
        answer = call()
    finally:
        with app.app_context():
            store.get_db().conn.set_trace_callback(None)
    return answer, seen


def reads(statements: list[str]) -> list[str]:
    """Return the reads among `statements`."""
    return [sql.lstrip() for sql in statements if sql.lstrip().startswith("SELECT")]


def read_after_the_write(statements: list[str]) -> list[str]:
    """Return the reads after the COMMIT of the first write transaction (BEGIN IMMEDIATE)."""
    begin = statements.index("BEGIN IMMEDIATE")
    return reads(statements[statements.index("COMMIT", begin) :])


HEAD = "LEFT JOIN draw_tables"
"""What marks the read of a sheet's head (store.sheets.head.head_of: one statement)."""


def head_reads(statements: list[str]) -> tuple[int, int]:
    """Return how often the sheet's head was read before the write lock (the first BEGIN
    IMMEDIATE) and after it."""
    lock = statements.index("BEGIN IMMEDIATE") if "BEGIN IMMEDIATE" in statements else None
    heads = [n for n, sql in enumerate(statements) if HEAD in sql]
    before = len([n for n in heads if lock is None or n < lock])
    return before, len(heads) - before
